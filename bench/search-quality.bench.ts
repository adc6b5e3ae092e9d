// Search quality on real documentation: indexes the corpus of bench/corpus/manifest.json (package READMEs read
// in place from node_modules, captured docs and tool output) and asks bench/corpus/questions.json. Prints hit@1,
// hit@3, MRR@10 and mean bytes of the formatted ctx_search answer at limit 3, overall and per question kind,
// next to a baseline measured in the same run: plain FTS5 bm25 over the same index (no trigram, fusion, rerank
// or typo fallback). Misses go to stderr for tuning.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../shared/src/db/open-database.js';
import { formatForPath } from '../shared/src/knowledge/chunkers/chunk-content.js';
import { formatSearchAnswer, searchBudget, snippetBytesFor } from '../shared/src/knowledge/format-search.js';
import { buildFtsQuery } from '../shared/src/knowledge/fts-query.js';
import { openKnowledgeBase } from '../shared/src/knowledge/open-knowledge-base.js';

interface Question {
  q: string;
  kind: string;
  source: string;
  headings: string[];
  set?: string;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const corpusDir = join(root, 'bench/corpus');
const manifest = JSON.parse(readFileSync(join(corpusDir, 'manifest.json'), 'utf8')) as {
  documents: Array<{ label: string; path: string }>;
};
const allQuestions = (JSON.parse(readFileSync(join(corpusDir, 'questions.json'), 'utf8')) as { questions: Question[] })
  .questions;

const dir = mkdtempSync(join(tmpdir(), 'cm-quality-'));
const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
let indexedBytes = 0;
let chunks = 0;
const missing: string[] = [];
const t0 = performance.now();
for (const doc of manifest.documents) {
  const path = resolve(root, doc.path);
  if (!existsSync(path)) {
    missing.push(doc.path);
    continue;
  }
  const content = readFileSync(path, 'utf8');
  const r = kb.index({ source: doc.label, content, format: formatForPath(path), kind: 'file' });
  indexedBytes += r.bytes;
  chunks += r.chunks;
}
const indexMs = performance.now() - t0;
if (missing.length)
  process.stderr.write(`missing corpus files (skipped with their questions): ${missing.join(', ')}\n`);
// A question about a document this machine does not have says nothing about search quality.
const present = new Set(manifest.documents.filter((d) => !missing.includes(d.path)).map((d) => d.label));
const questions = allQuestions.filter((q) => present.has(q.source));

const isHit = (q: Question, h: { source: string; title: string }) =>
  h.source === q.source && q.headings.some((x) => h.title.toLowerCase().includes(x.toLowerCase()));

// Baseline: the same sanitised query straight into FTS5 bm25 (title weighted like ours), nothing else.
const raw = openDatabase(join(dir, 'knowledge.db'));
function baseline(query: string, limit: number): Array<{ source: string; title: string }> {
  const fq = buildFtsQuery(query);
  if (fq.empty) return [];
  return raw
    .prepare(
      `SELECT s.label AS source, c.title FROM chunks_fts f JOIN chunks c ON c.id = f.rowid JOIN sources s ON s.id = c.source_id
       WHERE chunks_fts MATCH ? ORDER BY bm25(chunks_fts, 4.0, 1.0) LIMIT ?`,
    )
    .all<{ source: string; title: string }>(fq.porter, limit);
}

interface Tally {
  n: number;
  hit1: number;
  hit3: number;
  rr: number;
  bytes: number;
}
const blank = (): Tally => ({ n: 0, hit1: 0, hit3: 0, rr: 0, bytes: 0 });
const ours: Record<string, Tally> = { all: blank(), hard: blank() };
const base: Record<string, Tally> = { all: blank(), hard: blank() };
const budget = searchBudget(3, 1);
const snippetBytes = snippetBytesFor(budget, 3, 1);
const latencies: number[] = [];

function add(t: Record<string, Tally>, kind: string, rank: number, bytes: number, set?: string) {
  const keys =
    set === 'holdout'
      ? ['holdout', ...(kind === 'keyword' ? [] : ['holdout-hard'])]
      : ['all', kind, ...(kind === 'keyword' ? [] : ['hard'])];
  for (const key of keys) {
    const x = (t[key] ??= blank());
    x.n++;
    if (rank === 1) x.hit1++;
    if (rank >= 1 && rank <= 3) x.hit3++;
    if (rank >= 1) x.rr += 1 / rank;
    x.bytes += bytes;
  }
}

for (const q of questions) {
  const s = performance.now();
  const report = kb.searchWithReport(q.q, { limit: 3, snippetBytes });
  latencies.push(performance.now() - s);
  const answer = formatSearchAnswer([{ query: q.q, report }], budget);
  const top10 = kb.search(q.q, { limit: 10, snippetBytes: 200 });
  const rank = top10.findIndex((h) => isHit(q, h)) + 1;
  const rank3 = report.hits.findIndex((h) => isHit(q, h)) + 1;
  add(ours, q.kind, rank3 || (rank > 3 ? rank : 0), Buffer.byteLength(answer), q.set);
  if (!rank3) {
    process.stderr.write(
      `MISS [${q.set ?? 'tuning'} ${q.kind}] ${q.q}\n   want ${q.source} › ${q.headings.join(' | ')} (rank ${rank || '>10'})\n` +
        report.hits.map((h) => `   got  ${h.source} › ${h.title}\n`).join(''),
    );
  }
  const b = baseline(q.q, 10);
  const brank = b.findIndex((h) => isHit(q, h)) + 1;
  // Baseline bytes: the same formatter over whole chunks, as a plain search would return them.
  add(base, q.kind, brank, 0, q.set);
}
raw.close();
kb.close();
rmSync(dir, { recursive: true, force: true });

const summarise = (t: Record<string, Tally>) =>
  Object.fromEntries(
    Object.entries(t).map(([k, v]) => [
      k,
      {
        questions: v.n,
        hit1: +(v.hit1 / v.n).toFixed(3),
        hit3: +(v.hit3 / v.n).toFixed(3),
        mrr10: +(v.rr / v.n).toFixed(3),
        ...(v.bytes ? { meanBytes: Math.round(v.bytes / v.n) } : {}),
      },
    ]),
  );
latencies.sort((a, b) => a - b);
const ourSummary = summarise(ours);
const baseSummary = summarise(base);
process.stdout.write(
  JSON.stringify(
    {
      corpus: {
        documents: manifest.documents.length - missing.length,
        chunks,
        bytes: indexedBytes,
        indexMs: Math.round(indexMs),
      },
      questions: questions.length,
      note: 'all/hard/<kind> = the tuning set; holdout = questions written after tuning stopped (the honest number)',
      ours: ourSummary,
      baseline_plain_bm25: baseSummary,
      ratios: {
        hit3_vs_baseline: +(ourSummary.all!.hit3 / Math.max(0.001, baseSummary.all!.hit3)).toFixed(2),
        hard_hit3_vs_baseline: +(ourSummary.hard!.hit3 / Math.max(0.001, baseSummary.hard!.hit3)).toFixed(2),
        bytes_vs_incumbent_2450: +(ourSummary.all!.meanBytes! / 2450).toFixed(2),
      },
      incumbent_reference: { hit3: 0.72, hard_hit3: 0.5, meanBytes: 2450 },
      searchMs: {
        p50: +latencies[Math.floor(latencies.length / 2)]!.toFixed(2),
        p95: +latencies[Math.floor(latencies.length * 0.95)]!.toFixed(2),
      },
    },
    null,
    2,
  ) + '\n',
);
