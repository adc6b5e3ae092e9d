import type { Database } from '../db/types.js';

/** Largest edit distance accepted for a word of `length` characters: 1 up to 4, 2 up to 12, else 3. */
function maxEditDistance(length: number): number {
  return length <= 4 ? 1 : length <= 12 ? 2 : 3;
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions, the commonest typo), giving up
 * as soon as the distance must exceed `limit` (returns limit + 1).
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const m = a.length;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
}

/**
 * Suggests vocabulary words for query words the store has never seen. Candidates are read by length window
 * (the only ones that can be within the distance) and the closest wins; ties go to the word sharing the
 * longest prefix, since first letters are the least often mistyped. Results are cached until the vocabulary
 * changes (the caller passes a generation number).
 */
export class TypoCorrector {
  private cache = new Map<string, string | null>();
  private generation = -1;

  constructor(private readonly db: Database) {}

  isKnown(word: string): boolean {
    return this.db.prepare('SELECT 1 AS x FROM vocabulary WHERE word = ?').get(word) !== undefined;
  }

  correct(word: string, generation: number): string | undefined {
    if (generation !== this.generation) {
      this.cache.clear();
      this.generation = generation;
    }
    const lower = word.toLowerCase();
    if (this.cache.has(lower)) return this.cache.get(lower) ?? undefined;
    const best = this.search(lower);
    if (this.cache.size > 512) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(lower, best ?? null);
    return best;
  }

  private search(word: string): string | undefined {
    if (word.length < 3 || !/^[\p{L}][\p{L}\p{N}_]*$/u.test(word)) return undefined;
    const limit = maxEditDistance(word.length);
    // Candidates share the first letter, or the second (a swapped or dropped first letter): two primary-key
    // range scans instead of reading the whole vocabulary, which at 100k chunks holds tens of thousands of words.
    const starts = [...new Set([word[0]!, word[1]!])];
    const rows = starts.flatMap((c) =>
      this.db
        .prepare('SELECT word FROM vocabulary WHERE word >= ? AND word < ? AND length(word) BETWEEN ? AND ?')
        .all<{ word: string }>(
          c,
          String.fromCodePoint(c.codePointAt(0)! + 1),
          word.length - limit,
          word.length + limit,
        ),
    );
    let best: string | undefined;
    let bestDist = limit + 1;
    let bestPrefix = -1;
    for (const { word: cand } of rows) {
      const d = editDistance(word, cand, Math.min(limit, bestDist));
      if (d > limit || d > bestDist) continue;
      let p = 0;
      while (p < word.length && word[p] === cand[p]) p++;
      if (d < bestDist || p > bestPrefix) {
        best = cand;
        bestDist = d;
        bestPrefix = p;
      }
    }
    return best;
  }
}
