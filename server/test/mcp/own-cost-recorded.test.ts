// Regression: on a first start (no handshake snapshot yet) the full server answers tools/list after the flush
// that runs when it loads, so the tools/list own cost reached the ledger only when the server exited — stats
// read during the session (the dashboard, the status bar) showed net savings without the product's own cost.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { noteActiveSession } from '@context-mode/shared/memory/active-session';
import { ensureProject } from '@context-mode/shared/project/project-identity';
import { BIN, startBuiltServer } from '../helpers/mcp-client.js';

test('the tools/list own cost is in the ledger while the server still runs, first start included', async (t) => {
  const server = await startBuiltServer();
  t.after(() => server.close());
  const listed = await server.client.listTools();
  assert.ok(listed.tools.length > 0);
  await server.client.callTool({ name: 'ctx_execute', arguments: { language: 'shell', code: 'echo hi' } });
  const env = { ...process.env, CONTEXT_MODE_HOME: server.home };
  let own = 0;
  for (let i = 0; i < 50 && own === 0; i++) {
    const r = spawnSync(process.execPath, [BIN, 'stats', '--json', '--project', server.project], {
      env,
      encoding: 'utf8',
    });
    own = (JSON.parse(r.stdout) as { projectTotals: { ownCostBytes: number } }).projectTotals.ownCostBytes;
    if (own === 0) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(own > 0, 'tools/list own cost recorded during the session');
});

// VS Code starts our server when the window opens, before the conversation: the only session note then is the
// previous conversation's. The listing's cost must go to the conversation it served, not to that one or to a
// session of the server's own that no view shows.
test("tools/list is booked to the conversation whose tool call the server served, not the previous window's", async (t) => {
  const home = mkdtempSync(join(tmpdir(), 'cm-owncost-'));
  const project = join(home, 'project');
  mkdirSync(project);
  const env = { ...process.env, CONTEXT_MODE_HOME: home, CONTEXT_MODE_PROJECT_DIR: project };
  const dir = ensureProject(project, env).dir;
  noteActiveSession(dir, { sessionId: 's-previous', host: 'vscode-copilot', time: Date.now() - 60_000 });
  const server = await startBuiltServer({
    project,
    clientName: 'Visual Studio Code',
    env: { CONTEXT_MODE_HOME: home },
  });
  t.after(async () => {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  });
  await server.client.listTools();
  await new Promise((r) => setTimeout(r, 300));
  // The new conversation's first hook notes it; then the model calls one of our tools.
  noteActiveSession(dir, { sessionId: 's-now', host: 'vscode-copilot', time: Date.now() });
  await server.client.callTool({ name: 'ctx_execute', arguments: { language: 'shell', code: 'echo hi' } });
  const stats = (session: string) =>
    JSON.parse(
      spawnSync(process.execPath, [BIN, 'stats', '--json', '--project', project, '--session', session], {
        env,
        encoding: 'utf8',
      }).stdout || '{}',
    ) as { session?: { ownCostBytes: number } | null; projectTotals?: { ownCostBytes: number } };
  let now = stats('s-now');
  for (let i = 0; i < 50 && !now.session?.ownCostBytes; i++) {
    await new Promise((r) => setTimeout(r, 100));
    now = stats('s-now');
  }
  assert.ok(now.session && now.session.ownCostBytes > 0, JSON.stringify(now.session));
  assert.equal(now.session.ownCostBytes, now.projectTotals?.ownCostBytes, 'all own cost is in the conversation');
  assert.ok(!stats('s-previous').session?.ownCostBytes, 'nothing booked to the previous conversation');
});

test('a held tools/list cost goes to the conversation as soon as its hooks note it, before any tool call', async (t) => {
  const home = mkdtempSync(join(tmpdir(), 'cm-owncost-'));
  const project = join(home, 'project');
  mkdirSync(project);
  const env = { ...process.env, CONTEXT_MODE_HOME: home, CONTEXT_MODE_PROJECT_DIR: project };
  const dir = ensureProject(project, env).dir;
  const server = await startBuiltServer({
    project,
    clientName: 'Visual Studio Code',
    env: { CONTEXT_MODE_HOME: home },
  });
  t.after(async () => {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  });
  await server.client.listTools();
  await new Promise((r) => setTimeout(r, 300));
  noteActiveSession(dir, { sessionId: 's-later', host: 'vscode-copilot', time: Date.now() });
  let own = 0;
  for (let i = 0; i < 60 && own === 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const r = spawnSync(process.execPath, [BIN, 'stats', '--json', '--project', project, '--session', 's-later'], {
      env,
      encoding: 'utf8',
    });
    own =
      r.status === 0
        ? ((JSON.parse(r.stdout) as { session?: { ownCostBytes: number } }).session?.ownCostBytes ?? 0)
        : 0;
  }
  assert.ok(own > 0, 'the listing is booked to the conversation while the server still runs');
});
