import { prefixWithinBytes, utf8Length } from './chunkers/chunk.js';
import type { SearchReport } from './types.js';
import { readSetting } from '../settings/settings.js';

/** Bytes reserved per hit for its `[n] title — source` line and the blank lines around it. */
const HIT_HEADER_BYTES = 90;
/** No snippet is made smaller than this, however tight the budget (the formatter still cuts the whole answer). */
export const MIN_SNIPPET_BYTES = 120;

/**
 * The byte budget for one whole ctx_search answer, however many queries it carries. The configured budget is
 * for `limit` 3; other limits scale it linearly (a third per hit), never below min(base, 2 KiB) nor above 8×
 * the base. More queries share the same budget (their snippets get shorter).
 */
export function searchBudget(limit: number, queries: number, env: NodeJS.ProcessEnv = process.env): number {
  void queries;
  const base = readSetting('searchBudget', env);
  const scaled = Math.round((base * Math.max(1, limit)) / 3);
  return Math.max(Math.min(base, 2048), Math.min(base * 8, scaled));
}

/**
 * Mean snippet bytes per hit so the whole answer fits `budget` (headers and separators included). The search
 * spreads `mean × hits` across its hits by score (see allocateSnippetBytes), so this is an average, not a cap.
 */
export function snippetBytesFor(budget: number, limit: number, queries: number): number {
  const perHit = Math.floor(budget / Math.max(1, limit * queries)) - HIT_HEADER_BYTES;
  return Math.max(MIN_SNIPPET_BYTES, perHit);
}

export interface FormattedSection {
  query: string;
  report: Omit<SearchReport, 'refreshed'> & { refreshed?: string[] };
}

/**
 * Formats search results as the text the model reads: `[n] title — source` then the snippet. With several
 * queries each gets a `## query` heading. A chunk already shown is referred to by number, never printed
 * again. Typo corrections, refreshed files and changed files left stale are stated once. The result never exceeds `budget` bytes.
 */
export function formatSearchAnswer(sections: FormattedSection[], budget: number): string {
  const shown = new Map<number, number>();
  const parts: string[] = [];
  const refreshed = new Set<string>();
  const notRefreshed = new Set<string>();
  let n = 0;
  for (const { query, report } of sections) {
    for (const r of report.refreshed ?? []) refreshed.add(r);
    for (const r of report.notRefreshed ?? []) notRefreshed.add(r);
    const lines: string[] = [];
    if (sections.length > 1) lines.push(`## ${query}`);
    if (report.corrections.length) {
      lines.push(
        `(no exact match for ${report.corrections.map((c) => `"${c.from}"`).join(', ')}; also searched ${report.corrections.map((c) => `"${c.to}"`).join(', ')})`,
      );
    }
    if (report.emptyQuery) lines.push(`(skipped: ${report.emptyQuery})`);
    else if (report.hits.length === 0) lines.push('No results.');
    for (const hit of report.hits) {
      const seen = shown.get(hit.chunkId);
      if (seen !== undefined) {
        lines.push(`[${seen}] (shown above)`);
        continue;
      }
      n++;
      shown.set(hit.chunkId, n);
      const fuzzy = hit.via === 'fuzzy' ? ' (typo match)' : '';
      lines.push(`[${n}] ${hit.title} — ${hit.source}${fuzzy}\n${hit.snippet}`);
    }
    parts.push(lines.join('\n\n'));
  }
  let out = parts.join('\n\n');
  if (notRefreshed.size)
    out = `(changed since indexed, too large to re-index during a search, so older text answered: ${[...notRefreshed].slice(0, 5).join(', ')}; re-index with ctx_index)\n\n${out}`;
  if (refreshed.size)
    out = `(re-indexed changed file${refreshed.size > 1 ? 's' : ''}: ${[...refreshed].slice(0, 5).join(', ')})\n\n${out}`;
  if (utf8Length(out) > budget) {
    const note = '\n… (answer cut at the search budget; narrow with source or fewer queries)';
    out = prefixWithinBytes(out, budget - utf8Length(note)) + note;
  }
  return out;
}
