import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHost } from '@context-mode/shared/platforms/host-table';
import { parseEnvelope, type EnvelopeInput } from '../../src/wire/parse-envelope.js';

function parse(payload: unknown, over: Partial<EnvelopeInput> = {}): ReturnType<typeof parseEnvelope> {
  return parseEnvelope({
    host: getHost('claude-code'),
    event: 'pre-tool',
    hostEvent: 'pretooluse',
    text: typeof payload === 'string' ? payload : JSON.stringify(payload),
    env: {},
    cwd: '/fallback/cwd',
    ppid: 4242,
    ...over,
  });
}

test('session id follows the fallback chain: transcript UUID, conversation_id, sessionId, session_id, host env, pid-<ppid>', () => {
  const uuid = '0b5e1c2a-1111-4222-8333-944445555666';
  assert.equal(
    parse({ transcript_path: `/h/.claude/projects/x/${uuid}.jsonl`, session_id: 'other' }).envelope.sessionId,
    uuid,
  );
  assert.equal(parse({ conversation_id: 'conv', sessionId: 'camel', session_id: 'snake' }).envelope.sessionId, 'conv');
  assert.equal(parse({ sessionId: 'camel', session_id: 'snake' }).envelope.sessionId, 'camel');
  assert.equal(parse({ session_id: 'snake' }).envelope.sessionId, 'snake');
  assert.equal(parse({}, { env: { CLAUDE_SESSION_ID: 'from-env' } }).envelope.sessionId, 'from-env');
  assert.equal(parse({}).envelope.sessionId, 'pid-4242');
});

test('project dir follows payload cwd, workspace_roots[0], the host env, then the process cwd', () => {
  assert.equal(parse({ cwd: '/p/cwd', workspace_roots: ['/p/root'] }).envelope.projectDir, '/p/cwd');
  assert.equal(parse({ workspace_roots: ['/p/root'] }, { host: getHost('cursor') }).envelope.projectDir, '/p/root');
  assert.equal(parse({}, { env: { CLAUDE_PROJECT_DIR: '/p/env' } }).envelope.projectDir, '/p/env');
  assert.equal(parse({ cwd: 'relative/dir' }).envelope.projectDir, '/fallback/cwd');
});

test('agent_id or agent_type marks a subagent call', () => {
  assert.equal(parse({ agent_id: 'a1' }).envelope.isSubagent, true);
  assert.equal(parse({ agent_type: 'Explore' }).envelope.isSubagent, true);
  assert.equal(parse({ tool_name: 'Bash' }).envelope.isSubagent, false);
});

test('tool names are normalised to the canonical built-ins and the input is read under the host field names', () => {
  const g = parse(
    { tool_name: 'run_shell_command', tool_input: { command: 'ls' } },
    { host: getHost('gemini-cli') },
  ).envelope;
  assert.equal(g.toolName, 'Bash');
  assert.deepEqual(g.toolInput, { command: 'ls' });
  assert.equal(parse({ tool_name: 'mcp__github__get_issue' }).envelope.toolName, 'mcp__github__get_issue');
});

test('Copilot CLI tool arguments sent as a JSON string are decoded', () => {
  const e = parse({ toolName: 'bash', toolArgs: '{"command":"git log"}' }, { host: getHost('copilot-cli') }).envelope;
  assert.equal(e.toolName, 'Bash');
  assert.deepEqual(e.toolInput, { command: 'git log' });
});

test('payloads that are not a JSON object become an empty payload with a stated problem, never an exception', () => {
  for (const text of ['{"tool_name":', '[1,2]', '42', 'null', '"str"', 'nonsense']) {
    const r = parse(text);
    assert.ok(r.problem, text);
    assert.deepEqual(r.envelope.raw, {});
    assert.equal(r.envelope.sessionId, 'pid-4242');
  }
  assert.equal(parse('').problem, undefined);
});

test('fields of the wrong type are ignored rather than trusted', () => {
  const e = parse({
    session_id: { x: 1 },
    cwd: 7,
    tool_name: ['Bash'],
    tool_input: 'not-an-object',
    source: 'weird',
  }).envelope;
  assert.equal(e.sessionId, 'pid-4242');
  assert.equal(e.projectDir, '/fallback/cwd');
  assert.equal(e.toolName, undefined);
  assert.equal(e.toolInput, undefined);
  assert.equal(e.sessionStartSource, undefined);
});

test('session-start source is read and mapped to the canonical sources', () => {
  assert.equal(parse({ source: 'compact' }, { event: 'session-start' }).envelope.sessionStartSource, 'compact');
});

test("a payload in another host's spelling is still read when the caller was guessed wrong (every table host's fields)", () => {
  // OpenCode's and Copilot CLI's names, parsed as if Claude Code had sent them.
  const opencodeShaped = parse({ tool: 'bash', args: { command: 'ls' }, output: 'a', directory: '/p/oc' }).envelope;
  assert.equal(opencodeShaped.toolName, 'Bash');
  assert.deepEqual(opencodeShaped.toolInput, { command: 'ls' });
  assert.equal(opencodeShaped.toolResponse, 'a');
  assert.equal(opencodeShaped.projectDir, '/p/oc');
  assert.equal(parse({ toolName: 'view', tool_result: 'x' }).envelope.toolResponse, 'x');
  // A spelling no host in the table sends is not guessed at.
  assert.equal(parse({ tool_name: 'Bash', arguments: { command: 'ls' } }).envelope.toolInput, undefined);
});
