/**
 * Splits a search's snippet bytes across its hits by score: the best hit, most likely to hold the answer, gets
 * the most room, and bytes a short hit does not need go to the hits that were cut, best first. Pure
 * arithmetic so the ranking code stays about ranking.
 */

/** A hit never gets less than this share of an even split, so a low-scored hit still shows its best lines. */
const MIN_SHARE_OF_EVEN_SPLIT = 0.5;
/** …nor more than this multiple of it, so one hit cannot starve the rest. */
const MAX_SHARE_OF_EVEN_SPLIT = 2;

/**
 * Snippet bytes for each hit, in rank order. `needed[i]` is what hit i really needs (its whole text);
 * `meanBytes × scores.length` is the total handed out. First pass: each hit in turn gets a score-weighted
 * share of what is left, capped by its need, so a short hit's leftover passes on to the hits after it. Second
 * pass: whatever is still unspent (left by the last hits) goes back to the hits that were cut, best first.
 */
export function allocateSnippetBytes(
  scores: number[],
  needed: number[],
  meanBytes: number,
  minBytes: number,
): number[] {
  const n = scores.length;
  const total = Math.max(0, Math.floor(meanBytes)) * n;
  let remaining = total;
  const positive = scores.map((s) => Math.max(0, s));
  let weightLeft = positive.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const need = needed[i] ?? 0;
    const even = remaining / (n - i);
    const w = positive[i]!;
    const byScore = weightLeft > 0 ? (remaining * w) / weightLeft : even;
    const share = Math.min(even * MAX_SHARE_OF_EVEN_SPLIT, Math.max(even * MIN_SHARE_OF_EVEN_SPLIT, byScore));
    const bytes = Math.max(minBytes, Math.floor(Math.min(share, need)));
    remaining = Math.max(0, remaining - Math.min(bytes, need));
    weightLeft -= w;
    out.push(bytes);
  }
  for (let i = 0; i < n && remaining > 0; i++) {
    const need = needed[i] ?? 0;
    if (out[i]! >= need) continue;
    const extra = Math.min(need - out[i]!, remaining);
    out[i]! += extra;
    remaining -= extra;
  }
  return out;
}
