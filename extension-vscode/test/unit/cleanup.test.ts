import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { planCommandShim } from '../../src/runtime/command-shim.js';
import { removeData, removeDeadWindowFiles, removeOurLauncher } from '../../src/uninstall/cleanup.js';

function sandbox(t: { after: (fn: () => void) => void }): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-cleanup-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

function writeLauncher(home: string, content?: string): string {
  const plan = planCommandShim({ home, platform: 'linux', node: '/n', cli: '/c' });
  assert.ok(plan.ok);
  mkdirSync(plan.dir, { recursive: true });
  writeFileSync(plan.path, content ?? plan.content, { mode: 0o755 });
  return plan.path;
}

test('uninstall removes the launcher the extension wrote, never one someone else wrote', (t) => {
  const home = sandbox(t);
  const ours = writeLauncher(home);
  assert.equal(removeOurLauncher(home), ours);
  assert.equal(existsSync(ours), false);
  const theirs = writeLauncher(home, '#!/bin/sh\nexec /opt/ctxmode/bin/ctxmode "$@"\n');
  assert.equal(removeOurLauncher(home), undefined);
  assert.equal(existsSync(theirs), true);
  assert.equal(removeOurLauncher(join(home, 'nobody')), undefined);
});

test("files of windows that are gone are removed; a live window's stays", (t) => {
  const data = sandbox(t);
  mkdirSync(join(data, 'run'));
  for (const f of ['on-demand-111.json', 'on-demand-222.json', 'on-demand-111.json.tmp', 'mcp-111.json'])
    writeFileSync(join(data, 'run', f), '{}');
  const removed = removeDeadWindowFiles(data, (pid) => pid === 222);
  assert.equal(removed.length, 2);
  assert.deepEqual(readdirSync(join(data, 'run')).sort(), ['mcp-111.json', 'on-demand-222.json']);
  assert.deepEqual(removeDeadWindowFiles(join(data, 'none')), []);
});

test('Remove All Data takes the engine folders and keeps anything else in a shared folder', (t) => {
  const data = sandbox(t);
  for (const d of ['projects/p1', 'run', 'runtime/node_modules']) mkdirSync(join(data, d), { recursive: true });
  writeFileSync(join(data, 'projects/p1/memory.db'), 'x');
  writeFileSync(join(data, 'my-notes.txt'), 'mine');
  const r = removeData(data);
  assert.equal(r.removed.length, 3);
  assert.deepEqual(r.kept, ['my-notes.txt']);
  assert.deepEqual(readdirSync(data), ['my-notes.txt']);
  rmSync(join(data, 'my-notes.txt'));
  mkdirSync(join(data, 'logs'));
  assert.deepEqual(removeData(data).kept, []);
  assert.equal(existsSync(data), false, 'an emptied data home goes too');
});

test('the vscode:uninstall hook as VS Code runs it: plain Node, launcher and dead-window files gone, data kept', (t) => {
  const home = sandbox(t);
  const data = join(home, '.context-mode');
  mkdirSync(join(data, 'run'), { recursive: true });
  mkdirSync(join(data, 'projects'));
  writeFileSync(join(data, 'run', 'on-demand-999999999.json'), '{}');
  const launcher = writeLauncher(home);
  const hook = fileURLToPath(new URL('../../src/uninstall/uninstall-hook.ts', import.meta.url));
  const out = execFileSync(process.execPath, ['--import', 'tsx', hook], {
    env: { ...process.env, HOME: home, CONTEXT_MODE_HOME: '' },
    encoding: 'utf8',
  });
  assert.match(out, /launcher .*ctxmode removed; 1 file\(s\) of closed windows removed; data in .* kept/);
  assert.equal(existsSync(launcher), false);
  assert.deepEqual(readdirSync(join(data, 'run')), []);
  assert.equal(existsSync(join(data, 'projects')), true);
});
