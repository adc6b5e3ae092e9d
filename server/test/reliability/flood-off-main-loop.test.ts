// Regression (issue 23.3): a 40 MB stderr flood blocked the server's event loop ~23 s (every other call waited),
// and a 30 MB binary output took 89 s and came back as raw bytes. The server runs in this process here, so the
// event loop measured (perf_hooks monitorEventLoopDelay) is the one that answers every call.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createServer } from '../../src/mcp/create-server.js';

const BUDGET = 4096;

async function inProcessServer() {
  const home = mkdtempSync(join(tmpdir(), 'cm-home-'));
  const project = mkdtempSync(join(tmpdir(), 'cm-proj-'));
  const env = { ...process.env, CONTEXT_MODE_HOME: home, CONTEXT_MODE_RESULT_BUDGET: String(BUDGET) };
  const created = createServer({ projectRoot: project, env });
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'flood-test', version: '0' });
  await Promise.all([created.server.connect(a), client.connect(b)]);
  return {
    client,
    close: async () => {
      await client.close();
      await created.close();
      rmSync(home, { recursive: true, force: true });
      rmSync(project, { recursive: true, force: true });
    },
  };
}

type Answer = { isError?: boolean; content: Array<{ text?: string }> };
const textOf = (r: unknown) => (r as Answer).content.map((c) => c.text ?? '').join('');

/** The answer and the longest event-loop block (ms) while it was made. */
async function measured(client: Client, args: Record<string, unknown>) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const t0 = performance.now();
  const r = await client.callTool({ name: 'ctx_execute', arguments: args }, undefined, { timeout: 280_000 });
  const ms = performance.now() - t0;
  // A block that ended with the answer is recorded when the monitor's timer next runs: let it run first.
  await new Promise((resolve) => setTimeout(resolve, 50));
  h.disable();
  return { text: textOf(r), ms, maxBlockMs: h.max / 1e6 };
}

test('a 40 MB stderr flood never blocks the event loop for long, and its answer stays within budget', async (t) => {
  const s = await inProcessServer();
  t.after(() => s.close());
  await s.client.callTool({ name: 'ctx_execute', arguments: { language: 'shell', code: 'true' } });
  const r = await measured(s.client, {
    language: 'shell',
    code: `yes 'warning: deprecated call in module widget at line 42' | head -c 40000000 >&2`,
  });
  assert.ok(Buffer.byteLength(r.text) <= BUDGET, `answer ${Buffer.byteLength(r.text)} bytes`);
  assert.ok(
    r.maxBlockMs < 1000,
    `the event loop was blocked ${Math.round(r.maxBlockMs)} ms (call took ${Math.round(r.ms)} ms)`,
  );
});

test('30 MB of binary output is described (size, kind, preview), not pasted, within budget', async (t) => {
  const s = await inProcessServer();
  t.after(() => s.close());
  const r = await measured(s.client, {
    language: 'shell',
    code: `printf '\\x89PNG\\r\\n\\x1a\\n'; head -c 30000000 /dev/urandom`,
  });
  assert.ok(Buffer.byteLength(r.text) <= BUDGET, `answer ${Buffer.byteLength(r.text)} bytes`);
  assert.match(r.text, /binary/i);
  assert.match(r.text, /PNG/);
  assert.match(r.text, /89 ?50 ?4e ?47/i, 'a hex preview of the first bytes');
  assert.doesNotMatch(r.text, /\uFFFD{8}/, 'no run of undecodable bytes pasted as text');
  assert.ok(
    r.maxBlockMs < 1000,
    `the event loop was blocked ${Math.round(r.maxBlockMs)} ms (call took ${Math.round(r.ms)} ms)`,
  );
});
