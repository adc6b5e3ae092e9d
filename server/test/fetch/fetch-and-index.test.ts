import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openKnowledgeBase } from '@context-mode/shared/knowledge/open-knowledge-base';
import type { KnowledgeBase } from '@context-mode/shared/knowledge/types';
import { fetchAndIndex, fetchLabel } from '../../src/fetch/fetch-and-index.js';
import { formatFetchAnswer } from '../../src/fetch/format-fetch-answer.js';
import { startLocalServer } from './local-http-server.js';

let srv: Awaited<ReturnType<typeof startLocalServer>>;
let dir: string;
let kb: KnowledgeBase;
before(async () => {
  srv = await startLocalServer();
  dir = mkdtempSync(join(tmpdir(), 'cm-fetch-kb-'));
  kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
});
after(async () => {
  kb.close();
  rmSync(dir, { recursive: true, force: true });
  await srv.close();
});

test('a fetched page is indexed under <source>::<url> and is searchable', async () => {
  const url = `${srv.base}/page`;
  const [o] = await fetchAndIndex(kb, [{ url, source: 'widgets' }], { allowPrivate: true });
  assert.equal(o!.status, 'new');
  assert.equal(o!.label, `widgets::${url}`);
  assert.ok(o!.chunks >= 1);
  const info = kb.getSource(o!.label);
  assert.equal(info?.kind, 'fetch');
  assert.equal((info?.meta as { url?: string })?.url, url);
  const hits = kb.search('frobnicate speed', { source: 'widgets' });
  assert.ok(hits.length > 0);
  assert.ok(!hits.some((h) => h.snippet.includes('NAVIGATION_NOISE')));
});

test('a second fetch within the TTL is a cache hit without a request; force and ttl 0 refetch', async () => {
  const url = `${srv.base}/notes.txt`;
  await fetchAndIndex(kb, [{ url }], { allowPrivate: true });
  const before = srv.hits.get('/notes.txt');
  const [cached] = await fetchAndIndex(kb, [{ url }], { allowPrivate: true });
  assert.equal(cached!.status, 'cache');
  assert.equal(srv.hits.get('/notes.txt'), before);
  const [forced] = await fetchAndIndex(kb, [{ url }], { allowPrivate: true, force: true });
  assert.equal(forced!.status, 'new');
  const [zero] = await fetchAndIndex(kb, [{ url }], { allowPrivate: true, ttlMs: 0 });
  assert.equal(zero!.status, 'new');
  assert.equal(srv.hits.get('/notes.txt'), before! + 2);
  // Expired: a clock a day later refetches.
  const [stale] = await fetchAndIndex(kb, [{ url }], { allowPrivate: true, now: () => Date.now() + 25 * 3600_000 });
  assert.equal(stale!.status, 'new');
});

test('the same URL under two sources is two cache entries', () => {
  assert.notEqual(fetchLabel({ url: 'https://a/x', source: 'one' }), fetchLabel({ url: 'https://a/x', source: 'two' }));
  assert.equal(fetchLabel({ url: 'https://a/x' }), 'fetch:https://a/x');
});

test('a batch keeps order, fetches concurrently, and reports failures per URL', async () => {
  const requests = [
    { url: `${srv.base}/data.json` },
    { url: `${srv.base}/missing` },
    { url: `${srv.base}/gzip` },
    { url: `${srv.base}/empty` },
  ];
  const seen: number[] = [];
  const out = await fetchAndIndex(kb, requests, {
    allowPrivate: true,
    concurrency: 3,
    onSettled: (d) => void seen.push(d),
  });
  assert.deepEqual(
    out.map((o) => o.status),
    ['new', 'error', 'new', 'error'],
  );
  assert.match(out[1]!.error!, /HTTP 404/);
  assert.match(out[3]!.error!, /no readable text/);
  assert.deepEqual(seen, [1, 2, 3, 4]);
  assert.equal(out[0]!.kind, 'json');
  assert.ok(kb.search('endpoints ping').length > 0);
});

test('the answer fits the budget and names the exact search call', async () => {
  const outs = await fetchAndIndex(kb, [{ url: `${srv.base}/page`, source: 'budget' }], {
    allowPrivate: true,
    force: true,
  });
  for (const budget of [4096, 700]) {
    const text = formatFetchAnswer(outs, budget, 'mcp__context-mode__ctx_search', 24);
    assert.ok(Buffer.byteLength(text) <= budget, `${Buffer.byteLength(text)} > ${budget}`);
    assert.match(text, /sections/);
    assert.ok(text.includes(`mcp__context-mode__ctx_search(source: "budget::${srv.base}/page"`));
  }
  const many = Array.from({ length: 32 }, (_, i) => ({ ...outs[0]!, label: `label-${i}-${'x'.repeat(100)}` }));
  const text = formatFetchAnswer(many, 1024, 'ctx_search', 24);
  assert.ok(Buffer.byteLength(text) <= 1024);
  assert.match(text, /32 URLs/);
});
