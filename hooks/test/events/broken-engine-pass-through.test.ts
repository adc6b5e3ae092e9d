import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { noteStoreBroken } from '@context-mode/shared/db/engine-health';
import { BIN, markServerLive, runBuiltHook, sandboxDirs } from '../runner/run-built-hook.js';

// An engine that cannot open its store (no SQLite driver, no FTS5) would fail every ctx_* tool a redirect names,
// so the pre-tool hook passes the call through while the marker the failed open wrote exists, and redirects
// again once an open works. Through the built hook process, as a host runs it.
const { home, project } = sandboxDirs('cm-broken');
mkdirSync(join(project, '.git'));
after(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});
const env = { ...process.env, CONTEXT_MODE_HOME: home, CONTEXT_MODE_PROJECT_DIR: project };
const curl = JSON.stringify({
  session_id: 'broken-1',
  cwd: project,
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'curl -s https://example.com/docs/page.html' },
});
const preTool = () => runBuiltHook(['claude-code', 'pretooluse'], { env, input: curl });

test('hooks pass everything through while the store cannot open, and redirect again once it can', async () => {
  markServerLive(home, project);
  const healthy = await preTool();
  assert.equal(healthy.code, 0);
  assert.match(healthy.stdout, /ctx_fetch_and_index/, 'a live, healthy engine redirects the curl');

  noteStoreBroken('no SQLite driver: Node v20 has no node:sqlite and better-sqlite3 is not installed', env);
  const broken = await preTool();
  assert.equal(broken.code, 0);
  assert.doesNotMatch(broken.stdout, /ctx_/, 'no redirect to a tool that would fail');

  // Any successful open (here the CLI's) clears the marker.
  const stats = spawnSync(process.execPath, [BIN, 'stats', '--json'], { env, encoding: 'utf8', timeout: 30_000 });
  assert.equal(stats.status, 0, stats.stderr);
  assert.equal(existsSync(join(home, 'run', 'store-broken.json')), false);
  const again = await preTool();
  assert.match(again.stdout, /ctx_fetch_and_index/);
});
