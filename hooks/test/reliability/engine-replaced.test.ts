// While the engine is replaced under running hooks (`ctxmode upgrade` runs npm install over it; a rebuild
// removes dist/ first), a hook used to exit 1 with a require stack (the host reports a failed hook) or lose its
// event when its handler bundle was missing. Measured with 16 hook processes × 5 events against a copy whose
// dist/ was removed and put back in a loop: 17 exits with code 1 and 44 of 80 events lost before. Real bin, a
// private copy of the built server/ (npm run build first), real hook processes.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { openMemoryStore } from '@context-mode/shared/memory/open-memory-store';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

/** A private copy of the built package, so renaming its files disturbs no other test. */
function engineCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-rel-engine-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  for (const p of ['bin', 'dist', 'package.json'])
    cpSync(join(repo, 'server', p), join(root, 'server', p), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'));
  return join(root, 'server');
}

interface HookRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function postTool(server: string, home: string, project: string, file: string): Promise<HookRun> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [join(server, 'bin', 'context-mode.cjs'), 'hook', 'claude-code', 'posttooluse'],
      {
        cwd: project,
        env: { ...process.env, CONTEXT_MODE_HOME: home },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.on('error', () => undefined);
    const payload = {
      session_id: 's1',
      cwd: project,
      hook_event_name: 'PostToolUse',
      tool_name: 'Read',
      tool_input: { file_path: join(project, file) },
      tool_response: { type: 'text', file: { content: 'x' } },
    };
    child.stdin.end(JSON.stringify(payload));
  });
}

function recorded(home: string, project: string): string {
  const store = openMemoryStore(project, { ...process.env, CONTEXT_MODE_HOME: home });
  try {
    return store
      .listEvents({ sessionId: 's1', limit: 1000 })
      .map((e) => e.data)
      .join('\n');
  } finally {
    store.close();
  }
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('a hook started while the engine bundle is being replaced waits for it: exit 0 and the event recorded', async () => {
  const server = engineCopy();
  const home = tempDir('cm-rel-engine-home-');
  const project = tempDir('cm-rel-engine-proj-');
  const hookBundle = join(server, 'dist', 'hook.cjs');
  const handlers = join(server, 'dist', 'hook-events');
  // The bundle the bin requires is missing at start.
  renameSync(hookBundle, `${hookBundle}.away`);
  setTimeout(() => renameSync(`${hookBundle}.away`, hookBundle), 700);
  const first = await postTool(server, home, project, 'first.ts');
  assert.equal(first.code, 0, first.stderr);
  // The lazily loaded handler bundles are missing at start.
  renameSync(handlers, `${handlers}.away`);
  setTimeout(() => renameSync(`${handlers}.away`, handlers), 700);
  const second = await postTool(server, home, project, 'second.ts');
  assert.equal(second.code, 0, second.stderr);
  // Missing for longer than the in-process wait (1 s): the hook runs itself again in fresh processes until the
  // files are back (a fresh process also gets past a failure the module loader has cached).
  const chunks = join(handlers, 'chunks');
  renameSync(chunks, `${chunks}.away`);
  setTimeout(() => renameSync(`${chunks}.away`, chunks), 2000);
  const third = await postTool(server, home, project, 'third.ts');
  assert.equal(third.code, 0, third.stderr);
  assert.match(readFileSync(join(home, 'logs', 'hook-errors.log'), 'utf8'), /running the hook again/);
  const events = recorded(home, project);
  assert.match(events, /first\.ts/);
  assert.match(events, /second\.ts/);
  assert.match(events, /third\.ts/);
});

test('an engine that cannot load answers the host with exit 0 and nothing on stdout', async () => {
  const server = engineCopy();
  const home = tempDir('cm-rel-engine-home-');
  const project = tempDir('cm-rel-engine-proj-');
  writeFileSync(join(server, 'dist', 'hook.cjs'), "throw new Error('broken install');\n");
  const r = await postTool(server, home, project, 'x.ts');
  assert.equal(r.code, 0);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /the hook engine is not loadable \(broken install\)/);
});
