import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { pickDriver } from '../../src/db/drivers.js';
import { openKnowledgeBase } from '../../src/knowledge/open-knowledge-base.js';
import type { KnowledgeBase } from '../../src/knowledge/types.js';

// CI reruns this suite on Node 22 with CONTEXT_MODE_SQLITE_DRIVER=node:sqlite; the driver in use is in each name.
const driver = pickDriver();
const dirs: string[] = [];
const open: KnowledgeBase[] = [];
function fresh(now?: () => Date) {
  const dir = mkdtempSync(join(tmpdir(), 'cm-kb-'));
  dirs.push(dir);
  const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db'), ...(now ? { now } : {}) });
  open.push(kb);
  return { kb, dir };
}
after(() => {
  for (const kb of open) kb.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test(`[${driver}] indexed markdown is found by its heading and content`, () => {
  const { kb } = fresh();
  const r = kb.index({
    source: 'guide',
    content: '# Setup\n\n## Proxy settings\n\nSet HTTPS_PROXY before running.\n\n## Logging\n\nUse --verbose.',
    format: 'markdown',
  });
  assert.equal(r.chunks, 2);
  assert.equal(r.replaced, false);
  const hits = kb.search('configure a proxy');
  assert.equal(hits[0]?.title, 'Setup > Proxy settings');
  assert.equal(hits[0]?.source, 'guide');
  assert.equal(hits[0]?.via, 'fts');
  assert.match(hits[0]!.snippet, /HTTPS_PROXY/);
});

test(`[${driver}] re-indexing a source replaces it atomically`, () => {
  const { kb } = fresh();
  kb.index({ source: 's', content: '# A\n\nold banana text', format: 'markdown' });
  const r = kb.index({ source: 's', content: '# A\n\nnew cherry text', format: 'markdown' });
  assert.equal(r.replaced, true);
  assert.equal(kb.search('banana').length, 0);
  assert.equal(kb.search('cherry').length, 1);
  assert.equal(kb.listSources().length, 1);
  assert.deepEqual(kb.stats(), { sources: 1, chunks: 1, bytes: Buffer.byteLength('# A\n\nnew cherry text') });
});

test(`[${driver}] a failed re-index leaves the previous version intact`, () => {
  const { kb } = fresh();
  kb.index({ source: 's', content: 'durable mango', format: 'text' });
  assert.throws(() => kb.index({ source: 's', content: 'x', format: 'bogus' as never, meta: { bad: 1n } as never }));
  assert.equal(kb.search('mango').length, 1);
});

test(`[${driver}] limit is honoured exactly and chunks sharing a title are not merged`, () => {
  const { kb } = fresh();
  const md = Array.from({ length: 12 }, (_, i) => `## Example\n\nThe example number ${i} uses the widget.`).join(
    '\n\n',
  );
  kb.index({ source: 'ex', content: md, format: 'markdown' });
  for (const limit of [1, 3, 7, 12]) assert.equal(kb.search('example widget', { limit }).length, limit);
  const ids = new Set(kb.search('example widget', { limit: 12 }).map((h) => h.chunkId));
  assert.equal(ids.size, 12);
});

test(`[${driver}] source filter takes an exact label, else a partial one; unknown sources report none`, () => {
  const { kb } = fresh();
  kb.index({ source: 'file:docs/a.md', content: 'kiwi in a', format: 'text' });
  kb.index({ source: 'file:docs/b.md', content: 'kiwi in b', format: 'text' });
  kb.index({ source: 'file:src/c.ts', content: 'const kiwi = 1;', format: 'code' });
  assert.equal(kb.search('kiwi', { source: 'file:docs/a.md', limit: 5 }).length, 1);
  assert.equal(kb.search('kiwi', { source: 'docs/', limit: 5 }).length, 2);
  const r = kb.searchWithReport('kiwi', { source: 'nope' });
  assert.deepEqual(r.matchedSources, []);
  assert.equal(r.hits.length, 0);
  assert.equal(kb.search('kiwi', { source: '100%_' }).length, 0, 'LIKE wildcards in the label are literal');
  assert.deepEqual(
    kb.search('kiwi', { contentType: 'code', limit: 5 }).map((h) => h.source),
    ['file:src/c.ts'],
  );
});

test(`[${driver}] current-session content ranks above other sessions' content`, () => {
  const { kb } = fresh();
  kb.index({ source: 'old', content: 'The build failed with error E42 in parser.', format: 'text', sessionId: 'past' });
  kb.index({ source: 'new', content: 'The build failed with error E42 in parser.', format: 'text', sessionId: 'now' });
  assert.equal(kb.search('build error E42', { sessionId: 'now' })[0]?.source, 'new');
  assert.equal(kb.search('build error E42', { sessionId: 'past' })[0]?.source, 'old');
});

test(`[${driver}] a typo falls back to the nearest indexed word`, () => {
  const { kb } = fresh();
  kb.index({ source: 'k8s', content: '# Kubernetes\n\nA deployment manages replicas of pods.', format: 'markdown' });
  kb.index({ source: 'other', content: '# Other\n\nNothing relevant here at all.', format: 'markdown' });
  const r = kb.searchWithReport('deploymnet');
  assert.deepEqual(r.corrections, [{ from: 'deploymnet', to: 'deployment' }]);
  assert.equal(r.hits[0]?.source, 'k8s');
  assert.equal(r.hits[0]?.via, 'fuzzy');
  assert.equal(kb.searchWithReport('replicsa pods').hits[0]?.source, 'k8s');
});

test(`[${driver}] identifiers are found by their parts and parts by the identifier`, () => {
  const { kb } = fresh();
  kb.index({ source: 'api', content: '## getServerSideProps\n\nFetches data on each request.', format: 'markdown' });
  kb.index({ source: 'api2', content: '## Effects\n\nThe use effect hook runs after render.', format: 'markdown' });
  assert.equal(kb.search('server side props')[0]?.source, 'api');
  assert.equal(kb.search('useEffect')[0]?.source, 'api2');
});

test(`[${driver}] secrets are redacted before they are stored`, () => {
  const { kb } = fresh();
  const r = kb.index({
    source: 'env',
    content: 'password=hunter2secret\nGITHUB_TOKEN ghp_abcdefghijklmnopqrstuvwxyz0123456789',
    format: 'text',
  });
  assert.equal(r.redactions, 2);
  assert.equal(kb.search('hunter2secret').length, 0);
  assert.match(kb.search('password')[0]!.snippet, /password=\[REDACTED\]/);
});

test(`[${driver}] file-backed sources are refreshed when the file changes`, () => {
  const { kb, dir } = fresh();
  const f = join(dir, 'notes.md');
  writeFileSync(f, '# Notes\n\nThe answer is apricot.');
  kb.index({ source: 'notes', content: '# Notes\n\nThe answer is apricot.', format: 'markdown', filePath: f });
  writeFileSync(f, '# Notes\n\nThe answer is blueberry.');
  const t = new Date(Date.now() + 10_000);
  utimesSync(f, t, t);
  const r = kb.searchWithReport('answer');
  assert.deepEqual(r.refreshed, ['notes']);
  assert.match(r.hits[0]!.snippet, /blueberry/);
  assert.equal(kb.search('apricot').length, 0);
  // Touching without changing content does not re-index.
  const t2 = new Date(Date.now() + 20_000);
  utimesSync(f, t2, t2);
  assert.deepEqual(kb.searchWithReport('answer').refreshed, []);
});

test(`[${driver}] delete, purge by session and purge all`, () => {
  const { kb } = fresh();
  kb.index({ source: 'a', content: 'one lemon', format: 'text', sessionId: 's1' });
  kb.index({ source: 'b', content: 'two lemon\n\nthree lemon\n\nfour lemon', format: 'text', sessionId: 's1' });
  kb.index({ source: 'c', content: 'five lemon', format: 'text', sessionId: 's2' });
  assert.equal(kb.deleteSource('a'), true);
  assert.equal(kb.deleteSource('a'), false);
  assert.equal(kb.purgeSession('s1'), 3);
  assert.deepEqual(
    kb.listSources().map((s) => s.source),
    ['c'],
  );
  assert.equal(kb.getSource('c')?.sessionId, 's2');
  kb.purgeAll();
  assert.deepEqual(kb.stats(), { sources: 0, chunks: 0, bytes: 0 });
  assert.equal(kb.search('lemon').length, 0);
});

test(`[${driver}] source info keeps kind, file path and meta`, () => {
  const { kb } = fresh(() => new Date('2026-01-02T03:04:05.000Z'));
  kb.index({
    source: 'fetch:https://x.dev',
    content: '{"a":1}',
    format: 'json',
    kind: 'fetch',
    meta: { url: 'https://x.dev' },
  });
  const s = kb.getSource('fetch:https://x.dev')!;
  assert.equal(s.kind, 'fetch');
  assert.deepEqual(s.meta, { url: 'https://x.dev' });
  assert.equal(s.indexedAt, '2026-01-02T03:04:05.000Z');
  assert.equal(s.codeChunks, 1);
});

test(`[${driver}] a corrupt knowledge.db is moved aside and a fresh store opens`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-kb-'));
  dirs.push(dir);
  const path = join(dir, 'knowledge.db');
  writeFileSync(path, 'garbage '.repeat(1000));
  const kb = openKnowledgeBase({ path });
  open.push(kb);
  assert.ok(kb.recovered);
  assert.match(kb.recovered!.movedTo, /knowledge\.db\.corrupt-/);
  assert.ok(existsSync(kb.recovered!.movedTo));
  kb.index({ source: 'x', content: 'works again', format: 'text' });
  assert.equal(kb.search('works').length, 1);
  assert.equal(readdirSync(dir).filter((f) => f.includes('corrupt')).length, 1);
});

test(`[${driver}] snippets stay within the byte budget and mark cuts`, () => {
  const { kb } = fresh();
  // The needle sits mid-chunk (the text chunker cuts near 4 KB), so both ends of its snippet are cuts.
  const long = `${'filler words here. '.repeat(100)}The needle sits here.${' more filler text.'.repeat(200)}`;
  kb.index({ source: 'long', content: long, format: 'text' });
  const hit = kb.search('needle', { snippetBytes: 300 })[0]!;
  assert.ok(Buffer.byteLength(hit.snippet) <= 300, String(Buffer.byteLength(hit.snippet)));
  assert.match(hit.snippet, /^…/);
  assert.match(hit.snippet, /…$/);
  assert.match(hit.snippet, /needle/);
});

test(`[${driver}] re-indexing a directory forgets files deleted since`, async () => {
  const { kb, dir } = fresh();
  const { indexPath } = await import('../../src/knowledge/index-path.js');
  const { mkdirSync, unlinkSync } = await import('node:fs');
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs', 'a.md'), '# A\n\nokapi');
  writeFileSync(join(dir, 'docs', 'b.md'), '# B\n\nokapi too');
  const first = await indexPath(kb, 'docs', { projectRoot: dir });
  assert.equal(first.files.length, 2);
  unlinkSync(join(dir, 'docs', 'b.md'));
  const second = await indexPath(kb, 'docs', { projectRoot: dir });
  assert.deepEqual(second.removed, ['file:docs/b.md']);
  assert.deepEqual(
    kb.search('okapi', { limit: 5 }).map((h) => h.source),
    ['file:docs/a.md'],
  );
});

test(`[${driver}] a store open in two processes sees the other's writes, typo fallback included`, () => {
  const { kb, dir } = fresh();
  kb.index({ source: 'a', content: 'alpha text', format: 'text' });
  assert.deepEqual(kb.searchWithReport('zanzibr').corrections, [], 'nothing to correct to yet (and that is cached)');
  const other = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
  open.push(other);
  other.index({ source: 'b', content: 'the zanzibar archipelago', format: 'text' });
  const r = kb.searchWithReport('zanzibr');
  assert.deepEqual(r.corrections, [{ from: 'zanzibr', to: 'zanzibar' }]);
  assert.equal(r.hits[0]?.source, 'b');
});

test(`[${driver}] NUL bytes and lone surrogates are stored so both drivers read the same text`, () => {
  const { kb } = fresh();
  kb.index({ source: 'odd', content: 'abc\u0000 defghi \ud800 zebra', format: 'text' });
  const hit = kb.search('defghi')[0]!;
  assert.equal(hit.snippet, 'abc defghi \uFFFD zebra');
});
