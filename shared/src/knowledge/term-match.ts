import { hasCjk, lightStem } from './query-terms.js';

/** Escapes text for use inside a RegExp. */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A regex finding a term in text: stem prefix at a word start (CJK: anywhere). */
export function termMatcher(term: string): RegExp {
  const lower = term.toLowerCase();
  if (hasCjk(lower)) return new RegExp(escapeRegex(lower), 'giu');
  const stem = lightStem(lower);
  // Identifiers with separators (`next.config.js`, `snake_case`) match with any separator between parts; a
  // camelCase word arrives as its parts joined by spaces, so `keep alive timeout` also finds `keepAliveTimeout`.
  const body = stem
    .split(/[\s._'’-]+/)
    .map(escapeRegex)
    .join('[\\s._\'’-]?');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}`, 'giu');
}

/** The literal text every match of a matcher must contain (its first stem part), for a cheap pre-check. */
const needles = new WeakMap<RegExp, string>();
function needleOf(re: RegExp): string {
  let n = needles.get(re);
  if (n === undefined) {
    n = re.source.replace(/^\(\?<!\[[^\]]*\]\)/, '').split(/\[|\\/)[0]!.toLowerCase();
    needles.set(re, n);
  }
  return n;
}

/** Does `re` match `text`? `lower` is text lowercased once by the caller; most words are absent, so a plain
 * substring check answers before any regex runs. */
export function matchesIn(re: RegExp, text: string, lower: string): boolean {
  const needle = needleOf(re);
  if (needle && !lower.includes(needle)) return false;
  re.lastIndex = 0;
  return re.test(text);
}

/** Positions of each term in `text` (first 30 per term). */
export function positions(text: string, matchers: RegExp[], lower = text.toLowerCase()): number[][] {
  return matchers.map((re) => {
    const needle = needleOf(re);
    if (needle && !lower.includes(needle)) return [];
    re.lastIndex = 0;
    const out: number[] = [];
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) && out.length < 30) out.push(m.index);
    return out;
  });
}

/** Smallest character span containing one occurrence of every term that occurs (classic minimum window). */
export function minSpan(lists: number[][]): number {
  const present = lists.filter((l) => l.length);
  if (present.length < 2) return Infinity;
  const events = present.flatMap((l, t) => l.map((p) => ({ p, t }))).sort((a, b) => a.p - b.p);
  const count = new Array<number>(present.length).fill(0);
  let have = 0;
  let best = Infinity;
  let lo = 0;
  for (let hi = 0; hi < events.length; hi++) {
    if (count[events[hi]!.t]!++ === 0) have++;
    while (have === present.length) {
      best = Math.min(best, events[hi]!.p - events[lo]!.p);
      if (--count[events[lo]!.t]! === 0) have--;
      lo++;
    }
  }
  return best;
}
