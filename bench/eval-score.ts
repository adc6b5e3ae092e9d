// Scoring for the held-out answer evaluation, shared by the benches that ask its questions (our search, and the
// incumbent over MCP) so both are measured by the same definitions. A search is judged on what the model reads:
// the whole answer text, and the ranked results inside it (each its heading line and snippet, with its source).
import { formatSearchAnswer, searchBudget, snippetBytesFor } from '../shared/src/knowledge/format-search.js';
import type { KnowledgeBase } from '../shared/src/knowledge/types.js';
import { foldText, isPackageSource, type EvalDoc, type EvalQuestion } from './eval-corpus.js';

/** What one search returned: the text the model reads, and its ranked results. */
export interface SearchAnswer {
  text: string;
  results: { source: string; text: string }[];
}

/** The limit every question is asked at, as a model calls ctx_search by default. */
export const EVAL_LIMIT = 3;

/** Exactly what our ctx_search does for one query at the default limit and budget. */
export function ourSearchSettings() {
  const budget = searchBudget(EVAL_LIMIT, 1);
  return { limit: EVAL_LIMIT, budget, snippetBytes: snippetBytesFor(budget, EVAL_LIMIT, 1) };
}

/** Asks one question through our real search and answer formatter; `report` is the raw search report. */
export function ourSearch(kb: KnowledgeBase, question: string) {
  const { limit, budget, snippetBytes } = ourSearchSettings();
  const report = kb.searchWithReport!(question, { limit, snippetBytes });
  const text = formatSearchAnswer([{ query: question, report }], budget);
  const answer: SearchAnswer = {
    text,
    results: report.hits.map((h) => ({ source: h.source, text: `${h.title}\n${h.snippet}` })),
  };
  return { answer, report };
}

export interface Scored {
  /** The answer string anywhere in the text the model reads. */
  hit: boolean;
  /** 1-based rank of the first result whose text holds the answer; 0 when none does. */
  rank: number;
  /** A result from the question's own package holds the answer. */
  own: boolean;
  /** The question's package is among the results. */
  docHit: boolean;
  bytes: number;
}

export function scoreAnswer(q: EvalQuestion, a: SearchAnswer): Scored {
  const want = foldText(q.answer);
  const own = (source: string) => isPackageSource(source, q.package);
  return {
    hit: foldText(a.text).includes(want),
    rank: a.results.findIndex((r) => foldText(r.text).includes(want)) + 1,
    own: a.results.some((r) => own(r.source) && foldText(r.text).includes(want)),
    docHit: a.results.some((r) => own(r.source)),
    bytes: Buffer.byteLength(a.text),
  };
}

interface Tally {
  n: number;
  hit3: number;
  strict: number;
  rr: number;
  doc: number;
  bytes: number;
}

/** Scores added per question, summed per half, per half's hard questions and per half and kind. */
export class EvalTallies {
  private readonly tallies: Record<string, Tally> = {};

  add(q: EvalQuestion, s: Scored): void {
    const keys = [q.half, `${q.half}:${q.kind}`, ...(q.hard ? [`${q.half}:hard`] : [])];
    for (const key of keys) {
      const t = (this.tallies[key] ??= { n: 0, hit3: 0, strict: 0, rr: 0, doc: 0, bytes: 0 });
      t.n++;
      if (s.hit) t.hit3++;
      if (s.own) t.strict++;
      if (s.rank) t.rr += 1 / s.rank;
      if (s.docHit) t.doc++;
      t.bytes += s.bytes;
    }
  }

  /** Questions of the half the answer string was found for. */
  hits(h: 'tune' | 'report'): number {
    return this.tallies[h]?.hit3 ?? 0;
  }

  /** One half's summary: overall, hard questions, and by kind. */
  half(h: 'tune' | 'report', documents: EvalDoc[]) {
    return {
      packages: documents.filter((d) => d.half === h).length,
      ...summary(this.tallies[h]),
      hard: summary(this.tallies[`${h}:hard`]),
      byKind: Object.fromEntries(
        Object.keys(this.tallies)
          .filter((k) => k.startsWith(`${h}:`) && k !== `${h}:hard`)
          .sort()
          .map((k) => [k.slice(h.length + 1), summary(this.tallies[k])]),
      ),
    };
  }
}

const r3 = (x: number) => +x.toFixed(3);
function summary(t: Tally | undefined) {
  return (
    t && {
      questions: t.n,
      hit3: r3(t.hit3 / t.n),
      hit3_strict: r3(t.strict / t.n),
      mrr: r3(t.rr / t.n),
      docHit3: r3(t.doc / t.n),
      meanBytes: Math.round(t.bytes / t.n),
    }
  );
}
