import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseRuntime, editorRuntime, type DriverReport } from '../../src/runtime/engine-runtime.js';
import { driverProbe } from '../../src/runtime/probes.js';
import { planCommandShim } from '../../src/runtime/command-shim.js';

const user = { node: '/usr/bin/node', env: {}, kind: 'user' as const };
const editor = editorRuntime('/opt/code/code');

test("a user Node without a SQLite driver hands the engine to the editor's runtime, saying why", async () => {
  const reports: Record<string, DriverReport> = {
    '/usr/bin/node': { version: 'v20.20.2', driver: undefined, reason: 'no node:sqlite before Node 22.5' },
    '/opt/code/code': { version: 'v22.20.0', driver: 'node:sqlite' },
  };
  const choice = await chooseRuntime([user, editor], async (c) => reports[c.node] as DriverReport);
  assert.equal(choice.ok, true);
  if (!choice.ok) return;
  assert.equal(choice.runtime.kind, 'editor');
  assert.deepEqual(choice.runtime.env, { ELECTRON_RUN_AS_NODE: '1' });
  assert.match(choice.notes.join(' '), /v20\.20\.2 .*no node:sqlite/);
});

test('no runtime that can open a store: refused, with every reason and what to do', async () => {
  const choice = await chooseRuntime(
    [editor],
    async () => ({ version: undefined, driver: undefined, reason: 'ENOENT' }),
    'context-mode needs Node.js 20 or newer, and none was found on PATH.',
  );
  assert.equal(choice.ok, false);
  if (choice.ok) return;
  assert.match(choice.message, /not wired/);
  assert.match(choice.message, /none was found on PATH/);
  assert.match(choice.message, /does not run as Node: ENOENT/);
  assert.match(choice.message, /Install Node\.js 22\.13/);
});

test('the real probe: Node 20 with no better-sqlite3 beside the engine cannot serve', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-probe-'));
  try {
    const major = Number(process.versions.node.split('.')[0]);
    const r = await driverProbe({ node: process.execPath, env: {}, kind: 'user' }, dir);
    assert.equal(r.version, process.version);
    if (major < 22) {
      assert.equal(r.driver, undefined);
      assert.match(r.reason ?? '', /better-sqlite3/);
    } else assert.equal(r.driver, 'node:sqlite');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const node24 = join(homedir(), '.cache', 'context-mode-ci', 'vscode', 'node24', 'node_modules', 'node', 'bin', 'node');
test(
  "the real probe: code-server's Node 24 as the editor's runtime opens a store with node:sqlite",
  {
    skip: existsSync(node24) ? false : 'Node 24 of the code-server cache not installed',
  },
  async () => {
    const r = await driverProbe(editorRuntime(node24), tmpdir());
    assert.match(r.version ?? '', /^v24\./);
    assert.equal(r.driver, 'node:sqlite');
  },
);

test("the launcher for the editor's runtime sets ELECTRON_RUN_AS_NODE before running it", () => {
  const plan = planCommandShim({
    home: '/home/u',
    platform: 'linux',
    node: '/opt/code/code',
    cli: '/x/bin/context-mode.cjs',
    env: { ELECTRON_RUN_AS_NODE: '1' },
  });
  assert.equal(plan.ok, true);
  if (plan.ok)
    assert.match(
      plan.content,
      /export ELECTRON_RUN_AS_NODE='1'\nexec '\/opt\/code\/code' '\/x\/bin\/context-mode.cjs' "\$@"/,
    );
});
