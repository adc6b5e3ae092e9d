import type { IndexPathResult } from './index-path.js';

/**
 * The lines an index answer adds about HTML documents: how many were indexed as their text, and each one that
 * was not fully converted (what was indexed instead, and why), so a plainer result is never silent.
 */
export function describeHtmlConversion(r: IndexPathResult, root: string): string {
  const rel = (p: string) => (p.startsWith(root + '/') ? p.slice(root.length + 1) : p);
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
  return lines.join('\n');
}

/**
 * `summary` (describeIndexResult's text) with the HTML lines added before its closing search hint, which stays
 * the last line: it is the next step.
 */
export function withHtmlConversion(summary: string, r: IndexPathResult, root: string): string {
  const extra = describeHtmlConversion(r, root);
  if (!extra) return summary;
  const lines = summary.split('\n');
  const at = r.files.length ? lines.length - 1 : lines.length;
  lines.splice(at, 0, extra);
  return lines.join('\n');
}
