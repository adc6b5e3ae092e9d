// Regression (VS Code agent run): VS Code starts a registered MCP server only at the first call of one of its
// tools, so the `curl` and the large `cat` the agent ran first went through whole — the hook saw no live server.
// A registration the IDE writes (run/on-demand-<pid>.json) now counts as a server for its workspace.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { onDemandPath } from '@context-mode/shared/project/live-servers';
import { serverServesProject } from '../../src/state/server-liveness.js';

const base = mkdtempSync(join(tmpdir(), 'cm-on-demand-'));
after(() => rmSync(base, { recursive: true, force: true }));
const env = { CONTEXT_MODE_HOME: join(base, 'home') };
const repo = join(base, 'repo');
mkdirSync(join(repo, '.git'), { recursive: true });
mkdirSync(join(repo, 'pkg'));
mkdirSync(join(base, 'home', 'run'), { recursive: true });

function register(pid: number, projectRoot: string): string {
  const file = onDemandPath(pid, env);
  writeFileSync(file, JSON.stringify({ pid, projectRoot, host: 'vscode-copilot' }));
  return file;
}

test('a workspace registered for an on-demand server counts as served, also from a subdirectory', () => {
  assert.equal(serverServesProject(repo, env), false, 'nothing registered yet');
  const file = register(process.pid, join(repo, 'pkg'));
  try {
    assert.equal(serverServesProject(join(repo, 'pkg'), env), true);
    assert.equal(
      serverServesProject(repo, env),
      true,
      'the workspace folder is inside the repository the server serves',
    );
    assert.equal(serverServesProject(base, env), false, 'another directory is not served');
  } finally {
    rmSync(file, { force: true });
  }
});

test('the registration of a process that is gone does not count and is removed', async () => {
  const child = spawn(process.execPath, ['-e', '0']);
  const pid = child.pid!;
  await new Promise((r) => child.on('exit', r));
  const file = register(pid, repo);
  assert.equal(serverServesProject(repo, env), false);
  assert.equal(existsSync(file), false);
});
