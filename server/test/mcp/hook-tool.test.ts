// Claude Code's `mcp_tool` hooks call ctx_hook on our server instead of starting `ctxmode hook`: the answer must be
// the command hook's, byte for byte, built from the strings the host's `${field}` interpolation gives.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { claudeCode } from '@context-mode/shared/platforms/hosts/claude-code';
import { hookEntriesFor, HOOK_TOOL_NAME } from '@context-mode/shared/setup/hook-entries';
import { BIN, startBuiltServer } from '../helpers/mcp-client.js';

function commandHook(server: { home: string; project: string }, event: string, payload: object): string {
  const r = spawnSync(process.execPath, [BIN, 'hook', 'claude-code', event], {
    cwd: server.project,
    env: { ...process.env, CONTEXT_MODE_HOME: server.home, CONTEXT_MODE_PROJECT_DIR: server.project },
    input: JSON.stringify(payload),
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

/** What Claude Code 2.1.332 passes for `${field}`: strings as they are, objects as JSON text, missing as ''. */
function interpolate(payload: Record<string, unknown>, fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, template] of Object.entries(fields)) {
    const value = payload[template.slice(2, -1)];
    out[key] = value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}

test('ctx_hook answers a PreToolUse mcp_tool hook with the command hook’s JSON, and is not listed', async (t) => {
  const server = await startBuiltServer({ clientName: 'claude-code' });
  t.after(() => server.close());
  const payload = {
    hook_event_name: 'PreToolUse',
    session_id: 'sess-hook-tool',
    cwd: server.project,
    tool_name: 'Bash',
    tool_input: { command: 'curl -s https://example.com/' },
    tool_use_id: 'toolu_1',
  };
  const expected = commandHook(server, 'pretooluse', payload);
  assert.match(expected, /"permissionDecision":"deny"|updatedInput/, 'the command hook routes curl');

  const entry = hookEntriesFor(claudeCode, { kind: 'portable' }, 'linux')!.events.PreToolUse as {
    hooks: Array<{
      type: string;
      tool: string;
      input: { host: string; event: string; payload: Record<string, string> };
    }>;
  };
  const hook = entry.hooks[0]!;
  assert.equal(hook.type, 'mcp_tool');
  assert.equal(hook.tool, HOOK_TOOL_NAME);
  const res = (await server.client.callTool({
    name: HOOK_TOOL_NAME,
    arguments: { ...hook.input, payload: interpolate(payload, hook.input.payload) },
  })) as { content: Array<{ type: string; text: string }>; isError?: boolean };
  assert.ok(!res.isError, JSON.stringify(res));
  assert.equal(res.content.map((c) => c.text).join('\n'), expected);

  const listed = await server.client.listTools();
  assert.ok(!listed.tools.some((tool) => tool.name === HOOK_TOOL_NAME), 'the model never sees ctx_hook');
});

test('setup keeps SessionStart a command hook (the host skips mcp_tool hooks there before servers connect)', () => {
  const events = hookEntriesFor(claudeCode, { kind: 'portable' }, 'linux')!.events as Record<
    string,
    { hooks: Array<{ type: string }> }
  >;
  assert.equal(events.SessionStart!.hooks[0]!.type, 'command');
  for (const e of ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'PreCompact', 'Stop']) {
    assert.equal(events[e]!.hooks[0]!.type, 'mcp_tool', e);
  }
});
