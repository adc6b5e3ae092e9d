import { hasCjk, lightStem } from './query-terms.js';

/** Escapes text for use inside a RegExp. */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `[cC]` for a letter with two cases, else the character escaped: case-blind matching without the `i` flag. */
function anyCase(ch: string): string {
  const lo = ch.toLowerCase();
  const up = ch.toUpperCase();
  return lo !== up && lo.length === 1 && up.length === 1 ? `[${lo}${up}]` : escapeRegex(ch);
}

/** The literal text every match of a matcher contains (lowercased), for a cheap pre-check before the regex. */
const needles = new WeakMap<RegExp, string>();

/**
 * A regex finding a term in text: its stem as a prefix at a word start (CJK: anywhere). With `humps`, also at
 * a camelCase hump (`cidr` in `parseCIDR`, `cache` in `LRUCache`), as the index's identifier expansions find it.
 */
export function termMatcher(term: string, options: { humps?: boolean } = {}): RegExp {
  const lower = term.toLowerCase();
  if (hasCjk(lower)) {
    const re = new RegExp(escapeRegex(lower), 'giu');
    needles.set(re, lower);
    return re;
  }
  const stem = lightStem(lower);
  // Identifiers with separators (`next.config.js`, `snake_case`) match with any separator between parts; a
  // camelCase word arrives as its parts joined by spaces, so `keep alive timeout` also finds `keepAliveTimeout`.
  const parts = stem.split(/[\s._'’-]+/);
  const sep = "[\\s._'’-]?";
  const cased = (p: string) => [...p].map(anyCase).join('');
  let source = `(?<![\\p{L}\\p{N}])${parts.map(cased).join(sep)}`;
  const first = stem[0] ?? '';
  // A hump is an upper-case letter right after a lower-case one; short stems would match inside too many names.
  if (options.humps && stem.length >= 3 && first.toUpperCase() !== first) {
    source += `|(?<=\\p{Ll})${escapeRegex(first.toUpperCase())}${[cased(parts[0]!.slice(1)), ...parts.slice(1).map(cased)].join(sep)}`;
  }
  const re = new RegExp(source, 'gu');
  needles.set(re, parts[0] ?? '');
  return re;
}

function needleOf(re: RegExp): string {
  return needles.get(re) ?? '';
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
