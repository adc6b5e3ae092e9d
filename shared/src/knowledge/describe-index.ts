import { formatBytes } from '../budget/format-bytes.js';
import { describeHtmlConversion } from './describe-html-conversion.js';
import type { IndexPathResult } from './index-path.js';

/**
 * How a surface tells the user to search what was just indexed: the MCP tool names a ctx_search call, the CLI a
 * `search` command line. `source` is a label or a directory prefix, both accepted by search and by source delete.
 */
export type SearchHint = (source: string | undefined) => string;

/**
 * The human summary of an indexPath run: counts, what was skipped and why, HTML pages converted or not, and how
 * to search it.
 */
export function describeIndexResult(r: IndexPathResult, root: string, searchHint: SearchHint): string {
  const rel = (p: string) => (p.startsWith(root + '/') ? p.slice(root.length + 1) : p);
  const lines: string[] = [];
  if (r.kind === 'file') {
    const f = r.files[0];
    if (!f)
      return [
        `Skipped ${rel(r.path)}: ${r.skipped[0]?.reason ?? 'unreadable'}. Nothing indexed.`,
        ...describeHtmlConversion(r, rel),
      ].join('\n');
    lines.push(
      `Indexed ${f.chunks} section(s) (${r.codeChunks} code, ${formatBytes(r.bytes)}) from ${rel(r.path)} as source "${f.source}".`,
    );
  } else {
    lines.push(
      `Indexed ${r.files.length} file(s), ${r.chunks} section(s) (${r.codeChunks} code, ${formatBytes(r.bytes)}) from ${rel(r.path) || '.'}.`,
    );
    if (r.capped)
      lines.push(
        `Stopped at maxFiles: ${r.files.length} of ${r.totalSeen} matching files; raise maxFiles or narrow include.`,
      );
    if (r.files.length === 0 && r.totalSeen === 0)
      lines.push('No file matched the filters (extensions, include, exclude, .gitignore).');
  }
  const skipped = r.skipped.filter((s) => !s.reason.startsWith('symlink (not'));
  const links = r.skipped.length - skipped.length;
  if (skipped.length) {
    const shown = skipped
      .slice(0, 5)
      .map((s) => `${rel(s.path)} (${s.reason})`)
      .join(', ');
    lines.push(`Skipped ${skipped.length}: ${shown}${skipped.length > 5 ? ', …' : ''}.`);
  }
  if (links) lines.push(`${links} symlink(s) not followed (followSymlinks: true to follow).`);
  if (r.redactions) lines.push(`${r.redactions} secret(s) redacted before storing.`);
  if (r.removed.length)
    lines.push(
      `Forgot ${r.removed.length} deleted file(s): ${r.removed.slice(0, 3).join(', ')}${r.removed.length > 3 ? ', …' : ''}.`,
    );
  lines.push(...describeHtmlConversion(r, rel));
  // The search hint stays last: it is the next step.
  if (r.files.length) {
    const labels = r.files.map((f) => f.source);
    const src = labels.length === 1 ? labels[0] : directoryPrefix(labels);
    lines.push(searchHint(src));
  }
  return lines.join('\n');
}

/**
 * The longest common prefix of the labels, cut back to a `/` or `:`, so it names a directory (`file:docs/`, or
 * `notes:` under `--source notes`) and not a fragment of a file name (`file:docs/a` for alpha.md and about.md).
 * A label ending in `/` or `:` is one `sources delete` takes for everything under it. Undefined when the labels
 * share nothing narrower than the `file:` every indexed file has.
 */
export function directoryPrefix(labels: readonly string[]): string | undefined {
  let p = labels[0] ?? '';
  for (const l of labels) while (!l.startsWith(p)) p = p.slice(0, -1);
  const cut = p.slice(0, Math.max(p.lastIndexOf('/'), p.lastIndexOf(':')) + 1);
  return cut && cut !== 'file:' ? cut : undefined;
}

/** Whether a label names a group of sources (what directoryPrefix prints) rather than one source. */
export function isPrefixLabel(label: string): boolean {
  return label.endsWith('/') || label.endsWith(':');
}
