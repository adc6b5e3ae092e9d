// Search latency at scale and indexing throughput. Builds a 100k-chunk knowledge base in a temp dir from
// generated markdown (vocabulary sampled Zipf-like from the real corpus documents, with code fences and
// identifiers), then times ctx_search-style searches (limit 3, snippets): the real questions, random 2–4 word
// queries, and typos. The baseline, measured on the same database in the same run, is one plain FTS5 bm25
// query with the same sanitised MATCH. Env: CM_BENCH_CHUNKS (default 100000).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../shared/src/db/open-database.js';
import { buildFtsQuery } from '../shared/src/knowledge/fts-query.js';
import { openKnowledgeBase } from '../shared/src/knowledge/open-knowledge-base.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const target = Number(process.env.CM_BENCH_CHUNKS ?? 100_000);
const SECTIONS_PER_DOC = 20;

// Deterministic PRNG so every run measures the same corpus.
let seed = 42;
const rand = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
};

const manifest = JSON.parse(readFileSync(join(root, 'bench/corpus/manifest.json'), 'utf8')) as {
  documents: Array<{ path: string }>;
};
const counts = new Map<string, number>();
for (const d of manifest.documents) {
  const p = resolve(root, d.path);
  if (!existsSync(p)) continue;
  for (const w of readFileSync(p, 'utf8').match(/[A-Za-z][A-Za-z_]{2,20}/g) ?? [])
    counts.set(w, (counts.get(w) ?? 0) + 1);
}
const vocab = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
// Zipf-like: index = floor(n^u) favours the head while still reaching the tail.
const word = () => vocab[Math.min(vocab.length - 1, Math.floor(Math.pow(vocab.length, rand())) - 1)]!;
const sentence = (n: number) => Array.from({ length: n }, word).join(' ');

function makeDoc(i: number): string {
  const parts = [`# ${sentence(3)} ${i}`];
  for (let s = 1; s < SECTIONS_PER_DOC; s++) {
    parts.push(`## ${sentence(2 + Math.floor(rand() * 3))}`);
    parts.push(`${sentence(40 + Math.floor(rand() * 80))}.`);
    if (rand() < 0.25) parts.push('```js\n' + `const ${word()}${word()} = ${word()}(${word()});\n` + '```');
  }
  return parts.join('\n\n');
}

// CM_BENCH_DB keeps the generated store at that path and reuses it on the next run (for tuning search).
const keep = process.env.CM_BENCH_DB;
const dir = keep ? '' : mkdtempSync(join(tmpdir(), 'cm-latency-'));
const dbPath = keep ?? join(dir, 'knowledge.db');
const kb = openKnowledgeBase({ path: dbPath });
let chunks = kb.stats().chunks;
let bytes = kb.stats().bytes;
let docs = kb.stats().sources;
const t0 = performance.now();
const reused = chunks >= target;
while (chunks < target) {
  const r = kb.index({ source: `gen:doc-${docs}.md`, content: makeDoc(docs), format: 'markdown', kind: 'file' });
  chunks += r.chunks;
  bytes += r.bytes;
  docs++;
  if (docs % 500 === 0) process.stderr.write(`indexed ${chunks} chunks\n`);
}
const indexSec = (performance.now() - t0) / 1000;

const questions = (
  JSON.parse(readFileSync(join(root, 'bench/corpus/questions.json'), 'utf8')) as { questions: Array<{ q: string }> }
).questions.map((q) => q.q);
const randomQueries = Array.from({ length: 150 }, () => sentence(2 + Math.floor(rand() * 3)));
const typoQueries = Array.from({ length: 50 }, () => {
  const w = vocab[Math.floor(rand() * Math.min(2000, vocab.length))]!;
  const i = 1 + Math.floor(rand() * (w.length - 2));
  return `${w.slice(0, i)}${w[i + 1]}${w[i]}${w.slice(i + 2)} ${word()}`;
});
const queries = [...questions, ...randomQueries, ...typoQueries];

const raw = openDatabase(dbPath);
const plain = raw.prepare(
  'SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY bm25(chunks_fts, 4.0, 1.0) LIMIT 3',
);
// Each query is timed on its first run (cold per-query caches: word frequencies, typo lookups) and twice more;
// the reported time is the fastest of the three, which filters out pauses caused by other processes on a
// shared machine, while `firstRun` keeps the cold-cache numbers.
const firstRun: number[] = [];
function time(fn: (q: string) => unknown, keepFirst = false): number[] {
  for (const q of queries.slice(0, 20)) fn(q); // warm the connection and JIT the way a running server would be
  return queries.map((q) => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const s = performance.now();
      fn(q);
      const t = performance.now() - s;
      if (i === 0 && keepFirst) firstRun.push(t);
      best = Math.min(best, t);
    }
    return best;
  });
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return +s[Math.min(s.length - 1, Math.floor(s.length * p))]!.toFixed(2);
};
const slow: Array<[number, string]> = [];
const ours = time((q) => kb.search(q, { limit: 3, snippetBytes: 440 }), true);
queries.forEach((q, i) => slow.push([ours[i]!, q]));
slow.sort((a, b) => b[0] - a[0]);
process.stderr.write(
  `slowest:\n${slow
    .slice(0, 12)
    .map(([t, q]) => `  ${t.toFixed(1)} ms  ${q}`)
    .join('\n')}\n`,
);
const base = time((q) => {
  const f = buildFtsQuery(q);
  if (!f.empty) plain.all(f.porter);
});
raw.close();
kb.close();
const dbBytes = statSync(dbPath).size + (existsSync(`${dbPath}-wal`) ? statSync(`${dbPath}-wal`).size : 0);
if (!keep) rmSync(dir, { recursive: true, force: true });

process.stdout.write(
  JSON.stringify(
    {
      corpus: { chunks, docs, mbIndexed: +(bytes / 2 ** 20).toFixed(1), dbMb: +(dbBytes / 2 ** 20).toFixed(1) },
      indexing: reused
        ? { reusedStore: dbPath }
        : {
            seconds: +indexSec.toFixed(1),
            chunksPerSec: Math.round(chunks / indexSec),
            mbPerSec: +(bytes / 2 ** 20 / indexSec).toFixed(2),
          },
      search: { queries: queries.length, p50: pct(ours, 0.5), p95: pct(ours, 0.95), max: pct(ours, 1) },
      searchFirstRun: { p50: pct(firstRun, 0.5), p95: pct(firstRun, 0.95) },
      loadAverage: (await import('node:os')).loadavg().map((x) => +x.toFixed(1)),
      baseline_plain_bm25: { p50: pct(base, 0.5), p95: pct(base, 0.95) },
      ratios: { p95_vs_baseline: +(pct(ours, 0.95) / Math.max(0.01, pct(base, 0.95))).toFixed(2) },
      goal: { p95Ms: 10 },
    },
    null,
    2,
  ) + '\n',
);
