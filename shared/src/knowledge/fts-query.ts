import { FTS_OPERATORS, STOPWORDS, hasCjk, rawWords, splitIdentifier } from './query-terms.js';
import { contextOnlyWords, isFillerInContext } from './question-context.js';
import { synonymsOf } from './synonyms.js';

/** One meaningful word of the user's query, with what the FTS and rerank stages need about it. */
export interface QueryTerm {
  /** The word as typed (NFKC), used for display and typo correction. */
  word: string;
  /** Lowercased form. */
  lower: string;
  /** Identifier parts (`useEffect` → use, effect), empty for plain words. */
  parts: string[];
  /** True when the word is a stopword kept only because nothing else was left. */
  weak: boolean;
  /** Other words for the same thing (synonyms), searched too and weighted lower in the rerank. */
  alts: string[];
  /**
   * True for a word only in the sentences around the question ("I have a Node service that reads files.
   * How do I retry?"): it may tell which document, but the question's own words decide the ranking.
   */
  context?: boolean;
}

export type FtsQuery =
  | { empty: true; reason: string }
  | {
      empty: false;
      terms: QueryTerm[];
      /** MATCH expression for the porter table: every term a quoted phrase, OR-joined. */
      porter: string;
      /** MATCH expression for the trigram table (terms of ≥ 3 characters), or null when none qualify. */
      trigram: string | null;
    };

/** Double-quotes a term as an FTS5 string: inner quotes doubled, so nothing inside can be syntax. */
export function quoteFts(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/**
 * Turns ANY user text into a safe FTS5 MATCH expression. Words are extracted (letters, digits, `_`, inner
 * `.`/`-`/`'`), FTS operators (AND, OR, NOT, NEAR) and stopwords are dropped (stopwords only when something
 * else remains), and every surviving word becomes a double-quoted phrase, OR-joined. Column filters (`col:`),
 * prefix `*`, initial-token `^`, parentheses and stray quotes therefore never reach FTS5 as syntax.
 * Text with no searchable word (empty, whitespace, only punctuation or emoji) gives `{ empty: true }`.
 */
export function buildFtsQuery(
  input: string,
  extraWords: string[] = [],
  options: { synonyms?: boolean } = {},
): FtsQuery {
  const words = rawWords(input ?? '');
  // A word written as a flag (`--no-`, `-v`) is meant literally even when it is a stopword.
  const flags = new Set(
    [...(input ?? '').matchAll(/(?:^|\s)--?([\p{L}\p{N}][\p{L}\p{N}_-]*)/gu)].map((m) =>
      m[1]!.toLowerCase().replace(/-+$/, ''),
    ),
  );
  if (words.length === 0 && extraWords.length === 0) {
    return {
      empty: true,
      reason: (input ?? '').trim() ? 'the query has no searchable words (only punctuation or symbols)' : 'empty query',
    };
  }
  const seen = new Set<string>();
  const strong: QueryTerm[] = [];
  const weak: QueryTerm[] = [];
  const all = [...words, ...extraWords];
  for (const [i, word] of all.entries()) {
    const lower = word.toLowerCase();
    if (seen.has(lower)) continue;
    // Filler here ("my app") is not filler everywhere ("configure app routing"): a later use may still count.
    const filler = i < words.length && isFillerInContext(lower, words[i - 1], words[i + 1]);
    if (!filler) seen.add(lower);
    const term: QueryTerm = { word, lower, parts: splitIdentifier(word), weak: false, alts: [] };
    if (flags.has(lower) && !FTS_OPERATORS.has(lower)) {
      strong.push(term);
    } else if (
      FTS_OPERATORS.has(lower) ||
      STOPWORDS.has(lower) ||
      filler ||
      (lower.length < 2 && !hasCjk(lower) && !/\d/.test(lower))
    ) {
      if (!weak.some((w) => w.lower === lower)) weak.push({ ...term, weak: true });
    } else {
      strong.push(term);
    }
  }
  const terms = strong.length ? strong : weak.filter((t) => !FTS_OPERATORS.has(t.lower) || weak.length === 1);
  if (terms.length === 0) return { empty: true, reason: 'the query has no searchable words' };
  const around = contextOnlyWords(input ?? '');
  if (terms.some((t) => !around.has(t.lower))) for (const t of terms) if (around.has(t.lower)) t.context = true;
  const phrases: string[] = [];
  const taken = new Set(terms.map((t) => t.lower));
  for (const t of terms) {
    phrases.push(quoteFts(t.lower));
    // The index also holds identifier parts, so `useEffect` finds "use effect" and the reverse.
    if (t.parts.length) phrases.push(quoteFts(t.parts.join(' ')));
    if (options.synonyms && !t.weak && !t.context && !t.parts.length) {
      t.alts = synonymsOf(t.lower).filter((a) => !taken.has(a));
      for (const a of t.alts) phrases.push(quoteFts(a));
    }
  }
  const tri = terms.filter((t) => [...t.lower].length >= 3).map((t) => quoteFts(t.lower));
  return {
    empty: false,
    terms,
    porter: [...new Set(phrases)].join(' OR '),
    trigram: tri.length ? [...new Set(tri)].join(' OR ') : null,
  };
}
