/** One piece of indexed content. `title` is the heading path (" > " joined) or another human label. */
export interface Chunk {
  title: string;
  content: string;
  /** 'code' when the chunk holds a fenced block, source code or JSON; 'prose' otherwise. */
  contentType: 'code' | 'prose';
}

/** The chunk cap in UTF-8 bytes (docs/architecture.md#chunking). */
export const CHUNK_CAP_BYTES = 4096;

const NON_ASCII = /[^\p{ASCII}]/u;

export function utf8Length(text: string): number {
  // Native in both cases: pure ASCII strings are their own byte length (a regex scan, no per-character loop).
  return NON_ASCII.test(text) ? Buffer.byteLength(text, 'utf8') : text.length;
}

/**
 * The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes`, cut on a code point boundary
 * (never inside a surrogate pair), so a split can never produce invalid UTF-8.
 */
export function prefixWithinBytes(text: string, maxBytes: number): string {
  if (text.length <= maxBytes && !NON_ASCII.test(text)) return text; // ASCII: one byte per character
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const size = cp <= 0x7f ? 1 : cp <= 0x7ff ? 2 : cp <= 0xffff ? 3 : 4;
    if (bytes + size > maxBytes) break;
    bytes += size;
    i += cp > 0xffff ? 2 : 1;
  }
  return text.slice(0, i);
}

/**
 * Splits one oversized line into pieces within the cap, preferring a whitespace boundary in the second half
 * of each piece so words stay whole where possible.
 */
function splitLongLine(line: string, maxBytes: number): string[] {
  const out: string[] = [];
  let at = 0;
  // Walks the line once: measuring the remainder on every step would be quadratic on a 10 MB single line.
  while (at < line.length) {
    let head = prefixWithinBytes(line.slice(at, at + maxBytes), maxBytes);
    if (at + head.length < line.length) {
      const space = head.lastIndexOf(' ');
      if (space > head.length / 2) head = head.slice(0, space + 1);
    }
    if (head.length === 0) head = line.slice(at, at + (line.codePointAt(at)! > 0xffff ? 2 : 1));
    out.push(head);
    at += head.length;
  }
  return out;
}

/**
 * Packs `units` (paragraphs or lines, each already ≤ cap) greedily into pieces of at most `maxBytes`, joined
 * by `joiner`. Units larger than the cap are split by line, then by code point.
 */
export function packUnits(units: string[], maxBytes: number, joiner: string): string[] {
  const pieces: string[] = [];
  let cur = '';
  let curBytes = 0;
  const joinBytes = utf8Length(joiner);
  const flush = () => {
    if (cur.trim().length) pieces.push(cur);
    cur = '';
    curBytes = 0;
  };
  for (const unit of units) {
    const size = utf8Length(unit);
    if (size > maxBytes) {
      flush();
      const lines = unit.split('\n');
      appendAll(pieces, lines.length > 1 ? packUnits(lines, maxBytes, '\n') : splitLongLine(unit, maxBytes));
      continue;
    }
    if (cur && curBytes + joinBytes + size > maxBytes) flush();
    cur = cur ? cur + joiner + unit : unit;
    curBytes += (curBytes ? joinBytes : 0) + size;
  }
  flush();
  return pieces;
}

/** Numbers the parts of a split chunk: "T", "T (2)", "T (3)"… so every part keeps its heading context. */
export function numberedTitles(title: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? title : `${title} (${i + 1})`));
}

/**
 * Appends `items` to `target` one by one. `target.push(...items)` passes every item as an argument and throws
 * RangeError once an array has more than ~100k items, which one large file easily produces.
 */
export function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
