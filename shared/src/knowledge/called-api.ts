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
  for (const m of query.matchAll(/((?:[A-Za-z_$][\w$]*\.)*[A-Za-z_$][\w$]*)\s*\(/g)) {
    for (const seg of m[1]!.split('.'))
      if (seg.length >= MIN_NAME_LENGTH && !NOT_AN_API.has(seg)) names.add(seg.toLowerCase());
  }
  return [...names];
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
