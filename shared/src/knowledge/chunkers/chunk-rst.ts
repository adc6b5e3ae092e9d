import { CHUNK_CAP_BYTES, type Chunk, numberedTitles, packUnits, utf8Length } from './chunk.js';
import { trimBlankLines } from './chunk-markdown.js';

interface Section {
  title: string;
  lines: string[];
}

// Section adornment: one printable non-alphanumeric ASCII character repeated
// (https://docutils.sourceforge.io/docs/ref/rst/restructuredtext.html#sections).
const ADORNMENT = /^([!-/:-@[-`{-~])\1+[ \t]*$/;
// Two or more columns of `=` runs: the border of a simple table, never an underline.
const SIMPLE_TABLE_BORDER = /^=+(?:[ \t]+=+)+[ \t]*$/;
const GRID_TABLE_BORDER = /^\+(?:[-=]+\+)+[ \t]*$/;
const FIELD = /^:([^:\s][^:]*):(?:[ \t]+(.*))?$/;
const EXPLICIT = /^\.\.(?:[ \t]|$)/;
const DIRECTIVE = /^\.\.[ \t]+([\w.+:-]+?)::(?:[ \t]|$)/;
// Directives whose body only repeats other documents' headings or the page's own: noise in every search.
const NAVIGATION_DIRECTIVES = new Set(['toctree', 'contents']);
const NAVIGATION_LINE = /^[ \t]*\.\.[ \t]+(?:toctree|contents)::/;
// Lines that open another body element (list item, field, doctest, line block): never a section title.
const NOT_A_TITLE = /^(?:[-*+•‣⁃][ \t]|\d+[.)][ \t]|#\.[ \t]|>>>|\|[ \t]|:[^:\s][^:]*:(?:[ \t]|$))/;
const INDENTED = /^[ \t]/;

/** Column width of a title, as docutils compares it with its underline (one column per code point). */
const width = (s: string) => [...s.trimEnd()].length;

/** The text an interpreted-text role shows: `Title <target>` → Title, `~a.b.c` → c, `!name` → name. */
function roleText(inner: string): string {
  const explicit = /^(.*?)\s*<[^>]*>$/s.exec(inner);
  if (explicit && explicit[1]) return explicit[1];
  if (inner.startsWith('~')) return inner.slice(1).split('.').pop() ?? '';
  return inner.replace(/^!/, '');
}

/** Inline reST markup in a heading read as plain text: roles, links, literals, emphasis, substitutions. */
function cleanRstInline(text: string): string {
  return text
    .replace(/:[\w.+-]+(?::[\w.+-]+)*:`([^`]*)`/g, (_, inner: string) => roleText(inner))
    .replace(/`([^`]*)`:[\w.+-]+(?::[\w.+-]+)*:/g, (_, inner: string) => roleText(inner))
    .replace(/``([^`]+)``/g, '$1')
    .replace(/`([^`]*)`_{0,2}/g, (_, inner: string) => roleText(inner))
    .replace(/\*\*([^*]+)\*\*|\*([^*]+)\*/g, (_, a?: string, b?: string) => a ?? b ?? '')
    .replace(/\|([^|\s][^|]*)\|_{0,2}/g, '$1')
    .replace(/\\(.)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The leading field list (`:title: …`) of a document: docinfo metadata, not body text. */
function readFields(lines: string[], from: number): { fields: Map<string, string>; next: number } {
  const fields = new Map<string, string>();
  let i = from;
  while (i < lines.length && FIELD.test(lines[i]!) && !ADORNMENT.test(lines[i + 1] ?? '')) {
    const m = FIELD.exec(lines[i]!)!;
    let value = m[2] ?? '';
    for (i++; i < lines.length && INDENTED.test(lines[i]!) && lines[i]!.trim(); i++) value += ` ${lines[i]!.trim()}`;
    fields.set(m[1]!.trim().toLowerCase(), value.trim());
  }
  return { fields, next: i };
}

/** Index past an explicit markup block's indented body (blank lines inside it included). */
function skipIndentedBody(lines: string[], from: number): number {
  let i = from;
  while (i < lines.length && (!lines[i]!.trim() || INDENTED.test(lines[i]!))) i++;
  return i;
}

/**
 * reStructuredText → chunks, in the same shape as the markdown chunker: one chunk per section titled by its
 * heading path (" > " joined). A title is a column-0 line after a blank line with an adornment line below
 * (optionally also above) at least as long as it; its level is the order in which its adornment style first
 * appears in the file. Tables, literal blocks and directive bodies are content, never titles. Comments and
 * link targets are dropped; the leading field list gives the title of the text before the first section.
 */
export function chunkRst(text: string, maxBytes = CHUNK_CAP_BYTES): Chunk[] {
  const chunks: Chunk[] = [];
  for (const batch of chunkRstInSteps(text, maxBytes, Infinity)) for (const c of batch) chunks.push(c);
  return chunks;
}

/** Lines read per step of chunkRstInSteps: tens of milliseconds of work at most (one huge section is one step). */
const STEP_LINES = 8_000;

/**
 * chunkRst one step at a time: each yield hands over the chunks of the sections completed since the last one,
 * after about `stepLines` lines, so a caller can let its event loop run in between. Levels depend on the order
 * in which adornment styles first appear, so the parse is one pass whose state carries across steps; the
 * chunks are the same as in one go.
 */
export function* chunkRstInSteps(text: string, maxBytes = CHUNK_CAP_BYTES, stepLines = STEP_LINES): Generator<Chunk[]> {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length && !lines[i]!.trim()) i++;
  const { fields, next } = readFields(lines, i);
  const styles: string[] = [];
  const stack: Array<{ level: number; text: string }> = [];
  let done: Chunk[] = [];
  const description = fields.get('description');
  let current: Section = { title: fields.get('title') ?? '', lines: description ? [description] : [] };
  let blockStart = next; // the first line of a block: a title may start here without a blank line before it
  const startSection = (style: string, heading: string) => {
    sectionChunks(current, maxBytes, done);
    if (!styles.includes(style)) styles.push(style);
    const level = styles.indexOf(style);
    while (stack.length && stack[stack.length - 1]!.level >= level) stack.pop();
    stack.push({ level, text: cleanRstInline(heading) });
    current = {
      title: stack
        .map((h) => h.text)
        .filter(Boolean)
        .join(' > '),
      lines: [],
    };
  };
  const pushUntil = (end: number) => {
    // One line at a time: spreading a block of 100k+ lines into push() overflows the call stack.
    for (; i < end; i++) current.lines.push(lines[i]!);
  };

  let stepEnd = next + stepLines;
  for (i = next; i < lines.length;) {
    if (i >= stepEnd) {
      yield done;
      done = [];
      stepEnd = i + stepLines;
    }
    const line = lines[i]!;
    const afterBreak = i === blockStart || !lines[i - 1]!.trim();
    if (!line.trim() || INDENTED.test(line)) {
      current.lines.push(line);
      i++;
      continue;
    }
    if (EXPLICIT.test(line)) {
      const name = DIRECTIVE.exec(line)?.[1];
      const end = skipIndentedBody(lines, i + 1);
      const kept =
        name !== undefined
          ? !NAVIGATION_DIRECTIVES.has(name) && !onlyNavigation(lines, i + 1, end)
          : /^\.\.[ \t]+[[|]/.test(line);
      if (kept) pushUntil(end);
      else i = blockStart = end; // a comment, a link target or a table of contents
      continue;
    }
    if (SIMPLE_TABLE_BORDER.test(line)) {
      // The table ends at a border followed by a blank line; its row separators are not underlines.
      let end = i + 1;
      while (end < lines.length && !(SIMPLE_TABLE_BORDER.test(lines[end]!) && !lines[end + 1]?.trim())) end++;
      pushUntil(end < lines.length ? end + 1 : i + 1); // unterminated: only this line, so later titles survive
      continue;
    }
    if (GRID_TABLE_BORDER.test(line)) {
      let end = i + 1;
      while (end < lines.length && lines[end]!.trim()) end++;
      pushUntil(end);
      continue;
    }
    const over = ADORNMENT.exec(line);
    const below = lines[i + 1] ?? '';
    if (
      over &&
      afterBreak &&
      below.trim() &&
      !ADORNMENT.test(below) &&
      lines[i + 2]?.trimEnd() === line.trimEnd() &&
      width(below.trim()) <= width(line)
    ) {
      startSection(`o${over[1]}`, below);
      i = blockStart = i + 3;
      continue;
    }
    const under = ADORNMENT.exec(below);
    if (under && !over && afterBreak && !NOT_A_TITLE.test(line) && width(below) >= width(line)) {
      startSection(`u${under[1]}`, line);
      i = blockStart = i + 2;
      continue;
    }
    if (over && afterBreak && !below.trim() && width(line) >= 4) {
      i++; // a transition: a visual break, not text
      continue;
    }
    // A quoted literal block: after `::` and a blank line, unindented lines that all start with punctuation.
    const para = lastParagraphLine(current.lines);
    if (afterBreak && para?.trimEnd().endsWith('::') && /^[!-/:-@[-`{-~]/.test(line)) {
      let end = i + 1;
      while (end < lines.length && lines[end]!.trim()) end++;
      pushUntil(end);
      continue;
    }
    current.lines.push(line);
    i++;
  }
  sectionChunks(current, maxBytes, done);
  yield done;
}

