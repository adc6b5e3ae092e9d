import { prefixWithinBytes, utf8Length } from './chunkers/chunk.js';

interface Window {
  start: number;
  end: number;
  terms: Set<number>;
}

/** Moves `i` off a low surrogate so a cut never splits a code point. */
function safeIndex(text: string, i: number): number {
  if (i > 0 && i < text.length) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) return i - 1;
  }
  return i;
}

/** Widens a cut to the nearest whitespace within `slack` characters so words stay whole. */
function toBoundary(text: string, i: number, dir: -1 | 1, slack = 24): number {
  if (i <= 0) return 0;
  if (i >= text.length) return text.length;
  for (let k = 0; k < slack; k++) {
    const j = i + dir * k;
    if (j <= 0) return 0;
    if (j >= text.length) return text.length;
    if (/\s/.test(text[j]!)) return dir < 0 ? j + 1 : j;
  }
  return safeIndex(text, i);
}

/**
 * The longest start of `text` within `maxBytes` that ends at a line end, or failing that at a space, so a cut
 * never leaves half an identifier or half a list item. Only text with no break at all is cut mid-word.
 */
export function wholePrefix(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text;
  const piece = prefixWithinBytes(text, Math.max(0, maxBytes));
  const line = piece.lastIndexOf('\n');
  // A line end is preferred when it keeps most of the room; a long paragraph is cut between words instead.
  if (line > piece.length * 0.6) return piece.slice(0, line).trimEnd();
  const space = piece.search(/\s\S*$/);
  return space > 0 ? piece.slice(0, space).trimEnd() : piece;
}

/**
 * Text around the matches of `matchers` in `content`, at most `maxBytes` of UTF-8. Short content is returned
 * whole. Otherwise windows around matches are ranked by how many distinct terms they show, merged when they
 * touch, kept in document order, and marked with "…" where text was cut. No match → the opening of the text.
 */
export function buildSnippet(content: string, matchers: RegExp[], maxBytes: number): string {
  const text = content.trim();
  if (utf8Length(text) <= maxBytes) return text;
  const hits: Array<{ at: number; end: number; term: number }> = [];
  matchers.forEach((re, term) => {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    let n = 0;
    while ((m = re.exec(text)) && n < 40) {
      hits.push({ at: m.index, end: m.index + m[0].length, term });
      n++;
      if (m[0].length === 0) re.lastIndex++;
    }
  });
  if (hits.length === 0) {
    return `${wholePrefix(text, maxBytes - 4)}\n…`;
  }
  hits.sort((a, b) => a.at - b.at);
  const radius = Math.max(60, Math.min(220, Math.floor(maxBytes / 3)));
  // Build a window around each hit, merging hits close enough to share one.
  const windows: Window[] = [];
  for (const h of hits) {
    const last = windows[windows.length - 1];
    if (last && h.at - last.end < radius) {
      last.end = Math.max(last.end, h.end + radius);
      last.terms.add(h.term);
    } else {
      windows.push({ start: Math.max(0, h.at - radius), end: h.end + radius, terms: new Set([h.term]) });
    }
  }
  for (const w of windows) {
    w.start = toBoundary(text, w.start, -1);
    w.end = toBoundary(text, Math.min(text.length, w.end), 1);
  }
  const ranked = windows
    .map((w, i) => ({ w, i }))
    .sort((a, b) => b.w.terms.size - a.w.terms.size || a.i - b.i);
  const chosen: Window[] = [];
  let used = 0;
  const covered = new Set<number>();
  for (const { w } of ranked) {
    const novel = [...w.terms].some((t) => !covered.has(t));
    if (chosen.length && !novel && used > maxBytes * 0.6) continue;
    const cost = utf8Length(text.slice(w.start, w.end)) + 4;
    if (used + cost > maxBytes) {
      const room = maxBytes - used - 4;
      if (room < 80) continue;
      // Trim the window around its first hit to what is left of the budget.
      const piece = wholePrefix(text.slice(w.start, w.end), room);
      chosen.push({ start: w.start, end: w.start + piece.length, terms: w.terms });
      break;
    }
    chosen.push(w);
    used += cost;
    w.terms.forEach((t) => covered.add(t));
  }
  chosen.sort((a, b) => a.start - b.start);
  let out = '';
  let prevEnd = 0;
  for (const w of chosen) {
    const piece = text.slice(w.start, w.end).trim();
    if (!piece) continue;
    const sep = !out ? (w.start > 0 ? '…' : '') : w.start > prevEnd ? '\n…' : '\n';
    out += sep + piece;
    prevEnd = w.end;
  }
  if (prevEnd < text.length) out += '…';
  // The ellipses are counted in `used`; a final guard keeps the promise exactly.
  return utf8Length(out) <= maxBytes ? out : wholePrefix(out, maxBytes - 3) + '…';
}
