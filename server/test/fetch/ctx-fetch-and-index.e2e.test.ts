import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startBuiltServer, type BuiltServer } from '../helpers/mcp-client.js';
import { startLocalServer } from './local-http-server.js';

type Text = { content: Array<{ type: string; text?: string }>; isError?: boolean };
const text = (r: unknown): string => ((r as Text).content[0]?.text ?? '') as string;

let web: Awaited<ReturnType<typeof startLocalServer>>;
let s: BuiltServer;
before(async () => {
  web = await startLocalServer();
  s = await startBuiltServer({ env: { CONTEXT_MODE_ALLOW_PRIVATE_FETCH: '1' } });
});
after(async () => {
  await s.close();
  await web.close();
});

test('ctx_fetch_and_index indexes a page and ctx_search finds it by the source it names', async () => {
  const r = (await s.client.callTool({
    name: 'ctx_fetch_and_index',
    arguments: { url: `${web.base}/page`, source: 'widgets' },
  })) as Text;
  assert.ok(!r.isError, text(r));
  assert.match(text(r), /Fetched and indexed \d+ sections/);
  assert.ok(Buffer.byteLength(text(r)) <= 4096);
  assert.ok(text(r).includes(`ctx_search(source: "widgets::${web.base}/page"`));
  const found = (await s.client.callTool({
    name: 'ctx_search',
    arguments: { queries: ['frobnicate speed'], source: 'widgets' },
  })) as Text;
  assert.match(text(found), /frobnicate/);
});

test('a repeat call is answered from the cache; lenient "true" force refetches', async () => {
  const args = { url: `${web.base}/notes.txt` };
  await s.client.callTool({ name: 'ctx_fetch_and_index', arguments: args });
  const cached = await s.client.callTool({ name: 'ctx_fetch_and_index', arguments: args });
  assert.match(text(cached), /^Cached:/);
  const forced = await s.client.callTool({ name: 'ctx_fetch_and_index', arguments: { ...args, force: 'true' } });
  assert.match(text(forced), /^Fetched and indexed/);
});

test('a page served from the cache is not booked as saved a second time', async () => {
  const local = await startBuiltServer({ env: { CONTEXT_MODE_ALLOW_PRIVATE_FETCH: '1' } });
  try {
    const args = { url: `${web.base}/page`, source: 'twice' };
    await local.client.callTool({ name: 'ctx_fetch_and_index', arguments: args });
    const cached = await local.client.callTool({ name: 'ctx_fetch_and_index', arguments: args });
    assert.match(text(cached), /^Cached:/);
    const stats = (await local.client.callTool({ name: 'ctx_stats', arguments: {} })) as Text;
    const { openLedgerFile } = await import('@context-mode/shared/ledger/ledger-db');
    const projects = join(local.home, 'projects');
    const db = openLedgerFile(join(projects, readdirSync(projects)[0]!, 'ledger.db'));
    try {
      const rows = db.prepare("SELECT raw_bytes FROM ledger WHERE kind = 'fetch'").all<{ raw_bytes: number }>();
      assert.equal(rows.length, 1, `one fetch row, not one per call: ${JSON.stringify(rows)}\n${text(stats)}`);
      assert.ok(rows[0]!.raw_bytes > 0);
    } finally {
      db.close();
    }
  } finally {
    await local.close();
  }
});

test('a batch given as a JSON string reports each URL and is not an error when some succeed', async () => {
  const requests = JSON.stringify([`${web.base}/data.json`, { url: `${web.base}/missing` }]);
  const r = (await s.client.callTool({
    name: 'ctx_fetch_and_index',
    arguments: { requests, concurrency: '2' },
  })) as Text;
  assert.ok(!r.isError, text(r));
  assert.match(text(r), /2 URLs: 1 new, 0 cached, 1 failed/);
  assert.match(text(r), /\[err\].*HTTP 404/);
});

test('failures come back as isError text that says what to do', async () => {
  const meta = (await s.client.callTool({
    name: 'ctx_fetch_and_index',
    arguments: { url: `${web.base}/to-metadata` },
  })) as Text;
  assert.equal(meta.isError, true);
  assert.match(text(meta), /blocked by security policy/);
  const none = (await s.client.callTool({ name: 'ctx_fetch_and_index', arguments: {} })) as Text;
  assert.equal(none.isError, true);
  assert.match(text(none), /needs a url/);
  const scheme = (await s.client.callTool({
    name: 'ctx_fetch_and_index',
    arguments: { url: 'file:///etc/passwd' },
  })) as Text;
  assert.equal(scheme.isError, true);
  assert.match(text(scheme), /only http and https/);
});

test('without the opt-in, a loopback URL is refused with the env var to set', async () => {
  const strict = await startBuiltServer();
  try {
    const r = (await strict.client.callTool({
      name: 'ctx_fetch_and_index',
      arguments: { url: `${web.base}/page` },
    })) as Text;
    assert.equal(r.isError, true);
    assert.match(text(r), /CONTEXT_MODE_ALLOW_PRIVATE_FETCH=1/);
  } finally {
    await strict.close();
  }
});

test('a batch sends MCP progress notifications when the client asks for them', async () => {
  const seen: Array<{ progress: number; total?: number }> = [];
  const r = (await s.client.callTool(
    {
      name: 'ctx_fetch_and_index',
      arguments: { requests: [`${web.base}/gzip`, `${web.base}/data.json`], force: true },
    },
    undefined,
    {
      onprogress: (p) => void seen.push({ progress: p.progress, ...(p.total !== undefined ? { total: p.total } : {}) }),
    },
  )) as Text;
  assert.ok(!r.isError, text(r));
  // The SDK client drops a progress notification that it reads in the same chunk as the response (its
  // handler is removed synchronously, notifications are handled a microtask later), so the last one may be
  // missing; the first always arrives, and what arrives counts up to the total.
  assert.ok(seen.length >= 1);
  assert.deepEqual(seen[0], { progress: 1, total: 2 });
  assert.deepEqual(
    seen,
    [
      { progress: 1, total: 2 },
      { progress: 2, total: 2 },
    ].slice(0, seen.length),
  );
});
