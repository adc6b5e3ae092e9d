// OpenCode runs our plugin in Bun, where only bun:sqlite loads. This reruns the store suites under a Bun:
// CONTEXT_MODE_BUN, else `bun` on PATH, else the OpenCode binary the real-host suite caches (a Bun-compiled
// executable that runs scripts as Bun when BUN_BE_BUN=1).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { openDatabase } from '@context-mode/shared/db/open-database';
import { pickDriver } from '@context-mode/shared/db/drivers';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const SUITES = [
  'shared/test/db/open-database.test.ts',
  'shared/test/knowledge/knowledge-base.test.ts',
  'shared/test/memory/memory-store.test.ts',
  'shared/test/ledger/record-ledger.test.ts',
  // The plugin as OpenCode runs it: its post-tool handler indexes into a store, the call that failed in Bun.
  'hooks/test/opencode/plugin-real-handlers.test.ts',
];

function findBun(): string | undefined {
  if (process.env.CONTEXT_MODE_BUN) return process.env.CONTEXT_MODE_BUN;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'bun'))) return join(dir, 'bun');
  }
  const cache = process.env.CONTEXT_MODE_CI_CACHE || join(homedir(), '.cache', 'context-mode-ci');
  const opencode = join(cache, 'hosts', 'opencode-ai@1.18.33', 'node_modules', '.bin', 'opencode');
  return existsSync(opencode) ? opencode : undefined;
}

const onBun = typeof process.versions.bun === 'string';
const bun = onBun ? undefined : findBun();

test('outside Bun the bun:sqlite driver is never picked, and forcing it says Bun is needed', { skip: onBun }, () => {
  assert.notEqual(pickDriver({ CONTEXT_MODE_SQLITE_DRIVER: 'bun:sqlite' }), 'bun:sqlite');
  assert.throws(() => openDatabase(':memory:', { driver: 'bun:sqlite' }), /bun:sqlite driver needs Bun/);
});

test(
  "the store suites and the OpenCode plugin's handlers pass under Bun on bun:sqlite",
  { skip: bun ? false : 'no Bun found (set CONTEXT_MODE_BUN, or run the OpenCode host test once to cache it)' },
  () => {
    const home = mkdtempSync(join(tmpdir(), 'cm-bun-home-'));
    try {
      const r = spawnSync(bun!, ['test', ...SUITES], {
        cwd: root,
        env: { ...process.env, BUN_BE_BUN: '1', CONTEXT_MODE_HOME: home, CONTEXT_MODE_SQLITE_DRIVER: 'better-sqlite3' },
        encoding: 'utf8',
        timeout: 180_000,
        killSignal: 'SIGKILL',
      });
      const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
      assert.equal(r.error, undefined, `${bun}: ${String(r.error)}`);
      assert.match(out, /on bun:sqlite/, 'the suites ran on bun:sqlite, whatever the environment forces');
      assert.match(out, /\n\s*0 fail\n/, out.slice(-3000));
      assert.match(out, new RegExp(`across ${SUITES.length} files`), `every suite ran: ${out.slice(-500)}`);
      assert.equal(r.status, 0, out.slice(-3000));
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  },
);
