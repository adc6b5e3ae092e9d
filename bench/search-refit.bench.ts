// Can the rerank weights be bettered, on packages the fit has not seen? (issue 10, item 2.) Uses only the tune
// half of the answer evaluation (see search-answers.bench.ts): its packages are cut into FOLDS groups; for each,
// the weights are refitted by coordinate ascent on the other groups (maximising hit@3 + MRR) and scored on the
// held-out group, next to the shipped RANK_WEIGHTS on the same group. The candidates and their score parts come
// from the real search (explain), so the refit re-orders exactly what the search would have ranked.
//   shipped / refit   hit@3 and MRR over the held-out groups (an answering chunk among the 3 hits)
//   inSample          the refit scored on the packages it was fitted on, to show how much of its gain is fitting
// A refit that beats the shipped weights out of sample is a real gain; one that only wins in sample is noise.
import { createHash } from 'node:crypto';
import { RANK_WEIGHTS } from '../shared/src/knowledge/rerank.js';
import { parentSection, spreadSiblings } from '../shared/src/knowledge/spread-siblings.js';
import type { RankParts } from '../shared/src/knowledge/types.js';
import { evalLabel, foldText, openEvalCorpus } from './eval-corpus.js';

const FOLDS = 4;
const LIMIT = 3;
const STEPS = [0.4, 0.2, 0.1, 0.05];
type Weights = Record<keyof RankParts, number>;
/** What a refit may move; fused is the scale, session is 0 throughout this corpus. */
const FREE: Array<keyof RankParts> = ['coverage', 'title', 'proximity', 'phrase', 'label'];

interface Case {
  pkg: string;
  hits: Array<{ parts: RankParts; parent: string; answers: boolean }>;
}

const corpus = openEvalCorpus();
const cases: Case[] = [];
for (const q of corpus.questions.filter((x) => x.half === 'tune')) {
  const want = foldText(q.answer);
  // Exactly the candidates a limit-3 search scores (its head), with their parts.
  const ranked = corpus.kb.searchWithReport!(q.question, { limit: LIMIT, explain: true }).ranked ?? [];
  cases.push({
    pkg: q.package,
    hits: ranked.map((h) => {
      const c = corpus.chunkText.get(h.chunkId);
      return {
        parts: h.parts,
        parent: parentSection(h.source, h.title),
        answers: !!c && c.source === evalLabel(q.package) && c.text.includes(want),
      };
    }),
  });
}
corpus.close();

function scoreCases(w: Weights, set: Case[]): { hit3: number; mrr: number } {
  let hit = 0;
  let rr = 0;
  for (const c of set) {
    const sorted = c.hits
      .map((h) => ({ h, s: (Object.keys(w) as Array<keyof RankParts>).reduce((a, k) => a + w[k] * h.parts[k], 0) }))
      .sort((a, b) => b.s - a.s);
    // The search's own choice of hits from its sorted candidates.
    const top = spreadSiblings(
      sorted,
      LIMIT,
      (t) => t.s,
      (t) => t.h.parent,
    );
    const rank = top.findIndex((t) => t.h.answers) + 1;
    if (rank) {
      hit++;
      rr += 1 / rank;
    }
  }
  return { hit3: hit / (set.length || 1), mrr: rr / (set.length || 1) };
}

function refit(set: Case[]): Weights {
  const value = (w: Weights) => {
    const s = scoreCases(w, set);
    return s.hit3 + s.mrr;
  };
  let best: Weights = { ...RANK_WEIGHTS };
  let bestValue = value(best);
  for (const step of STEPS) {
    for (let improved = true; improved;) {
      improved = false;
      for (const k of FREE) {
        for (const d of [step, -step]) {
          const w = { ...best, [k]: +(best[k] + d).toFixed(3) };
          const v = value(w);
          if (v > bestValue + 1e-9) {
            best = w;
            bestValue = v;
            improved = true;
          }
        }
      }
    }
  }
  return best;
}

// Folds by package: packages sorted by a hash of the name, dealt round-robin (fixed, and independent of file order).
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const packages = [...new Set(cases.map((c) => c.pkg))].sort((a, b) => sha1(a).localeCompare(sha1(b)));
const fold = (pkg: string) => packages.indexOf(pkg) % FOLDS;
const sum = { shipped: { hit3: 0, mrr: 0 }, refit: { hit3: 0, mrr: 0 }, inSample: { hit3: 0, mrr: 0 } };
const folds = [];
for (let f = 0; f < FOLDS; f++) {
  const test = cases.filter((c) => fold(c.pkg) === f);
  const train = cases.filter((c) => fold(c.pkg) !== f);
  const w = refit(train);
  const shipped = scoreCases({ ...RANK_WEIGHTS }, test);
  const fitted = scoreCases(w, test);
  const inSample = scoreCases(w, train);
  for (const [k, v] of [
    ['shipped', shipped],
    ['refit', fitted],
  ] as const) {
    sum[k].hit3 += v.hit3 * test.length;
    sum[k].mrr += v.mrr * test.length;
  }
  sum.inSample.hit3 += inSample.hit3 / FOLDS;
  sum.inSample.mrr += inSample.mrr / FOLDS;
  folds.push({ questions: test.length, shipped, refit: fitted, weights: w });
}
const r3 = (x: number) => +x.toFixed(3);
const n = cases.length;
process.stdout.write(
  JSON.stringify(
    {
      questions: n,
      folds: FOLDS,
      note: 'tune half only, folds by package; hit3/mrr = an answering chunk among the 3 hits (chunk level)',
      shipped: { hit3: r3(sum.shipped.hit3 / n), mrr: r3(sum.shipped.mrr / n) },
      refit: { hit3: r3(sum.refit.hit3 / n), mrr: r3(sum.refit.mrr / n) },
      inSample: { hit3: r3(sum.inSample.hit3), mrr: r3(sum.inSample.mrr) },
      perFold: folds.map((f) => ({
        questions: f.questions,
        shipped: { hit3: r3(f.shipped.hit3), mrr: r3(f.shipped.mrr) },
        refit: { hit3: r3(f.refit.hit3), mrr: r3(f.refit.mrr) },
        weights: f.weights,
      })),
    },
    null,
    2,
  ) + '\n',
);
