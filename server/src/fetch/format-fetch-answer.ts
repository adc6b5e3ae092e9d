import { formatBytes } from '@context-mode/shared/budget/format-bytes';
import { clipBytes } from '@context-mode/shared/budget/result-budget';
import type { FetchOutcome } from './fetch-and-index.js';

function age(ms: number): string {
  const m = Math.round(ms / 60000);
  if (m < 1) return 'just now';
  if (m < 60) return `${m} min ago`;
  return `${Math.round(m / 60)} h ago`;
}

/** Whitespace-tidy preview: blank-line runs collapsed, trailing spaces dropped. */
function tidy(text: string): string {
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The tool answer, always ≤ `budget` bytes: what was indexed (sections, size), a short preview of new
 * content, errors with what to do, and the exact search call to read more. Previews shrink to fit; the
 * counts and the search call never do.
 */
export function formatFetchAnswer(
  outcomes: FetchOutcome[],
  budget: number,
  searchTool: string,
  ttlHours: number,
): string {
  const ok = outcomes.filter((o) => o.status !== 'error');
  const searchCall = (label: string): string => `${searchTool}(source: ${JSON.stringify(label)}, queries: ["…"])`;
  if (outcomes.length === 1) {
    const o = outcomes[0]!;
    if (o.status === 'error') return `Failed to fetch ${o.url}: ${o.error}`;
    const head =
      o.status === 'cache'
        ? `Cached: "${o.label}" — ${o.chunks} sections (${formatBytes(o.bytes)}), indexed ${age(o.ageMs ?? 0)} (fresh for ${ttlHours} h; force: true refetches).`
        : `Fetched and indexed ${o.chunks} sections (${formatBytes(o.bytes)}) from ${o.finalUrl ?? o.url} as "${o.label}".` +
          (o.note ? ` Note: ${o.note}.` : '');
    const tail = `Search it: ${searchCall(o.label)}`;
    if (!o.preview) return `${head}\n${tail}`;
    const room = budget - Buffer.byteLength(`${head}\n\n\n\n${tail}`, 'utf8') - 16;
    const preview = clipBytes(tidy(o.preview), Math.max(0, Math.min(1536, room)), '\n…');
    return preview ? `${head}\n\n${preview}\n\n${tail}` : `${head}\n${tail}`;
  }
  const fresh = outcomes.filter((o) => o.status === 'new').length;
  const cached = outcomes.filter((o) => o.status === 'cache').length;
  const failed = outcomes.length - ok.length;
  const sections = ok.reduce((n, o) => n + o.chunks, 0);
  const bytes = ok.reduce((n, o) => n + o.bytes, 0);
  const head = `Fetched ${outcomes.length} URLs: ${fresh} new, ${cached} cached, ${failed} failed — ${sections} sections, ${formatBytes(bytes)}.`;
  const tail = ok.length
    ? `Search them: ${searchTool}(queries: ["…"]) — or one source: ${searchCall(ok[0]!.label)}`
    : 'Nothing was indexed; fix the URLs above and retry.';
  const lines = outcomes.map((o) =>
    o.status === 'error'
      ? `- [err] ${o.url}: ${o.error}`
      : `- [${o.status}] "${o.label}" — ${o.chunks} sections, ${formatBytes(o.bytes)}`,
  );
  // Per-URL previews share what is left after every status line.
  const fixed = Buffer.byteLength([head, ...lines, tail].join('\n'), 'utf8') + 8;
  const perPreview = Math.min(300, Math.floor((budget - fixed) / Math.max(1, fresh)) - 8);
  const body: string[] = [];
  outcomes.forEach((o, i) => {
    body.push(lines[i]!);
    if (o.status === 'new' && o.preview && perPreview > 40) {
      body.push('  ' + clipBytes(tidy(o.preview).replace(/\s+/g, ' '), perPreview));
    }
  });
  const text = `${head}\n${body.join('\n')}\n${tail}`;
  if (Buffer.byteLength(text, 'utf8') <= budget) return text;
  // Too many URLs for the budget even without previews: keep the head and tail, cut the list.
  const listRoom = budget - Buffer.byteLength(`${head}\n\n${tail}`, 'utf8') - 48;
  const list = clipBytes(lines.join('\n'), Math.max(0, listRoom), `\n… (${outcomes.length} URLs in all)`);
  return `${head}\n${list}\n${tail}`;
}