/** Appends a finished section's chunks to `out`: the section whole, or packed blocks when over the cap. */
function sectionChunks(section: Section, maxBytes: number, out: Chunk[]): void {
  const body = trimBlankLines(section.lines);
  const whole = body.join('\n');
  if (!whole.trim()) return;
  const pieces = utf8Length(whole) <= maxBytes ? [whole] : packUnits(blockUnits(body, maxBytes), maxBytes, '\n\n');
  const titles = numberedTitles(section.title || 'Untitled', pieces.length);
  pieces.forEach((content, n) => {
    out.push({ title: titles[n]!, content, contentType: hasLiteral(content) ? 'code' : 'prose' });
  });
}

/** A wrapper directive (`.. only:: html`) whose body is nothing but a table of contents. */
function onlyNavigation(lines: string[], from: number, end: number): boolean {
  let k = from;
  while (k < end && !lines[k]!.trim()) k++;
  const nav = /^([ \t]+)\.\.[ \t]+([\w-]+)::/.exec(lines[k] ?? '');
  if (k >= end || !nav || !NAVIGATION_DIRECTIVES.has(nav[2]!)) return false;
  for (; k < end; k++) {
    const l = lines[k]!;
    if (l.trim() && !(l.search(/\S/) > nav[1]!.length || NAVIGATION_LINE.test(l))) return false;
  }
  return true;
}

