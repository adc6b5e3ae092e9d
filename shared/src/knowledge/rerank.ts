import type { QueryTerm } from './fts-query.js';
import type { KnowledgeInternals } from './open-knowledge-base.js';
import { hasCjk, lightStem } from './query-terms.js';
import { definitionTests, namedTerms } from './defined-terms.js';
import { headingNamesCall } from './called-api.js';
import { sourceNames } from './named-source.js';
import { withoutBoilerplate } from './snippet.js';
import { idfOf } from './term-frequency.js';
import { escapeRegex, matchesIn, minSpan, positions, termMatcher } from './term-match.js';
import type { RankParts } from './types.js';

/**
 * Rerank weights: score = Σ weight × part (see RankParts). Tuned on the tune half of bench/corpus/eval and
 * checked on its report half; nearby values score within a question or two of each other, so these are round
 * numbers rather than fitted ones, and refitting them (bench/search-refit.bench.ts) gains nothing on packages
 * the fit did not see. `session` is the bonus itself.
 */
export const RANK_WEIGHTS: Readonly<Record<keyof RankParts, number>> = {
  fused: 1,
  coverage: 1.5,
  title: 0.6,
  proximity: 0.25,
  phrase: 0.3,
  label: 0.3,
  named: 2,
  called: 0.25,
  session: 1,
};
/** Query-word weights are IDF raised to this power, so a generic word ("error", "windows") counts for less. */
const IDF_POWER = 1.5;
/** A synonym counts for this share of the word it stands in for. */
const ALT_WEIGHT = 0.6;
/**
 * A word's weight is at least this share of its rarest searched synonym's IDF, so a common word whose synonym is
 * rare still tells the rerank something.
 */
const SYNONYM_IDF_SHARE = 0.8;
/** Matched words spread over this many characters per query word halve the proximity score. */
const PROXIMITY_SPAN_PER_WORD = 30;
/** Snippet weight of a word that every chunk holds (IDF 0): it still marks a line as on topic, just barely. */
const MIN_SNIPPET_WEIGHT = 0.1;
/** The caller's own session's content ranks up; another session's content ranks slightly down. */
const OWN_SESSION_BONUS = 0.35;
const OTHER_SESSION_PENALTY = -0.15;

/** What the rerank reads of a candidate chunk. */
interface RerankRow {
  title: string;
  content: string;
  label: string;
  session_id: string | null;
}

export interface Reranker {
  /** The parts of a candidate's score; `fused` is its fused rank score over the best one's. */
  score(row: RerankRow, fused: number): { parts: RankParts; originalHit: boolean };
  /** Matchers and IDF weights for choosing snippet lines: the query words and their searched synonyms. */
  snippetMatchers: RegExp[];
  snippetWeights: number[];
  /** Lines that start by defining a name the question asks about, and the name's weight (defined-terms.ts). */
  snippetDefinitions: Array<{ re: RegExp; weight: number }>;
}

/** Σ weight × part. */
export function rankScore(parts: RankParts): number {
  let s = 0;
  for (const k of Object.keys(RANK_WEIGHTS) as Array<keyof RankParts>) s += RANK_WEIGHTS[k] * parts[k];
  return s;
}

/**
 * Builds the scorer for one query. `original` are the words as typed (after typo fixes), `terms` the same words
 * with their synonyms, of which only `searchedAlts` count.
 */
