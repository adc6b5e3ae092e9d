import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isPidAlive, isServerLive, listLiveServers, sentinelPath } from '../../src/project/live-servers.js';
import { projectId } from '../../src/project/project-identity.js';

function tempHome(): { env: NodeJS.ProcessEnv; home: string; project: string; done(): void } {
  const home = mkdtempSync(join(tmpdir(), 'cm-live-home-'));
  const project = mkdtempSync(join(tmpdir(), 'cm-live-proj-'));
  return {
    env: { CONTEXT_MODE_HOME: home },
    home,
    project,
    done: () => {
      rmSync(home, { recursive: true, force: true });
      rmSync(project, { recursive: true, force: true });
    },
  };
}

function writeSentinel(env: NodeJS.ProcessEnv, pid: number, root: string): string {
  const file = sentinelPath(pid, env);
  mkdirSync(join(file, '..'), { recursive: true });
  const record = {
    pid,
    projectId: projectId(root),
    projectRoot: root,
    startedAt: new Date().toISOString(),
    host: null,
  };
  writeFileSync(file, JSON.stringify(record));
  return file;
}

/** A pid that certainly belonged to a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

test('no run directory means no live server', () => {
  const t = tempHome();
  try {
    assert.equal(isServerLive(t.project, t.env), false);
    assert.deepEqual(listLiveServers(t.env), []);
  } finally {
    t.done();
  }
});

test('a sentinel of a running process makes its project live, and only that project', async () => {
  const t = tempHome();
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  try {
    await new Promise((r) => child.once('spawn', r));
    writeSentinel(t.env, child.pid!, t.project);
    assert.equal(isServerLive(t.project, t.env), true);
    const other = mkdtempSync(join(tmpdir(), 'cm-live-other-'));
    try {
      assert.equal(isServerLive(other, t.env), false);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  } finally {
    child.kill();
    t.done();
  }
});

test('a hook asking from a subdirectory of a git project finds the server of the repository root', async () => {
  const t = tempHome();
  mkdirSync(join(t.project, '.git'));
  mkdirSync(join(t.project, 'src', 'deep'), { recursive: true });
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  try {
    await new Promise((r) => child.once('spawn', r));
    writeSentinel(t.env, child.pid!, t.project);
    assert.equal(isServerLive(join(t.project, 'src', 'deep'), t.env), true);
  } finally {
    child.kill();
    t.done();
  }
});

test('a sentinel left by a dead process is not live and is deleted', () => {
  const t = tempHome();
  try {
    const pid = deadPid();
    assert.equal(isPidAlive(pid), false);
    const file = writeSentinel(t.env, pid, t.project);
    assert.equal(isServerLive(t.project, t.env), false);
    assert.deepEqual(readdirSync(join(file, '..')), []);
  } finally {
    t.done();
  }
});

test('a garbled sentinel of a live pid is ignored but kept (a writer may be mid-rename)', () => {
  const t = tempHome();
  try {
    const file = sentinelPath(process.pid, t.env);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, '{"pid": 12');
    assert.equal(isServerLive(t.project, t.env), false);
    assert.deepEqual(readdirSync(join(file, '..')), [`mcp-${process.pid}.json`]);
  } finally {
    t.done();
  }
});

test('the pid of an existing process owned by someone else (pid 1) counts as alive', () => {
  assert.equal(isPidAlive(1), true);
  assert.equal(isPidAlive(0), false);
  assert.equal(isPidAlive(-5), false);
});
