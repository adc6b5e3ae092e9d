import { CHUNK_CAP_BYTES, type Chunk, numberedTitles, packUnits, utf8Length } from './chunk.js';

const WINDOW_LINES = 20;
const OVERLAP_LINES = 2;

function firstLineTitle(text: string, fallback: string): string {
  const line =
    text
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? '';
  if (!line) return fallback;
  return line.length > 80 ? `${line.slice(0, 77)}…` : line;
}

/**
 * Plain text → chunks. Text with a handful of blank-line separated sections (3–200, each under the cap) keeps
 * them, titled by their first line; short text (≤ 20 lines) is one chunk; anything else becomes 20-line windows
 * overlapping by 2 lines (so a match spanning a window edge is still found), titled by their line range.
 */
export function chunkText(text: string, maxBytes = CHUNK_CAP_BYTES, label = 'Output'): Chunk[] {
  const norm = text.replace(/\r\n?/g, '\n');
  if (!norm.trim()) return [];
  const sections = norm.split(/\n[ \t]*\n+/).filter((s) => s.trim());
  const out: Chunk[] = [];
  const push = (title: string, content: string) => {
    const pieces = utf8Length(content) <= maxBytes ? [content] : packUnits(content.split('\n'), maxBytes, '\n');
    numberedTitles(title, pieces.length).forEach((t, i) =>
      out.push({ title: t, content: pieces[i]!, contentType: 'prose' }),
    );
  };
  if (sections.length >= 3 && sections.length <= 200 && sections.every((s) => utf8Length(s) < maxBytes)) {
    sections.forEach((s, i) => push(firstLineTitle(s, `Section ${i + 1}`), s.replace(/^\n+|\n+$/g, '')));
    return out;
  }
  const lines = norm.replace(/\n+$/, '').split('\n');
  if (lines.length <= WINDOW_LINES) {
    push(label, lines.join('\n'));
    return out;
  }
  for (let start = 0; start < lines.length; start += WINDOW_LINES - OVERLAP_LINES) {
    const end = Math.min(lines.length, start + WINDOW_LINES);
    const window = lines.slice(start, end).join('\n');
    if (window.trim()) push(`Lines ${start + 1}-${end}`, window);
    if (end === lines.length) break;
  }
  return out;
}
