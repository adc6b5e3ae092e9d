/** Score cost, per hit already taken from the same parent section, of another hit from it. */
const SIBLING_PENALTY = 0.2;

/** The section a chunk sits under (its heading path without the last heading), per source. */
export function parentSection(source: string, title: string): string {
  return `${source}\u0000${title.replace(/ > [^>]*$/, '')}`;
}

/**
 * The `limit` hits to show from candidates sorted best first. Sibling sections under one long heading score
 * alike (they share its words): each hit already taken from the same parent section costs the next one
 * SIBLING_PENALTY, so three near-copies do not fill the answer. Only the best max(4 × limit, 12) are considered.
 */
export function spreadSiblings<T>(sorted: T[], limit: number, score: (c: T) => number, parent: (c: T) => string): T[] {
  const top: T[] = [];
  const pool = sorted.slice(0, Math.max(limit * 4, 12));
  while (top.length < limit && pool.length) {
    let bi = 0;
    let bv = -Infinity;
    pool.forEach((c, i) => {
      const p = parent(c);
      const v = score(c) - SIBLING_PENALTY * top.filter((t) => parent(t) === p).length;
      if (v > bv + 1e-9) {
        bv = v;
        bi = i;
      }
    });
    top.push(pool.splice(bi, 1)[0]!);
  }
  return top;
}
