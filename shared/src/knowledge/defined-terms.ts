import type { QueryTerm } from './fts-query.js';
import { escapeRegex } from './term-match.js';

/**
 * Names in a question (`expiresIn`, `jwt.decode`, `--no-cache`, a word in backticks) are asked about, and in a
 * long section the lines that answer are usually the ones that *define* them: a list item or table row that
 * starts with the name (`* \`expiresIn\`: …`, `| \`dot\` | …`, `- --no-cache`), or a `name:` / `name(` line, with
 * the note or example nested under it. A line that only uses the name (a code sample passing
 * `{ expiresIn: '1h' }`) says less about it. The snippet builder (snippet.ts) takes these lines first.
 */

/** The question's words that are names: identifier-shaped, dotted/dashed, in backticks or written as `--flag`. */
export function namedTerms(query: string, terms: readonly QueryTerm[]): QueryTerm[] {
  const quoted = new Set<string>();
  for (const m of query.matchAll(/`([^`\n]{1,80})`|(?<![\p{L}\p{N}])--?([\p{L}][\p{L}\p{N}_.-]*)/gu)) {
    for (const w of (m[1] ?? m[2] ?? '').toLowerCase().split(/[^\p{L}\p{N}_.-]+/u)) if (w) quoted.add(w);
  }
  return terms.filter(
    (t) => !t.context && !t.weak && (t.parts.length > 0 || /[._-]/.test(t.lower) || quoted.has(t.lower)),
  );
}

/** A line that starts by naming the term: list marker or table pipe, emphasis or backticks, dashes, a dotted owner. */
export function definitionMatcher(term: QueryTerm): RegExp {
  // The exact name (any separator between its parts), not a stem: `applyPatch` must not define `applyPatches`.
  const parts = term.parts.length ? term.parts : term.lower.split(/[._-]+/).filter(Boolean);
  const name = parts.map(escapeRegex).join("[\\s._'’-]?");
  return new RegExp(
    `^[ \\t]*(?:[-*+][ \\t]+|\\d+[.)][ \\t]+|\\|[ \\t]*)?[*_\`]*(?:--?)?(?:[\\p{L}\\p{N}_$]+\\.)*(?<![\\p{L}\\p{N}])${name}(?![\\p{L}\\p{N}_])[*_\`]*[ \\t]*(?:[:(|=]|—|--|$|\\(|\`)`,
    'imu',
  );
}

/** Definition-line tests for the question's names with their weights, for choosing snippet lines. */
export function definitionTests(
  named: readonly QueryTerm[],
  idf: (t: QueryTerm) => number,
): Array<{ re: RegExp; weight: number }> {
  return named.map((t) => ({ re: definitionMatcher(t), weight: idf(t) }));
}
