import type { IndexPathResult } from './index-path.js';

/**
 * The lines an index answer (describeIndexResult) adds about HTML documents: how many were indexed as their
 * text, and each one that was not fully converted (what was indexed instead, and why), so a plainer result is
 * never silent. `rel` shows a path as the rest of the answer does.
 */
export function describeHtmlConversion(r: IndexPathResult, rel: (path: string) => string): string[] {
  const lines: string[] = [];
  if (r.htmlConverted) lines.push(`${r.htmlConverted} HTML page(s) indexed as their text, by sections.`);
  const f = r.htmlFallbacks ?? [];
  if (f.length) {
    const shown = f
      .slice(0, 5)
      .map((x) => `${rel(x.path)} (${x.reason}; indexed as ${x.indexedAs === 'html' ? 'raw HTML' : x.indexedAs})`)
      .join(', ');
    lines.push(`HTML not fully converted: ${shown}${f.length > 5 ? `, … ${f.length - 5} more` : ''}.`);
  }
  return lines;
}
