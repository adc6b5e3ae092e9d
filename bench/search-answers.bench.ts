// Held-out answer evaluation (issue 10, item 3): indexes the package docs copied under bench/corpus/eval/docs
// into a temp knowledge base and asks bench/corpus/eval/questions.json through the real search and the real
// ctx_search answer formatter at limit 3. A hit is the question's `answer` string (copied from the doc) in the
// returned text — not a document label. Scored separately for the two halves, split by package: `tune` may be
// tuned on; `report` is the honest number and its misses are deliberately not printed. EVAL_SET=users asks the
// second set instead: real users' questions from the packages' GitHub issues (bench/corpus/eval/user-questions.json).
//   hit3        answer text anywhere in the formatted limit-3 answer
//   hit3_strict answer inside a result that comes from the question's own package
//   hard_hit3   hit3 over questions marked hard (paraphrase, typo, bare identifier, several concepts)
//   mrr         1/rank of the first result whose heading or snippet contains the answer (0 when none of the 3 does)
//   docHit3     the question's package is among the 3 results (the old, label-level measure)
//   meanBytes   bytes of the formatted answer, what the model reads per search
import {
  evalLabel as label,
  evalLayoutFromEnv,
  foldText as norm,
  isPackageSource,
  openEvalCorpus,
} from './eval-corpus.js';
import { EvalTallies, ourSearch, ourSearchSettings, scoreAnswer } from './eval-score.js';

const corpus = openEvalCorpus();
const { kb, questions, chunks, bytes, indexMs } = corpus;
const manifest = { documents: corpus.documents };

// Sanity: an answer the chunker did not keep verbatim in one chunk of its package can never be a hit; count them
// so a low score is not blamed on search when it is the question set (or the chunker) that is at fault.
const unanswerable = questions.filter(
  (q) =>
    ![...corpus.chunkText.values()].some(
      (c) => isPackageSource(c.source, q.package) && c.text.includes(norm(q.answer)),
    ),
);
for (const q of unanswerable)
  if (q.half === 'tune') process.stderr.write(`NOT IN ANY ONE CHUNK [tune] ${q.package}: ${q.answer}\n`);

// Exactly what ctx_search does for one query at the default limit and budget.
const { limit, budget, snippetBytes } = ourSearchSettings();
const tallies = new EvalTallies();
const latencies: number[] = [];
const misses: string[] = [];

for (const q of questions) {
  const s = performance.now();
  const { answer, report } = ourSearch(kb, q.question);
  latencies.push(performance.now() - s);
  const scored = scoreAnswer(q, answer);
  tallies.add(q, scored);
  // Misses are printed for the tune half only, so nobody tunes on the report half by reading them.
  if (!scored.hit && q.half === 'tune') {
    misses.push(
      `MISS [tune ${q.kind}] ${q.question}\n   want "${q.answer}" from ${label(q.package)} (doc ${scored.docHit ? 'returned' : 'not returned'})\n` +
        report.hits
          .map((h) => `   got  ${h.source} › ${h.title} :: ${h.snippet.replace(/\s+/g, ' ').slice(0, 160)}\n`)
          .join(''),
    );
  }
}
corpus.close();
process.stderr.write(misses.join(''));
const reportMisses = questions.filter((q) => q.half === 'report').length - tallies.hits('report');
process.stderr.write(`tune misses: ${misses.length}; report misses: ${reportMisses} (not shown)\n`);

latencies.sort((a, b) => a - b);
process.stdout.write(
  JSON.stringify(
    {
      set: corpus.set,
      layout: evalLayoutFromEnv(),
      corpus: { packages: manifest.documents.length, chunks, bytes, indexMs: Math.round(indexMs) },
      answersNotInOneChunk: {
        tune: unanswerable.filter((q) => q.half === 'tune').length,
        report: unanswerable.filter((q) => q.half === 'report').length,
      },
      search: { limit, budget, snippetBytes },
      note: 'hit = the answer string copied from the doc appears in the formatted ctx_search answer; report = held-out half (never tune on it)',
      report: tallies.half('report', manifest.documents),
      tune: tallies.half('tune', manifest.documents),
      goals_on_report: { hit3: 0.85, hard_hit3: 0.75, mrr: 0.75, maxMeanBytes: 1470 },
      searchMs: {
        p50: +latencies[Math.floor(latencies.length / 2)]!.toFixed(2),
        p95: +latencies[Math.floor(latencies.length * 0.95)]!.toFixed(2),
      },
    },
    null,
    2,
  ) + '\n',
);
