import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openDatabase } from '../../src/db/open-database.js';
import { chunkCode } from '../../src/knowledge/chunkers/chunk-code.js';
import { chunkRst, chunkRstInSteps } from '../../src/knowledge/chunkers/chunk-rst.js';
import { describeIndexResult } from '../../src/knowledge/describe-index.js';
import { formatSearchAnswer } from '../../src/knowledge/format-search.js';
import { indexPath } from '../../src/knowledge/index-path.js';
import { prepareContent, prepareContentInSlices } from '../../src/knowledge/prepare-index.js';
import { staleSourceRefresher } from '../../src/knowledge/refresh-stale-sources.js';
import { KNOWLEDGE_MIGRATIONS } from '../../src/knowledge/schema.js';
import type { KnowledgeBase } from '../../src/knowledge/types.js';
import { tempKnowledgeBase } from './temp-knowledge-base.js';

const dirs: string[] = [];
const closers: Array<() => void> = [];
after(() => {
  for (const close of closers) close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const fresh = () => tempKnowledgeBase('cm-large-');

/** A reST page with one literal block of `n` lines: ~0.8 MB at 150k lines, well under the file size cap. */
function bigBlockRst(n: number, word: string): string {
  const body = Array.from({ length: n }, (_, i) => `   line ${i}`).join('\n');
  return `Guide\n=====\n\nThe ${word} block follows.\n\n.. code-block:: text\n\n${body}\n`;
}

test('a reST section with a 150k-line block is chunked, every line kept', () => {
  const chunks = chunkRst(bigBlockRst(150_000, 'quokka'));
  const text = chunks.map((c) => c.content).join('\n');
  assert.match(text, /line 0\n/);
  assert.match(text, /line 149999$/);
  assert.ok(chunks.every((c) => c.title.startsWith('Guide')));
});

test('a code file with a 150k-line comment run is chunked, every line kept', () => {
  const code = Array.from({ length: 150_000 }, (_, i) => `// note ${i}`).join('\n') + '\nx = 1\n';
  const text = chunkCode(code)
    .map((c) => c.content)
    .join('\n');
  assert.match(text, /note 149999\nx = 1/);
});

test('a directory with a large reST file is indexed whole, the other files too', async () => {
  const { kb, dir } = fresh();
  writeFileSync(join(dir, 'big.rst'), bigBlockRst(150_000, 'quokka'));
  writeFileSync(join(dir, 'small.md'), '# Small\n\nThe bilby note.\n');
  const r = await indexPath(kb, '.', { projectRoot: dir });
  assert.deepEqual(r.files.map((f) => f.source).sort(), ['file:big.rst', 'file:small.md']);
  assert.equal(kb.search('quokka')[0]?.source, 'file:big.rst');
});

test('a file whose indexing fails is skipped with the reason; the rest of the directory is indexed', async () => {
  const { kb, dir } = fresh();
  writeFileSync(join(dir, 'a.md'), '# A\n\nThe quokka note.\n');
  writeFileSync(join(dir, 'b.md'), '# B\n\nThe bilby note.\n');
  const failing: KnowledgeBase = {
    ...kb,
    indexAsync: (input) =>
      input.source === 'file:b.md' ? Promise.reject(new Error('disk I/O error')) : kb.indexAsync(input),
  };
  const r = await indexPath(failing, '.', { projectRoot: dir });
  assert.deepEqual(
    r.files.map((f) => f.source),
    ['file:a.md'],
  );
  assert.deepEqual(r.skipped, [{ path: join(r.path, 'b.md'), reason: 'indexing failed: disk I/O error' }]);
  assert.match(
    describeIndexResult(r, r.path, (s) => `search ${s}`),
    /Skipped 1: b\.md \(indexing failed: disk I\/O error\)/,
  );
  assert.equal(kb.search('quokka')[0]?.source, 'file:a.md');
});

test('a reST file that grew a huge block: the search says it is stale, and a re-index finds the new text', async () => {
  const { kb, dir } = fresh();
  const file = join(dir, 'guide.rst');
  writeFileSync(file, 'Guide\n=====\n\nThe quokka page.\n');
  await indexPath(kb, 'guide.rst', { projectRoot: dir });
  writeFileSync(file, bigBlockRst(150_000, 'bilby'));
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);
  const stale = kb.searchWithReport('quokka');
  assert.deepEqual(stale.notRefreshed, ['file:guide.rst']);
  assert.equal(stale.hits[0]?.source, 'file:guide.rst');
  await indexPath(kb, 'guide.rst', { projectRoot: dir });
  const r = kb.searchWithReport('bilby');
  assert.equal(r.notRefreshed, undefined);
  assert.equal(r.hits[0]?.source, 'file:guide.rst');
});

test('a file that fails to re-index at search time keeps its old text and is not retried until it changes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-refresh-'));
  dirs.push(dir);
  const file = join(dir, 'notes.md');
  writeFileSync(file, '# Notes\n\nnew text\n');
  const db = openDatabase(':memory:', { migrations: KNOWLEDGE_MIGRATIONS });
  closers.push(() => db.close());
  db.prepare(
    `INSERT INTO sources (label, kind, format, file_path, content_hash, mtime_ms, chunk_count, code_chunk_count,
       bytes, indexed_at) VALUES ('file:notes.md', 'file', 'markdown', ?, 'old-hash', 1, 1, 0, 10, '2026-01-01')`,
  ).run(file);
  let calls = 0;
  const refresh = staleSourceRefresher(() => {
    calls++;
    throw new RangeError('Maximum call stack size exceeded');
  });
  const none = { refreshed: [], notRefreshed: [] };
  assert.deepEqual(refresh(db), none, 'the failure is not thrown into the search');
  assert.deepEqual(refresh(db), none);
  assert.equal(calls, 1, 'the same failing version is not re-chunked on every search');
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);
  refresh(db);
  assert.equal(calls, 2, 'a new version is tried again');
  assert.equal(db.prepare('SELECT count(*) AS n FROM sources').get<{ n: number }>()?.n, 1, 'the old source stays');
});

