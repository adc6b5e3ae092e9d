// Regression (VS Code agent run): Copilot's hooks booked the session's routing block under the chat's session id,
// the MCP server booked its 168 KB of ctx_execute savings under a per-process `mcp-…` id, so the status bar — the
// session's net — read "-818 B" while the project had saved 168 KB. A server the host gives no session id now
// books under the session its hooks noted last.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { BIN, startBuiltServer } from '../helpers/mcp-client.js';

function hook(server: { home: string; project: string }, payload: Record<string, unknown>): void {
  const r = spawnSync(process.execPath, [BIN, 'hook', 'vscode-copilot', 'UserPromptSubmit'], {
    cwd: server.project,
    env: { ...process.env, CONTEXT_MODE_HOME: server.home, CONTEXT_MODE_PROJECT_DIR: server.project },
    input: JSON.stringify({ hook_event_name: 'UserPromptSubmit', cwd: server.project, ...payload }),
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 0, r.stderr);
}

interface Stats {
  session: { id: string; savedBytes: number } | null;
}

function stats(server: { home: string; project: string }, session?: string): Stats {
  const args = ['stats', '--json', '--project', server.project, ...(session ? ['--session', session] : [])];
  const r = spawnSync(process.execPath, [BIN, ...args], {
    env: { ...process.env, CONTEXT_MODE_HOME: server.home },
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as Stats;
}

const flood = { language: 'shell', code: 'seq 1 20000' };

test("a server without a session from the host books its savings under the hooks' session", async (t) => {
  const env: Record<string, string> = {
    CLAUDE_SESSION_ID: '',
    GEMINI_SESSION_ID: '',
    CODEX_THREAD_ID: '',
    COPILOT_AGENT_SESSION_ID: '',
    CURSOR_SESSION_ID: '',
  };
  const server = await startBuiltServer({ clientName: 'Visual Studio Code', env });
  t.after(() => server.close());
  hook(server, { session_id: 'chat-1', prompt: 'count the numbers' });
  await server.client.callTool({ name: 'ctx_execute', arguments: flood });
  const first = stats(server, 'chat-1');
  assert.equal(first.session?.id, 'chat-1');
  assert.ok(
    (first.session?.savedBytes ?? 0) > 50_000,
    `chat-1 holds the ctx_execute saving: ${JSON.stringify(first.session)}`,
  );
  // The next conversation's hooks move the server's bookings with them.
  hook(server, { session_id: 'chat-2', prompt: 'again please' });
  await server.client.callTool({ name: 'ctx_execute', arguments: flood });
  const latest = stats(server);
  assert.equal(latest.session?.id, 'chat-2', 'the most recent session is the chat the user is in');
  assert.ok((latest.session?.savedBytes ?? 0) > 50_000);
});

test('a session id the host gives the server wins over the hooks’ note', async (t) => {
  const server = await startBuiltServer({
    clientName: 'claude-code',
    env: { CLAUDECODE: '1', CLAUDE_SESSION_ID: 'from-host' },
  });
  t.after(() => server.close());
  hook(server, { session_id: 'chat-1', prompt: 'count the numbers' });
  await server.client.callTool({ name: 'ctx_execute', arguments: flood });
  assert.ok((stats(server, 'from-host').session?.savedBytes ?? 0) > 50_000);
});
