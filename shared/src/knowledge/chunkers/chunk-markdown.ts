import { appendAll, CHUNK_CAP_BYTES, type Chunk, numberedTitles, packUnits, utf8Length } from './chunk.js';

interface Section {
  title: string;
  lines: string[];
}

const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;

/** Strips inline markdown noise from a heading so titles read as text: links, emphasis, code ticks, images. */
function cleanHeading(text: string): string {
  return text
    .replace(/!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])/g, '') // images (badges) carry no meaning in a title
    .replace(/\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\\([[\]\\`*_{}()#+\-.!])/g, '$1') // markdown escapes: router\[method] → router[method]
    .replace(/[*`]/g, '')
    .replace(/(^|\s)_+|_+(?=\s|$)/g, '$1') // emphasis underscores, not the ones inside IDENTIFIER_NAMES
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const TOC_LINE = /^\s*(?:[-*+]|\d+\.)\s+\[[^\]]+\]\(#[^)]*\)\s*$/;

/**
 * Drops in-page tables of contents (runs of `- [Heading](#anchor)` lines): they repeat every heading of the
 * document, so they would match almost any query and crowd out the sections they point to.
 */
function dropTableOfContents(lines: string[]): string[] {
  const tocLines = lines.filter((l) => TOC_LINE.test(l)).length;
  return tocLines >= 5 ? lines.filter((l) => !TOC_LINE.test(l)) : lines;
}

/**
 * Markdown → chunks: one chunk per section under a heading, titled by the heading stack joined with " > ".
 * Fenced code blocks are kept whole (a fence alone over the cap is split by lines and each part re-fenced, so
 * every part is still valid markdown). Oversized sections split at paragraph boundaries, then lines, then code
 * points. Sections with no body (a heading directly followed by a sub-heading) live on only in their
 * children's titles.
 */
export function chunkMarkdown(text: string, maxBytes = CHUNK_CAP_BYTES): Chunk[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const stack: Array<{ level: number; text: string }> = [];
  const sections: Section[] = [];
  let current: Section = { title: '', lines: [] };
  const titleNow = () =>
    stack
      .map((h) => h.text)
      .filter(Boolean)
      .join(' > ');
  const startSection = (level: number, heading: string) => {
    sections.push(current);
    while (stack.length && stack[stack.length - 1]!.level >= level) stack.pop();
    stack.push({ level, text: cleanHeading(heading) });
    current = { title: titleNow(), lines: [] };
  };

  let fence: { char: string; len: number } | undefined;
  let i = 0;
  // YAML front matter is kept as its own section rather than mistaken for a rule and a setext heading.
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    if (end > 0) {
      sections.push({ title: 'Front matter', lines: lines.slice(1, end) });
      i = end + 1;
    }
  }
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence) {
      current.lines.push(line);
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.len) fence = undefined;
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    if (open && !(open[1]![0] === '`' && open[2]!.includes('`'))) {
      fence = { char: open[1]![0]!, len: open[1]!.length };
      current.lines.push(line);
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      startSection(atx[1]!.length, atx[2]!);
      continue;
    }
    const next = lines[i + 1];
    if (
      next !== undefined &&
      line.trim() &&
      SETEXT.test(next) &&
      !RULE.test(line) &&
      !/^\s*([-*+>|]|\d+[.)])\s/.test(line) &&
      (current.lines.length === 0 || !current.lines[current.lines.length - 1]!.trim())
    ) {
      startSection(next.trim()[0] === '=' ? 1 : 2, line);
      i++;
      continue;
    }
    if (RULE.test(line)) {
      // A thematic break ends a section's text but keeps the heading context for what follows.
      sections.push(current);
      current = { title: titleNow(), lines: [] };
      continue;
    }
    current.lines.push(line);
  }
  sections.push(current);

  const chunks: Chunk[] = [];
  for (const section of sections) {
    section.lines = dropTableOfContents(section.lines);
    const body = trimBlankLines(section.lines).join('\n');
    if (!body.trim()) continue;
    const title = section.title || 'Untitled';
    const units = paragraphUnits(trimBlankLines(section.lines), maxBytes);
    const pieces = utf8Length(body) <= maxBytes ? [body] : packUnits(units, maxBytes, '\n\n');
    const titles = numberedTitles(title, pieces.length);
    pieces.forEach((content, n) => {
      chunks.push({ title: titles[n]!, content, contentType: hasFence(content) ? 'code' : 'prose' });
    });
  }
  return chunks;
}

export function trimBlankLines(lines: string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && !lines[a]!.trim()) a++;
  while (b > a && !lines[b - 1]!.trim()) b--;
  return lines.slice(a, b);
}

function hasFence(content: string): boolean {
  return /^ {0,3}(`{3,}|~{3,})/m.test(content);
}

/**
 * Paragraph units for packing: blank-line separated blocks, with each fenced block one unit (its blank lines
 * do not split it). A fenced block over the cap becomes several re-fenced units split by lines.
 */
function paragraphUnits(lines: string[], maxBytes: number): string[] {
  const units: string[] = [];
  let buf: string[] = [];
  const flush = () => {
    if (buf.length) units.push(buf.join('\n'));
    buf = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const open = FENCE_OPEN.exec(line);
    if (open && !(open[1]![0] === '`' && open[2]!.includes('`'))) {
      flush();
      const marker = open[1]!;
      const block = [line];
      let j = i + 1;
      for (; j < lines.length; j++) {
        block.push(lines[j]!);
        const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(lines[j]!);
        if (close && close[1]![0] === marker[0] && close[1]!.length >= marker.length) break;
      }
      i = j;
      appendAll(units, splitFence(block, marker, maxBytes));
      continue;
    }
    if (!line.trim()) flush();
    else buf.push(line);
  }
  flush();
  return units;
}

function splitFence(block: string[], marker: string, maxBytes: number): string[] {
  const whole = block.join('\n');
  if (utf8Length(whole) <= maxBytes) return [whole];
  const openLine = block[0]!;
  const closed = block.length > 1 && /^ {0,3}(`{3,}|~{3,})[ \t]*$/.test(block[block.length - 1]!);
  const inner = block.slice(1, closed ? -1 : undefined);
  const overhead = utf8Length(openLine) + utf8Length(marker) + 2;
  return packUnits(inner, Math.max(256, maxBytes - overhead), '\n').map((p) => `${openLine}\n${p}\n${marker}`);
}
