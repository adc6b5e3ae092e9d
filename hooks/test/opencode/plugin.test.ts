import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CanonicalEvent } from '@context-mode/shared/platforms/types';
import type { Envelope, Handler, Outcome } from '../../src/core/types.js';
import { createContextModePlugin } from '../../src/opencode/create-plugin.js';
import * as pluginModule from '../../src/opencode/plugin.js';

/**
 * OpenCode itself cannot run here (Bun binary, network). These tests play the host: they call the hooks the
 * plugin returns with the same (input, output) objects OpenCode passes, and check what OpenCode would see.
 */
function fakeOpenCodeHost(outcomes: Partial<Record<CanonicalEvent, Outcome | Error>>) {
  const seen: Envelope[] = [];
  const logs: string[] = [];
  const loadHandler =
    async (event: CanonicalEvent): Promise<Handler> =>
    (envelope) => {
      seen.push(envelope);
      const outcome = outcomes[event] ?? { kind: 'none' };
      if (outcome instanceof Error) throw outcome;
      return outcome;
    };
  const plugin = createContextModePlugin({ loadHandler, env: {}, now: () => 0, log: (m) => logs.push(m) });
  return { plugin, seen, logs };
}

const input = { directory: '/work/app/src', worktree: '/work/app' };

test('the plugin module exports exactly one plugin function (fake OpenCode loader)', () => {
  const functions = Object.values(pluginModule).filter((v) => typeof v === 'function');
  assert.equal(functions.length, 1);
});

test('a deny throws, so OpenCode aborts the tool and shows the reason (fake OpenCode host)', async () => {
  const { plugin, seen } = fakeOpenCodeHost({
    'pre-tool': { kind: 'decision', decision: { action: 'deny', reason: 'Use ctx_fetch_and_index' } },
  });
  const hooks = await plugin(input);
  const output = { args: { url: 'https://example.com' } };
  await assert.rejects(
    hooks['tool.execute.before']!({ tool: 'webfetch', sessionID: 's1', callID: 'c1' }, output),
    /ctx_fetch_and_index/,
  );
  assert.equal(seen[0]!.event, 'pre-tool');
  assert.equal(seen[0]!.host.id, 'opencode');
  assert.equal(seen[0]!.toolName, 'webfetch');
  assert.equal(seen[0]!.sessionId, 's1');
  assert.equal(seen[0]!.projectDir, '/work/app');
  assert.deepEqual(seen[0]!.toolInput, { url: 'https://example.com' });
});

test('a modify rewrites the args object OpenCode will run with (fake OpenCode host)', async () => {
  const updated = { command: 'echo "context-mode: use ctx_execute"' };
  const { plugin } = fakeOpenCodeHost({
    'pre-tool': { kind: 'decision', decision: { action: 'modify', updatedInput: updated } },
  });
  const hooks = await plugin(input);
  const output = { args: { command: 'curl https://example.com', description: 'fetch' } as Record<string, unknown> };
  const argsRef = output.args;
  await hooks['tool.execute.before']!({ tool: 'bash', sessionID: 's1', callID: 'c1' }, output);
  assert.equal(output.args, argsRef, 'mutated in place, as OpenCode keeps its own reference');
  assert.equal(output.args.command, updated.command);
  assert.equal(output.args.description, 'fetch');
});

test('ask and pass-through leave the call alone (fake OpenCode host)', async () => {
  for (const outcome of [{ kind: 'decision', decision: { action: 'ask' } }, { kind: 'none' }] as Outcome[]) {
    const { plugin } = fakeOpenCodeHost({ 'pre-tool': outcome });
    const hooks = await plugin(input);
    const output = { args: { command: 'ls' } };
    await hooks['tool.execute.before']!({ tool: 'bash', sessionID: 's1', callID: 'c1' }, output);
    assert.deepEqual(output.args, { command: 'ls' });
  }
});

test('a handler that crashes never breaks the tool call; the error is logged (fake OpenCode host)', async () => {
  const { plugin, logs } = fakeOpenCodeHost({ 'pre-tool': new Error('store is locked') });
  const hooks = await plugin(input);
  const output = { args: { command: 'ls' } };
  await hooks['tool.execute.before']!({ tool: 'bash', sessionID: 's1', callID: 'c1' }, output);
  assert.deepEqual(output.args, { command: 'ls' });
  assert.match(logs.join('\n'), /store is locked/);
});

test('replaced output is what the model reads after the tool (fake OpenCode host)', async () => {
  const { plugin, seen } = fakeOpenCodeHost({
    'post-tool': { kind: 'replace-output', text: 'Indexed 2 MB; search with ctx_search.' },
  });
  const hooks = await plugin(input);
  const output = { title: 'bash', output: 'x'.repeat(100_000), metadata: {} };
  await hooks['tool.execute.after']!(
    { tool: 'bash', sessionID: 's1', callID: 'c1', args: { command: 'cat big.log' } },
    output,
  );
  assert.equal(output.output, 'Indexed 2 MB; search with ctx_search.');
  assert.equal(seen[0]!.event, 'post-tool');
  assert.equal(seen[0]!.toolResponse, 'x'.repeat(100_000));
  assert.deepEqual(seen[0]!.toolInput, { command: 'cat big.log' });
});

test('compaction context is appended to the compaction prompt (fake OpenCode host)', async () => {
  const { plugin, seen } = fakeOpenCodeHost({ 'pre-compact': { kind: 'context', text: 'Resume: editing login.ts' } });
  const hooks = await plugin(input);
  const output = { context: ['existing'] };
  await hooks['experimental.session.compacting']!({ sessionID: 's9' }, output);
  assert.deepEqual(output.context, ['existing', 'Resume: editing login.ts']);
  assert.equal(seen[0]!.sessionId, 's9');
});

test('session-start and prompt context reach the next system prompt once (fake OpenCode host)', async () => {
  const { plugin, seen } = fakeOpenCodeHost({
    'session-start': { kind: 'context', text: 'Routing: use ctx_* tools.' },
    prompt: { kind: 'context', text: 'Memory: 2 decisions.' },
  });
  const hooks = await plugin(input);
  await hooks.event!({ event: { type: 'session.created', properties: { info: { id: 's2' } } } });
  await hooks['chat.message']!(
    { sessionID: 's2' },
    {
      parts: [
        { type: 'text', text: 'fix the test' },
        { type: 'file', url: 'x' },
      ],
    },
  );
  assert.equal(seen[0]!.sessionStartSource, 'startup');
  assert.equal(seen[1]!.prompt, 'fix the test');

  const first = { system: ['base'] };
  await hooks['experimental.chat.system.transform']!({ sessionID: 's2' }, first);
  assert.deepEqual(first.system, ['base', 'Routing: use ctx_* tools.', 'Memory: 2 decisions.']);
  const second = { system: ['base'] };
  await hooks['experimental.chat.system.transform']!({ sessionID: 's2' }, second);
  assert.deepEqual(second.system, ['base']);
  const other = { system: [] as string[] };
  await hooks['experimental.chat.system.transform']!({ sessionID: 'someone-else' }, other);
  assert.deepEqual(other.system, []);
});

test('session.idle runs the stop handler; other bus events are ignored (fake OpenCode host)', async () => {
  const { plugin, seen } = fakeOpenCodeHost({});
  const hooks = await plugin(input);
  await hooks.event!({ event: { type: 'session.idle', properties: { sessionID: 's3' } } });
  await hooks.event!({ event: { type: 'message.updated', properties: { sessionID: 's3' } } });
  assert.deepEqual(
    seen.map((e) => e.event),
    ['stop'],
  );
});