test('a changed file too large to re-index during a search answers from its old text and says so', () => {
  const { kb, dir } = tempKnowledgeBase('cm-refresh-large-');
  const file = join(dir, 'data.md');
  writeFileSync(file, '# Data\n\nThe walrus count is 7.\n');
  kb.index({
    source: 'file:data.md',
    content: '# Data\n\nThe walrus count is 7.\n',
    format: 'markdown',
    filePath: file,
  });
  // The file grows past the limit: re-indexing it would hold the search's event loop for seconds.
  writeFileSync(file, `# Data\n\nThe walrus count is 8.\n\n${'filler line of data\n'.repeat(60_000)}`);
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);
  const r = kb.searchWithReport!('walrus count');
  assert.deepEqual(r.notRefreshed, ['file:data.md']);
  assert.deepEqual(r.refreshed, []);
  assert.match(r.hits[0]?.snippet ?? '', /walrus count is 7/);
  assert.match(
    formatSearchAnswer([{ query: 'walrus count', report: r }], 2000),
    /^\(changed since indexed, too large to re-index during a search, so older text answered: file:data\.md; re-index with ctx_index\)/,
  );
});

/** Sections in three adornment styles, each first used deep into the file, so later steps depend on earlier ones. */
function manySections(count: number): string {
  let doc = ':title: Manual\n\nIntro text.\n\n';
  for (let s = 0; s < count; s++) {
    const style = s < count / 3 ? '=' : s % 3 === 0 ? '=' : s % 3 === 1 ? '-' : '~';
    const title = `Part ${s} \`\`opt${s}\`\``;
    doc += `${title}\n${style.repeat(title.length)}\n\nSee :func:\`run${s}\`.\n\n::\n\n    code ${s}\n\n`;
    if (s % 50 === 0) doc += '.. toctree::\n\n   a\n   b\n\n';
  }
  return doc;
}

test('reST chunked in steps gives exactly the chunks of chunking it in one go', async () => {
  const doc = manySections(3000);
  const whole = chunkRst(doc);
  const batches = [...chunkRstInSteps(doc, 4096, 7)];
  assert.ok(batches.length > 100, 'many steps');
  assert.deepEqual(batches.flat(), whole);
  assert.ok(
    whole.some((c) => c.title.includes(' > ')),
    'nested levels survive the steps',
  );

  const pauses: number[] = [];
  const sliced = await prepareContentInSlices(doc, 'rst', 4096, () => void pauses.push(1));
  assert.deepEqual(sliced.chunks, prepareContent(doc, 'rst', 4096).chunks);
  assert.ok(pauses.length > 3, 'the non-blocking indexer pauses while chunking');
});
