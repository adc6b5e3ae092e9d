import { RANK_WEIGHTS } from './rerank.js';
import type { RankParts, RankedCandidate, SearchHit } from './types.js';

/** Runners-up shown after the hits: enough to see what nearly made it. */
const RUNNERS_UP = 3;

/** `2.36 = fused 1×1.00 + coverage 1.5×0.64 + title 0.6×0.51`: a score as its weighted parts, zeros left out. */
function sumOfParts(score: number, parts: RankParts | undefined): string {
  if (!parts) return `${score.toFixed(2)} (no score parts)`;
  const terms = (Object.keys(RANK_WEIGHTS) as Array<keyof RankParts>)
    .filter((k) => parts[k] !== 0)
    .map((k) =>
      k === 'session'
        ? `session ${parts[k] > 0 ? '+' : ''}${parts[k]}`
        : `${k} ${RANK_WEIGHTS[k]}×${parts[k].toFixed(2)}`,
    );
  return `${score.toFixed(2)} = ${terms.join(' + ') || '0'}`;
}

/**
 * Why each hit ranked where it did, one line per hit, then the best candidates that did not make it (from
 * `ranked`, when the search was run with explain), so a missing section can be seen losing and on what.
 */
export function describeRanking(hits: SearchHit[], ranked: RankedCandidate[] = []): string {
  const lines = hits.map((h, i) => `[${i + 1}] ${sumOfParts(h.score, h.parts)}`);
  const shown = new Set(hits.map((h) => h.chunkId));
  const next = ranked.filter((c) => !shown.has(c.chunkId)).slice(0, RUNNERS_UP);
  if (next.length) {
    lines.push('Next candidates:');
    for (const c of next) lines.push(`    ${c.title} — ${c.source}\n    ${sumOfParts(c.score, c.parts)}`);
  }
  return lines.join('\n');
}
