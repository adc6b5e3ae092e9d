import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isPidAlive } from '@context-mode/shared/project/live-servers';
import { projectId } from '@context-mode/shared/project/project-identity';
import { BIN, startBuiltServer } from '../helpers/mcp-client.js';

async function waitFor(check: () => boolean, what: string, ms = 15000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function sentinels(home: string): string[] {
  try {
    return readdirSync(join(home, 'run')).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
}

function childEnv(home: string, project: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, CONTEXT_MODE_HOME: home, CONTEXT_MODE_PROJECT_DIR: project, ...extra };
}

test('a running server announces itself in run/ with project and host, and removes the file on close', async () => {
  const s = await startBuiltServer({ clientName: 'claude-code' });
  let home = s.home;
  try {
    await s.client.listTools();
    await waitFor(() => sentinels(home).length === 1, 'the sentinel');
    const file = join(home, 'run', sentinels(home)[0]!);
    await waitFor(() => JSON.parse(readFileSync(file, 'utf8')).host === 'claude-code', 'the host in the sentinel');
    const record = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(record.projectId, projectId(s.project));
    assert.equal(typeof record.pid, 'number');
    assert.ok(isPidAlive(record.pid));
    assert.ok(!Number.isNaN(Date.parse(record.startedAt)));
    home = s.home;
    // Close the client (stdin EOF) without deleting the temp home, to watch the sentinel go.
    await s.client.close();
    await waitFor(() => !isPidAlive(record.pid), 'the server to exit on stdin EOF');
    assert.deepEqual(sentinels(home), []);
  } finally {
    await s.close().catch(() => undefined);
  }
});

test('prompts/list, resources/list and resources/templates/list answer empty lists instead of -32601', async () => {
  const s = await startBuiltServer();
  try {
    assert.deepEqual((await s.client.listPrompts()).prompts, []);
    assert.deepEqual((await s.client.listResources()).resources, []);
    assert.deepEqual((await s.client.listResourceTemplates()).resourceTemplates, []);
  } finally {
    await s.close();
  }
});

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  test(`${signal} stops the server cleanly and removes its sentinel`, async () => {
    const home = mkdtempSync(join(tmpdir(), 'cm-home-'));
    const project = mkdtempSync(join(tmpdir(), 'cm-proj-'));
    const child = spawn(process.execPath, [BIN], { env: childEnv(home, project), stdio: ['pipe', 'ignore', 'pipe'] });
    try {
      await waitFor(() => sentinels(home).length === 1, 'the sentinel');
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill(signal);
      assert.equal(await exited, 0);
      assert.deepEqual(sentinels(home), []);
    } finally {
      child.kill('SIGKILL');
      rmSync(home, { recursive: true, force: true });
      rmSync(project, { recursive: true, force: true });
    }
  });
}

test('the server exits when its parent dies even though stdin stays open', async () => {
  const home = mkdtempSync(join(tmpdir(), 'cm-home-'));
  const project = mkdtempSync(join(tmpdir(), 'cm-proj-'));
  // The parent passes its own stdin (a pipe this test keeps open) to the server, prints the server pid, and
  // waits; killing it with SIGKILL orphans the server without closing that pipe.
  const parentCode = `
    const { spawn } = require('node:child_process');
    const c = spawn(process.execPath, [${JSON.stringify(BIN)}], { stdio: ['inherit', 'ignore', 'ignore'] });
    process.stdout.write(String(c.pid) + '\\n');
    setInterval(() => {}, 1000);`;
  const parent = spawn(process.execPath, ['-e', parentCode], {
    env: childEnv(home, project, { CONTEXT_MODE_PARENT_CHECK_MS: '100' }),
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let serverPid = 0;
  try {
    serverPid = await new Promise<number>((resolve, reject) => {
      let out = '';
      parent.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('\n')) resolve(Number(out.trim()));
      });
      parent.once('exit', () => reject(new Error('parent exited early')));
    });
    await waitFor(() => sentinels(home).length === 1, 'the sentinel');
    parent.kill('SIGKILL');
    await waitFor(() => !isPidAlive(serverPid), 'the orphaned server to exit');
    assert.deepEqual(sentinels(home), []);
  } finally {
    if (serverPid && isPidAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
    parent.stdin!.end();
    rmSync(home, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  }
});

test('the knowledge base is not opened just by starting and listing tools', async () => {
  const s = await startBuiltServer();
  try {
    await s.client.listTools();
    const projects = join(s.home, 'projects');
    const dbs = existsSync(projects)
      ? readdirSync(projects).flatMap((id) => readdirSync(join(projects, id)).filter((f) => f.startsWith('knowledge')))
      : [];
    assert.deepEqual(dbs, []);
  } finally {
    await s.close();
  }
});
