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

/** OpenCode's agent requests carry the environment block in their system prompt; its title request does not. */
const agentSystem = () => ['You are opencode.\n<env>\n  Working directory: /work/app\n</env>'];
const titleSystem = () => ['You are a title generator.'];

test('session-start context goes to every agent request and never to the title request; booked once, on delivery (fake OpenCode host)', async () => {
  const booked: { sessionId: string; costs: unknown }[] = [];
  const seenCtx: boolean[] = [];
  const plugin = createContextModePlugin({
    loadHandler: async (event) => (_envelope, ctx) => {
      seenCtx.push(ctx.deferInjectedCosts === true);
      if (event === 'session-start')
        return { kind: 'context', text: 'Routing: use ctx_* tools.', costs: [{ tool: 'routing-block', bytes: 25 }] };
      if (event === 'post-tool') return { kind: 'context', text: 'Note: indexed 3 files.' };
      return { kind: 'none' };
    },
    env: {},
    now: () => 0,
    log: () => {},
    bookCosts: async (sessionId, _dir, costs) => void booked.push({ sessionId, costs }),
  });
  const hooks = await plugin(input);
  await hooks.event!({ event: { type: 'session.created', properties: { info: { id: 's2' } } } });
  assert.ok(seenCtx.every(Boolean), 'handlers are told the plugin books injected context itself');

  // The title request comes first (OpenCode forks it before the agent's first request): nothing, nothing booked.
  const title = { system: titleSystem() };
  await hooks['experimental.chat.system.transform']!({ sessionID: 's2' }, title);
  assert.deepEqual(title.system, titleSystem());
  assert.deepEqual(booked, []);

  const first = { system: agentSystem() };
  await hooks['experimental.chat.system.transform']!({ sessionID: 's2' }, first);
  assert.deepEqual(first.system, [...agentSystem(), 'Routing: use ctx_* tools.']);
  assert.deepEqual(booked, [{ sessionId: 's2', costs: [{ tool: 'routing-block', bytes: 25 }] }]);

  // OpenCode rebuilds the system prompt per request: the block comes again, a one-off note once; no second booking.
  await hooks['tool.execute.after']!(
    { tool: 'bash', sessionID: 's2', callID: 'c1', args: { command: 'ls' } },
    { title: '', output: 'a b c', metadata: {} },
  );
  const second = { system: agentSystem() };
  await hooks['experimental.chat.system.transform']!({ sessionID: 's2' }, second);
  assert.deepEqual(second.system, [...agentSystem(), 'Routing: use ctx_* tools.', 'Note: indexed 3 files.']);
  const third = { system: agentSystem() };
  await hooks['experimental.chat.system.transform']!({ sessionID: 's2' }, third);
  assert.deepEqual(third.system, [...agentSystem(), 'Routing: use ctx_* tools.']);
  assert.equal(booked.length, 1, 'booked once');

  const other = { system: agentSystem() };
  await hooks['experimental.chat.system.transform']!({ sessionID: 'someone-else' }, other);
  assert.deepEqual(other.system, agentSystem());
});

test('a resume snapshot a prompt brings back joins the agent requests and replaces an earlier one (fake OpenCode host)', async () => {
  let snapshot = 'Resume: editing login.ts';
  const seen: Envelope[] = [];
  const hooks = await createContextModePlugin({
    loadHandler: async (event) => (envelope) => {
      seen.push(envelope);
      return event === 'prompt' ? { kind: 'context', text: snapshot } : { kind: 'none' };
    },
    env: {},
    now: () => 0,
    log: () => {},
    bookCosts: async () => {},
  })(input);
  const prompt = (text: string) =>
    hooks['chat.message']!(
      { sessionID: 's4' },
      {
        parts: [
          { type: 'text', text },
          { type: 'file', url: 'x' },
        ],
      },
    );
  await prompt('fix the test');
  assert.equal(seen[0]!.prompt, 'fix the test');
  const first = { system: agentSystem() };
  await hooks['experimental.chat.system.transform']!({ sessionID: 's4' }, first);
  assert.deepEqual(first.system, [...agentSystem(), 'Resume: editing login.ts']);
  snapshot = 'Resume: editing signup.ts';
  await prompt('go on');
  const second = { system: agentSystem() };
  await hooks['experimental.chat.system.transform']!({ sessionID: 's4' }, second);
  assert.deepEqual(second.system, [...agentSystem(), 'Resume: editing signup.ts']);
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
