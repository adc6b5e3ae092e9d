import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { BIN } from '../helpers/mcp-client.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}

test('every CLI command listed by --help is documented in the README', () => {
  const help = execFileSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
  const commands = [...help.split('Commands:')[1]!.matchAll(/^ {2}([a-z][a-z-]*)/gm)].map((m) => m[1]!);
  assert.ok(commands.length >= 8, `expected the full command list, got ${commands.join(', ')}`);
  const undocumented = commands.filter(
    (c) => c !== 'help' && !README.includes(`ctxmode ${c}`) && !README.includes(`context-mode ${c}`),
  );
  assert.deepEqual(undocumented, [], 'add these commands to the README CLI table');
});

test('every CONTEXT_MODE_* setting the code reads is documented in the README', () => {
  const used = new Set<string>();
  for (const dir of ['shared/src', 'hooks/src', 'server/src']) {
    for (const file of sourceFiles(join(ROOT, dir))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/CONTEXT_MODE_[A-Z0-9_]+/g)) used.add(m[0]);
    }
  }
  const undocumented = [...used].filter((v) => !README.includes(v)).sort();
  assert.deepEqual(undocumented, [], 'add these variables to the README Configuration table');
});

test('the README has a one-command setup line for every host in the host table', async () => {
  const { allHosts } = await import('@context-mode/shared/platforms/host-table');
  const section = README.split('## Setup per host')[1]?.split('\n## ')[0] ?? '';
  const missing = allHosts()
    .filter((h) => !section.includes(`| ${h.id} | \`ctxmode setup --host ${h.id}\` |`))
    .map((h) => h.id);
  assert.deepEqual(missing, [], 'add these hosts to the README "Setup per host" table');
  const listed = [...section.matchAll(/--host ([a-z-]+)`/g)].map((m) => m[1]);
  assert.deepEqual(
    listed.filter((id) => !allHosts().some((h) => h.id === id)),
    [],
    'hosts in the README that the table does not know',
  );
});
