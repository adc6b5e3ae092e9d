// Does the answer survive how a user words the question? (issue 10: questions "as a user would ask".) Every
// question of the answer evaluation (see search-answers.bench.ts) is asked as written and wrapped in common
// conversational framings or with a sentence of context, through the real search and answer formatter; hit@3
// per framing and half. A robust search scores about the same under every framing. The framings were chosen on
// the tune half only.
import { openEvalCorpus } from './eval-corpus.js';
import { EvalTallies, ourSearch, scoreAnswer } from './eval-score.js';

const FRAMINGS: Record<string, (q: string, pkg: string) => string> = {
  asWritten: (q) => q,
  howCanI: (q) => `How can I ${q}?`,
  tryingTo: (q) => `I'm trying to figure out how to ${q}`,
  bestWay: (q) => `what is the best way to ${q}`,
  inThisLibrary: (q) => `In this library, ${q}?`,
  usingThisPackage: (q) => `Using this package, ${q}`,
  inMyProject: (q) => `how do I ${q} in my project`,
  thanks: (q) => `Hi! ${q}? Thanks`,
  shouting: (q) => q.toUpperCase(),
  // A sentence of context around the question: its words must not pull the ranking away from the question's.
  contextBefore: (q) => `I have a small Node service that reads its settings from files and talks to a few APIs. ${q}`,
  contextAfter: (q) => `${q}? I have a small Node service that reads its settings from files.`,
  // Context naming the package asked about (without its npm scope) should only help.
  namesPackage: (q, pkg) => `I'm using ${pkg.replace(/^@[^/]+\//, '')} in a TypeScript project. ${q}`,
  // A runtime named in the question: real context, not filler, so a drop here is expected.
  inNodeJs: (q) => `${q} in node.js`,
};

const corpus = openEvalCorpus();
const out: Record<string, { report: number; tune: number }> = {};
for (const [name, frame] of Object.entries(FRAMINGS)) {
  const tallies = new EvalTallies();
  for (const q of corpus.questions)
    tallies.add(q, scoreAnswer(q, ourSearch(corpus.kb, frame(q.question, q.package)).answer));
  const hit3 = (h: 'report' | 'tune') => tallies.half(h, corpus.documents).hit3 ?? 0;
  out[name] = { report: hit3('report'), tune: hit3('tune') };
}
corpus.close();
const base = out.asWritten!;
const filler = Object.entries(out).filter(([k]) => !['asWritten', 'inNodeJs', 'namesPackage'].includes(k));
process.stdout.write(
  JSON.stringify(
    {
      note: 'hit@3 per framing of the same questions; worstFillerDrop = largest fall from asWritten over the framings that add only filler or unrelated context',
      hit3: out,
      worstFillerDrop: {
        report: +Math.max(...filler.map(([, v]) => base.report - v.report)).toFixed(3),
        tune: +Math.max(...filler.map(([, v]) => base.tune - v.tune)).toFixed(3),
      },
    },
    null,
    2,
  ) + '\n',
);
