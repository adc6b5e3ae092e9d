import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { projectId } from '@context-mode/shared/project/project-identity';
import { createContextModePlugin } from '../../src/opencode/create-plugin.js';

/**
 * The plugin with the real dispatch table and routing, called the way OpenCode calls it (fake OpenCode host:
 * OpenCode itself cannot run here). A live server is simulated by this test process's own sentinel file.
 */
const home = mkdtempSync(join(tmpdir(), 'cm-oc-home-'));
const project = mkdtempSync(join(tmpdir(), 'cm-oc-proj-'));
mkdirSync(join(project, '.git'));
after(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});

function goLive(): void {
  mkdirSync(join(home, 'run'), { recursive: true });
  writeFileSync(
    join(home, 'run', `mcp-${process.pid}.json`),
    JSON.stringify({
      pid: process.pid,
      projectId: projectId(project),
      projectRoot: project,
      startedAt: new Date().toISOString(),
      host: 'opencode',
    }),
  );
}

const env = { CONTEXT_MODE_HOME: home, PATH: process.env.PATH ?? '' };
const logs: string[] = [];

test('with no live server, a flooding command runs untouched (fake OpenCode host, real routing)', async () => {
  const hooks = await createContextModePlugin({ env, log: (m) => logs.push(m) })({
    directory: project,
    worktree: project,
  });
  const output = { args: { command: 'curl https://example.com/data.json' } };
  await hooks['tool.execute.before']!({ tool: 'bash', sessionID: 'oc-1', callID: 'c1' }, output);
  assert.deepEqual(output.args, { command: 'curl https://example.com/data.json' });
});

test('with a live server, curl to stdout is blocked or rewritten before it runs (fake OpenCode host, real routing)', async () => {
  goLive();
  const hooks = await createContextModePlugin({ env, log: (m) => logs.push(m) })({
    directory: project,
    worktree: project,
  });
  const output = { args: { command: 'curl https://example.com/data.json' } as Record<string, unknown> };
  let denied: Error | undefined;
  try {
    await hooks['tool.execute.before']!({ tool: 'bash', sessionID: 'oc-2', callID: 'c2' }, output);
  } catch (err) {
    denied = err as Error;
  }
  const rewritten = output.args.command !== 'curl https://example.com/data.json';
  assert.ok(denied || rewritten, `neither denied nor rewritten; log: ${logs.join(' | ')}`);
  const guidance = denied ? denied.message : String(output.args.command);
  assert.match(guidance, /ctx_/, 'the guidance names a ctx_* tool');
});

test('a normal command passes untouched even with a live server (fake OpenCode host, real routing)', async () => {
  goLive();
  const hooks = await createContextModePlugin({ env, log: (m) => logs.push(m) })({
    directory: project,
    worktree: project,
  });
  const output = { args: { command: 'git status' } };
  await hooks['tool.execute.before']!({ tool: 'bash', sessionID: 'oc-3', callID: 'c3' }, output);
  assert.deepEqual(output.args, { command: 'git status' });
});

test('a long bash output OpenCode cut reaches the model as a digest of the whole, error line kept (fake OpenCode host, real stores)', async () => {
  const hooks = await createContextModePlugin({ env, log: (m) => logs.push(m) })({
    directory: project,
    worktree: project,
  });
  const lines = Array.from({ length: 3000 }, (_, i) =>
    i === 1500 ? 'ERROR disk quota exceeded at step 1777' : `test case ${i} passed in ${i % 97} ms ....`,
  );
  const store = join(home, 'opencode-data', 'tool-output');
  mkdirSync(store, { recursive: true });
  const saved = join(store, 'tool_0123456789abcdef');
  writeFileSync(saved, `${lines.join('\n')}\n`);
  // OpenCode 1.18.33 passes a ~50 KB window that here starts after the error line, and names the saved whole.
  const output = {
    title: 'npm test',
    output: `...output truncated...\n\nFull output saved to: ${saved}\n\n${lines.slice(1600).join('\n')}`,
    metadata: { outputPath: saved },
  };
  await hooks['tool.execute.after']!(
    { tool: 'bash', sessionID: 'oc-big', callID: 'c9', args: { command: 'npm test' } },
    output,
  );
  assert.ok(
    Buffer.byteLength(output.output) <= 4096,
    `${Buffer.byteLength(output.output)} bytes reach the model; log: ${logs.join(' | ')}`,
  );
  assert.match(output.output, /ERROR disk quota exceeded at step 1777/);
  assert.match(output.output, /Full output indexed as/);
});
