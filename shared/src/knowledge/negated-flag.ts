/**
 * Command-line parsers read a flag written with the `no-` prefix (`--no-cache`) as the negation of the flag it
 * prefixes, and their docs file that behaviour under "negation" ("boolean negation", "Should variables prefixed
 * with `--no` be treated as negations?"), a word users asking about it rarely write: they paste their own flag,
 * or say "a flag prefixed by no-". Such a question also searches "negation", so the section documenting the
 * prefix can be found without sharing a word with the question — but only when the docs do not write the
 * user's flag themselves: a flag the docs spell out (`--no-foo`) already finds the sections that use it, and the
 * family word would only pull in other parsers' negation sections.
 */

/** The word a negated flag implies, searched as if the question had written it. */
const NEGATION_WORD = 'negation';
/** More distinct `no-` flags than a question asks about: a pasted option list or log, not a question about one. */
const MAX_FLAGS_LOOKED_UP = 8;

/**
 * `--no-cache`, `-no-update`, `no-target-directory`, or the bare prefix (`no-`, `--no-…`); not an ordinary
 * hyphenated word that starts with "no" (`non-blocking`, `node-fetch`), nor "no" alone.
 */
const NEGATED_FLAG = /(?:^|[\s`"'(/[,])(?:--?)?no-(\p{L}[\p{L}\p{N}-]*)?(?=[\s`"'.,…:;)\]/=]|$)/gu;

/**
 * The words a question implies by writing a `no-` flag: [NEGATION_WORD] when it writes one (or the bare prefix)
 * and `docsWrite` (is this text anywhere in the store?) finds none of the flags it names; else none.
 */
export function impliedByNegatedFlag(question: string, docsWrite: (flag: string) => boolean): string[] {
  const flags = [...question.matchAll(NEGATED_FLAG)].map((m) => (m[1] ? `no-${m[1].toLowerCase()}` : ''));
  if (!flags.length) return [];
  // Each distinct flag costs one store lookup: a pasted list of thousands must not hold the search for seconds.
  const distinct = [...new Set(flags)];
  if (distinct.length > MAX_FLAGS_LOOKED_UP) return [];
  return distinct.some((f) => f && docsWrite(f)) ? [] : [NEGATION_WORD];
}