export function buildReranker(
  state: KnowledgeInternals,
  original: QueryTerm[],
  terms: QueryTerm[],
  searchedAlts: Set<string>,
  sessionId: string | undefined,
  namedLabels: ReadonlySet<string> = new Set(),
  query = '',
): Reranker {
  // One group per query word: the word itself (weight 1) and its synonyms (weight ALT_WEIGHT), IDF-weighted,
  // so a rare word the user typed counts for more than a common one and an unmatched word costs nothing.
  // Words only in the sentences around a question (QueryTerm.context) do not score; naming the source still does.
  // A name the question gives a package whose docs are several files (a directory indexed under one label, a
  // package's folder) says which source (the `named` part), not which of its files: in the coverage and title
  // parts it would favour the one file that repeats the name (the README's opening) over the one that answers. In
  // a single document every section's heading path carries the name, so there it is left as it is.
  const namedCount = new Map<string, number>();
  for (const l of namedLabels) for (const n of sourceNames(l)) namedCount.set(n, (namedCount.get(n) ?? 0) + 1);
  const namedWords = new Set([...namedCount].filter(([, n]) => n > 1).map(([w]) => w));
  const groups = terms
    .filter((t) => !t.context && !namedWords.has(t.lower))
    .map((t) => {
      const own = termMatcher(t.parts.length ? t.parts.join(' ') : t.lower);
      const used = t.alts.filter((a) => searchedAlts.has(a));
      const alts = used.map((a) => termMatcher(a));
      const idf =
        Math.max(
          idfOf(state, t.parts.length ? t.parts.join(' ') : t.lower),
          ...used.map((a) => SYNONYM_IDF_SHARE * idfOf(state, a)),
        ) ** IDF_POWER;
      return { term: t, own, alts, altWords: used, idf, original: original.some((o) => o.lower === t.lower) };
    });
  const totalIdf = groups.reduce((a, g) => a + g.idf, 0) || 1;
  const snippetDefinitions = definitionTests(
    namedTerms(query, original),
    (t) => groups.find((g) => g.term.lower === t.lower)?.idf || MIN_SNIPPET_WEIGHT,
  );
  const pairs = adjacentPairMatchers(original.filter((t) => !t.context));
  const labelTerms = original
    .filter((t) => t.lower.length >= 3 && !t.weak)
    .map((t) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(t.lower)}(?![\\p{L}\\p{N}])`, 'u'));
  const matchers = groups.map((g) => g.own);
  // In snippets a word also counts inside an identifier ("cache" in `LRUCache`): the line naming the API is the
  // answer more often than not. The rerank does not, since nearly every name would match a common word.
  const snippetMatchers = groups.flatMap((g) => {
    const t = g.term;
    return [
      termMatcher(t.parts.length ? t.parts.join(' ') : t.lower, { humps: true }),
      ...g.altWords.map((a) => termMatcher(a, { humps: true })),
    ];
  });
  const snippetWeights = groups.flatMap((g) => {
    const weight = g.idf || MIN_SNIPPET_WEIGHT;
    return [weight, ...g.alts.map(() => ALT_WEIGHT * weight)];
  });

  const namesCall = headingNamesCall(query);

  function score(row: RerankRow, fused: number): { parts: RankParts; originalHit: boolean } {
    // Badge rows and link definitions say nothing about what a chunk covers.
    const titleLower = row.title.toLowerCase();
    const body = withoutBoilerplate(row.content);
    const contentLower = body.toLowerCase();
    const pos = positions(body, matchers, contentLower);
    let covered = 0;
    let titleCovered = 0;
    let originalHit = false;
    groups.forEach((g, i) => {
      const ownTitle = matchesIn(g.own, titleLower, titleLower);
      const ownBody = pos[i]!.length > 0;
      let w = ownTitle || ownBody ? 1 : 0;
      let tw = ownTitle ? 1 : 0;
      if (!w || !tw) {
        for (const a of g.alts) {
          const inTitle = matchesIn(a, titleLower, titleLower);
          if (!w && (inTitle || matchesIn(a, body, contentLower))) w = ALT_WEIGHT;
          if (!tw && inTitle) tw = ALT_WEIGHT;
        }
      }
      covered += w * g.idf;
      titleCovered += tw * g.idf;
      if ((ownTitle || ownBody) && g.original) originalHit = true;
    });
    const span = minSpan(pos);
    const label = row.label.toLowerCase();
    const parts: RankParts = {
      fused,
      coverage: covered / totalIdf,
      title: titleCovered / totalIdf,
      proximity: Number.isFinite(span) ? 1 / (1 + span / (PROXIMITY_SPAN_PER_WORD * groups.length)) : 0,
      phrase: pairs.length
        ? pairs.filter((found) => found(titleLower) || found(contentLower)).length / pairs.length
        : 0,
      // Naming the library or file in the question ("use raw-body with …") points at that source.
      label: labelTerms.some((re) => re.test(label)) ? 1 : 0,
      named: namedLabels.has(row.label) ? 1 : 0,
      // A pasted call (`lockFile.lock(…)`) points at the section headed by that API (called-api.ts).
      called: namesCall?.(row.title) ? 1 : 0,
      session:
        sessionId && row.session_id ? (row.session_id === sessionId ? OWN_SESSION_BONUS : OTHER_SESSION_PENALTY) : 0,
    };
    return { parts, originalHit };
  }
  return { score, snippetMatchers, snippetWeights, snippetDefinitions };
}

/**
 * Consecutive query words written next to each other in a chunk ("server sent events", "top level") say more
 * than the same words scattered through it: one test per pair (one word may sit between), on lowercased text.
 */
function adjacentPairMatchers(original: QueryTerm[]): Array<(lower: string) => boolean> {
  return original
    .slice(1)
    .map((t, i) => [original[i]!, t] as const)
    .filter(([a, b]) => !a.weak && !b.weak && !hasCjk(a.lower) && !hasCjk(b.lower))
    .map(([a, b]) => {
      const stem = (w: string) => lightStem(w.replace(/[._'’-]+/g, ' ')).replace(/\s+/g, ' ');
      const source = (w: string) => escapeRegex(stem(w)).replace(/ /g, '[\\s._-]?');
      const re = new RegExp(
        `(?<![\\p{L}\\p{N}])${source(a.lower)}[\\p{L}\\p{N}]*[\\s_-]+(?:[\\p{L}\\p{N}]+[\\s_-]+)?${source(b.lower)}`,
        'u',
      );
      // Both stems as plain substrings first: most chunks lack one of them, and includes() is cheaper.
      const needles = [stem(a.lower).split(' ')[0]!, stem(b.lower).split(' ')[0]!];
      return (lower: string) => needles.every((n) => lower.includes(n)) && re.test(lower);
    });
}
