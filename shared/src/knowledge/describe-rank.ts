import { RANK_WEIGHTS } from './rerank.js';
import type { RankParts, SearchHit } from './types.js';

/**
 * One line per hit saying why it ranked where it did: its score as the weighted sum of its parts, parts that
 * add nothing left out, e.g. `[1] 2.36 = fused 1×1.00 + coverage 1.5×0.64 + title 0.6×0.51`.
 */
export function describeRanking(hits: SearchHit[]): string {
  return hits
    .map((h, i) => {
      if (!h.parts) return `[${i + 1}] ${h.score.toFixed(2)} (no score parts)`;
      const terms = (Object.keys(RANK_WEIGHTS) as Array<keyof RankParts>)
        .filter((k) => h.parts![k] !== 0)
        .map((k) =>
          k === 'session'
            ? `session ${h.parts![k] > 0 ? '+' : ''}${h.parts![k]}`
            : `${k} ${RANK_WEIGHTS[k]}×${h.parts![k].toFixed(2)}`,
        );
      return `[${i + 1}] ${h.score.toFixed(2)} = ${terms.join(' + ') || '0'}`;
    })
    .join('\n');
}
