import { escapeRegex } from './term-match.js';

/**
 * Users who report a problem often paste the call that misbehaved (`createError.NotFound("User not found")`,
 * `lockFile.lock(…)`); the docs answer under a heading that names that API (`createError([status], …)`,
 * `.lock(file, [options])`). Among twenty words of a pasted issue, the call's name is one part of the coverage
 * and barely counts; the heading that names it says the section is about exactly that API. Questions without
 * a call (nearly every short how-to) are untouched.
 */

/** Words followed by `(` that are language, not an API the docs would have a section for. */
const NOT_AN_API = new Set([
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'function',
  'return',
  'require',
  'import',
  'new',
  'typeof',
  'await',
  'async',
]);
/** Shorter names (`fn(`, `cb(`) are placeholders more often than APIs. */
const MIN_NAME_LENGTH = 3;

/** The names the question calls: each segment of a dotted call (`createError.NotFound(` → both), lowercased. */
export function calledNames(query: string): string[] {
  const names = new Set<string>();
  for (const seg of calledChains(query).flatMap((c) => c.split('.')))
    if (seg.length >= MIN_NAME_LENGTH && !NOT_AN_API.has(seg)) names.add(seg.toLowerCase());
  return [...names];
}

/**
 * Each dotted chain of identifiers written right before a `(`: the leftmost one that ends there (`12abc.def(` →
 * `abc.def`, `foo..bar(` → `bar`). Read run by run in linear time; a single regex trying every start of a long
 * identifier or dotted path that no `(` follows (a pasted token, a minified line) takes seconds.
 */
function calledChains(query: string): string[] {
  const chains: string[] = [];
  const paren = /\s*\(/y;
  for (const m of query.matchAll(/[\w$.]+/g)) {
    paren.lastIndex = m.index + m[0].length;
    if (!paren.test(query)) continue;
    const chain: string[] = [];
    const segs = m[0].split('.');
    for (let k = segs.length - 1; k >= 0; k--) {
      const at = segs[k]!.search(/[A-Za-z_$]/);
      if (at < 0) break;
      chain.unshift(segs[k]!.slice(at));
      if (at > 0) break;
    }
    if (chain.length) chains.push(chain.join('.'));
  }
  return chains;
}

/**
 * A test for a chunk's own (last) heading naming one of the called APIs: the exact name at its start, after an
 * owner (`jwt.sign(…)`, `.lock(…)`, `new Minimatch(…)`), so `unlock` does not name `lock`. Undefined when the
 * question calls nothing.
 */
export function headingNamesCall(query: string): ((title: string) => boolean) | undefined {
  const names = calledNames(query);
  if (!names.length) return undefined;
  const re = new RegExp(
    `^[\`*_]*(?:new\\s+)?(?:[\\w$]+\\.)*\\.?(?:${names.map(escapeRegex).join('|')})(?![\\w$])`,
    'i',
  );
  return (title) => re.test(title.split(' > ').pop() ?? '');
}
