import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { startBuiltServer } from '../helpers/mcp-client.js';

type Text = { content: Array<{ type: string; text?: string }>; isError?: boolean };

async function waitFor(check: () => boolean, what: string, ms = 15000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const snapshots = (home: string): string[] => {
  const dir = join(home, 'cache');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith('handshake-')) : [];
};

// The second start answers the handshake from the snapshot the first start recorded, then hands over to the
// full server on the first tool call; the client must not be able to tell the difference.
test('a restarted server answers the handshake from its snapshot and hands over on the first tool call', async () => {
  const home = mkdtempSync(join(tmpdir(), 'cm-home-snap-'));
  const project = mkdtempSync(join(tmpdir(), 'cm-proj-snap-'));
  try {
    const first = await startBuiltServer({ project, env: { CONTEXT_MODE_HOME: home }, clientName: 'claude-code' });
    const fullList = await first.client.listTools();
    await waitFor(() => snapshots(home).length === 1, 'the handshake snapshot');
    await first.close();

    const second = await startBuiltServer({ project, env: { CONTEXT_MODE_HOME: home }, clientName: 'claude-code' });
    try {
      assert.equal(second.client.getServerVersion()?.name, 'context-mode');
      assert.ok(second.client.getServerCapabilities()?.tools);
      const fastList = await second.client.listTools();
      assert.deepEqual(fastList, fullList);
      assert.deepEqual((await second.client.listPrompts()).prompts, []);
      assert.deepEqual((await second.client.listResources()).resources, []);
      await second.client.ping();
      // First tool call: the full server loads, learns the client from the replayed initialize, and answers.
      const r = (await second.client.callTool({ name: 'ctx_doctor', arguments: {} })) as Text;
      assert.ok(!r.isError);
      assert.match(r.content[0]?.text ?? '', /^\[OK\] host: Claude Code/m);
      // Later requests go straight to the full server.
      assert.deepEqual(await second.client.listTools(), fullList);
      const bad = (await second.client.callTool({ name: 'ctx_fetch_and_index', arguments: {} })) as Text;
      assert.equal(bad.isError, true);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  }
});

test('a changed CONTEXT_MODE_* setting misses the snapshot (the full server answers and records another)', async () => {
  const home = mkdtempSync(join(tmpdir(), 'cm-home-snap-'));
  try {
    const a = await startBuiltServer({ env: { CONTEXT_MODE_HOME: home } });
    await a.client.listTools();
    await waitFor(() => snapshots(home).length === 1, 'the first snapshot');
    await a.close();
    const b = await startBuiltServer({ env: { CONTEXT_MODE_HOME: home, CONTEXT_MODE_RESULT_BUDGET: '2048' } });
    await b.client.listTools();
    await waitFor(() => snapshots(home).length === 2, 'a second snapshot');
    await b.close();
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('a snapshot that no longer matches the tools is corrected after the hand-over and the client told to list again', async () => {
  const home = mkdtempSync(join(tmpdir(), 'cm-home-snap-'));
  try {
    const first = await startBuiltServer({ env: { CONTEXT_MODE_HOME: home } });
    const real = await first.client.listTools();
    await waitFor(() => snapshots(home).length === 1, 'the handshake snapshot');
    await first.close();
    // Simulate a stale snapshot: one tool missing from the recorded listing.
    const file = join(home, 'cache', snapshots(home)[0]!);
    const snap = JSON.parse(readFileSync(file, 'utf8'));
    snap.toolsList.tools = snap.toolsList.tools.slice(1);
    writeFileSync(file, JSON.stringify(snap));

    const second = await startBuiltServer({ env: { CONTEXT_MODE_HOME: home } });
    try {
      let changed = 0;
      second.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        changed++;
      });
      assert.equal((await second.client.listTools()).tools.length, real.tools.length - 1);
      await second.client.callTool({ name: 'ctx_doctor', arguments: {} });
      await waitFor(() => changed === 1, 'tools/list_changed');
      assert.deepEqual(await second.client.listTools(), real);
      assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')).toolsList, real);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
