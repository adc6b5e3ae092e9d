/**
 * Splits a search's snippet bytes across its hits by score: the best hit, most likely to hold the answer, gets
 * the most room, and bytes a short hit does not need pass on to the hits after it. Pure arithmetic so the
 * ranking code stays about ranking.
 */

/** A hit never gets less than this share of an even split, so a low-scored hit still shows its best lines. */
const MIN_SHARE_OF_EVEN_SPLIT = 0.5;
/** …nor more than this multiple of it, so one hit cannot starve the rest. */
const MAX_SHARE_OF_EVEN_SPLIT = 2;

/**
 * Returns a function that, called once per hit in rank order with the bytes that hit really needs (its whole
 * text), says how many bytes its snippet may take. `meanBytes × scores.length` is the total handed out.
 */
export function allocateSnippetBytes(scores: number[], meanBytes: number, minBytes: number): (needed: number) => number {
  const n = scores.length;
  let remaining = Math.max(0, Math.floor(meanBytes)) * n;
  const positive = scores.map((s) => Math.max(0, s));
  let weightLeft = positive.reduce((a, b) => a + b, 0);
  let i = 0;
  return (needed: number): number => {
    const hitsLeft = n - i;
    const even = hitsLeft > 0 ? remaining / hitsLeft : remaining;
    const w = positive[i] ?? 0;
    const byScore = weightLeft > 0 ? (remaining * w) / weightLeft : even;
    const share = Math.min(even * MAX_SHARE_OF_EVEN_SPLIT, Math.max(even * MIN_SHARE_OF_EVEN_SPLIT, byScore));
    const bytes = Math.max(minBytes, Math.floor(Math.min(share, needed)));
    remaining = Math.max(0, remaining - Math.min(bytes, needed));
    weightLeft -= w;
    i++;
    return bytes;
  };
}