function lastParagraphLine(lines: string[]): string | undefined {
  for (let k = lines.length - 1; k >= 0; k--) if (lines[k]!.trim()) return lines[k];
  return undefined;
}

/**
 * Packing units: a column-0 block with everything indented under it (a `::` paragraph and its literal block,
 * a directive and its body, a definition and its text), so a code example stays with the sentence that
 * introduces it. A unit over the cap falls back to its blank-line separated paragraphs.
 */
function blockUnits(lines: string[], maxBytes: number): string[] {
  const units: string[] = [];
  let buf: string[] = [];
  const flush = () => {
    const block = trimBlankLines(buf).join('\n');
    buf = [];
    if (!block.trim()) return;
    if (utf8Length(block) <= maxBytes) units.push(block);
    else for (const para of block.split(/\n[ \t]*\n+/)) units.push(para);
  };
  lines.forEach((line, k) => {
    if (k > 0 && line.trim() && !INDENTED.test(line) && !lines[k - 1]!.trim()) flush();
    buf.push(line);
  });
  flush();
  return units;
}

const LITERAL_BLOCK = /^(?![ \t]*\.\.[ \t]).*::[ \t]*\n(?:[ \t]*\n)*[ \t]+\S/m;
const CODE_DIRECTIVE = /^[ \t]*\.\.[ \t]+(?:code-block|code|sourcecode|literalinclude)::/m;

/** 'code' when the chunk holds a literal block, a code directive or a doctest, like a fenced block in markdown. */
function hasLiteral(content: string): boolean {
  return LITERAL_BLOCK.test(content) || CODE_DIRECTIVE.test(content) || /^[ \t]*>>> /m.test(content);
}
