import { isImportantLine } from './important-lines.js';
import { clipBytes, resultBudget } from './result-budget.js';
import { errorMessage } from '../errors/error-message.js';

type IndexInput = { source: string; content: string; format: 'json' | 'text'; kind: string; sessionId?: string };

/**
 * What shaping needs of a knowledge base: store the full output (at once, or in slices that leave the event loop
 * free), search it. Declared here because budget/ sits below knowledge/ (knowledge uses format-bytes); the
 * knowledge base satisfies it as it is.
 */
interface OutputIndex {
  index(input: IndexInput): { source: string; chunks: number };
  indexAsync?(input: IndexInput): Promise<{ source: string; chunks: number }>;
  search(query: string, opts: { limit: number; source: string }): Array<{ title: string; snippet: string }>;
}

export interface ShapeInput {
  /** What the process printed on stdout (or the tool's whole output). */
  text: string;
  stderr?: string;
  /** Byte budget of the answer; default resultBudget(). */
  budget?: number;
  /** What the caller is looking for: the best-matching sections fill the budget first. */
  intent?: string;
  /** Label prefix of the source the full text is indexed under; a unique suffix is always added. */
  sourceLabel: string;
  kb?: OutputIndex;
  sessionId?: string;
  exitCode?: number | null;
  /** Source kind for the KB ('exec', 'batch', 'hook', …). */
  kind?: string;
  /** The name the model knows ctx_search by on its host (e.g. `mcp_context-mode_ctx_search`); default `ctx_search`. */
  searchTool?: string;
}

export interface ShapedOutput {
  text: string;
  /** UTF-8 bytes of stdout + stderr as produced. */
  rawBytes: number;
  /** UTF-8 bytes of `text`. */
  returnedBytes: number;
  /** The source the whole output was indexed under, when it was over budget. */
  indexedSource?: string;
  /** Bytes of the output the answer does not show (retrievable from indexedSource). */
  elidedBytes: number;
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const HEAD_LINES = 8;
const TAIL_LINES = 8;
const LINE_CAP = 300;
/** Longest source label prefix (a ctx_execute_file path can be long). */
const LABEL_MAX = 160;

function combined(input: ShapeInput): string {
  const err = input.stderr ?? '';
  if (!err) return input.text;
  if (!input.text) return `stderr:\n${err}`;
  return `${input.text}${input.text.endsWith('\n') ? '' : '\n'}\nstderr:\n${err}`;
}

/**
 * The lines a digest is cut from. Minified JSON (one 60 KB line) is pretty-printed first so the digest can
 * show its structure; trailing blank lines are dropped so "the last lines" are ones with content.
 */
function digestLines(full: string): string[] {
  let text = full;
  const t = full.trim();
  if ((t.startsWith('{') || t.startsWith('[')) && t.split('\n', 3).length < 3) {
    try {
      text = JSON.stringify(JSON.parse(t), null, 2);
    } catch {
      // Not JSON after all.
    }
  }
  const lines = text.split('\n');
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines;
}

function looksLikeJson(text: string): boolean {
  const t = text.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return false;
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
}

/** A label no earlier run has: re-running the same command never replaces the output of the last one. */
export function uniqueSourceLabel(prefix: string, now = Date.now()): string {
  const stamp = new Date(now)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${prefix}:${stamp}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Longest term the search hint names: past it, a word is a long token (hex, a minified line, `xxx…`). */
const TERM_MAX = 24;
const MAX_TERMS = 6;

/**
 * Up to six short words for the digest's `ctx_search` hint, from the first important line (else the first lines
 * with content). A word longer than TERM_MAX (one 100 KB hex token, 5 MB of `x`) is left out: copying it whole
 * once made the hint — and the answer — as large as the output, and the search does not find a piece of it. Output
 * that is only such tokens is named by "output", the title its plain-text sections are indexed under (chunk-text).
 */
function searchTerms(lines: string[], intent?: string): string {
  if (intent) return JSON.stringify(clipBytes(intent, 80, ''));
  const first = lines.find(isImportantLine);
  const candidates = first ? [first] : lines.filter((l) => l.trim()).slice(0, 3);
  const terms: string[] = [];
  for (const line of candidates) {
    // Only the line's start is read: a 5 MB line holds no more useful terms than its first few kilobytes.
    for (const m of line.slice(0, 4096).matchAll(/[\p{L}\p{N}_]{3,}/gu)) {
      const word = m[0];
      if (word.length <= TERM_MAX && !terms.includes(word)) terms.push(word);
      if (terms.length >= MAX_TERMS) break;
    }
    if (terms.length >= MAX_TERMS) break;
  }
  return JSON.stringify(terms.join(' ') || 'output');
}

/**
 * Keeps a tool result within its byte budget without losing anything. Output within budget comes back as is.
 * Larger output is indexed whole into the knowledge base under a unique source and replaced by a digest:
 * intent matches first (when given), then every error/warning/failure line that fits, the first and last
 * lines, totals, how much was left out, and the exact ctx_search call that retrieves the rest.
 */
export function shapeOutput(input: ShapeInput): ShapedOutput {
  const whole = withinBudget(input);
  if ('text' in whole) return whole;
  let indexed: Indexed = {};
  if (input.kb) {
    const source = uniqueSourceLabel(clipBytes(input.sourceLabel, LABEL_MAX, '')); // named twice in the footer
    try {
      // The same output stored before keeps its label (no duplicate hits); the hint names that one.
      const r = input.kb.index(indexInput(input, source, whole.full));
      indexed = { source: r.source, note: `${r.chunks} sections` };
    } catch (err) {
      indexed = { note: `not indexed: ${errorMessage(err)}` };
    }
  }
  return digest(input, whole, indexed);
}

/**
 * shapeOutput without holding the event loop for the indexing of a large output (16 MiB held it ~5 s): the
 * knowledge base's non-blocking path writes it in short slices.
 */
export async function shapeOutputAsync(input: ShapeInput): Promise<ShapedOutput> {
  const whole = withinBudget(input);
  if ('text' in whole) return whole;
  let indexed: Indexed = {};
  if (input.kb) {
    const source = uniqueSourceLabel(clipBytes(input.sourceLabel, LABEL_MAX, ''));
    try {
      const job = indexInput(input, source, whole.full);
      const r = input.kb.indexAsync ? await input.kb.indexAsync(job) : input.kb.index(job);
      indexed = { source: r.source, note: `${r.chunks} sections` };
    } catch (err) {
      indexed = { note: `not indexed: ${errorMessage(err)}` };
    }
  }
  return digest(input, whole, indexed, await scanInSlices(whole.full));
}

/** The output's lines and which of them are important, found ahead of the digest. */
interface Scanned {
  lines: string[];
  important: number[];
}

function importantLines(lines: string[], from = 0, to = lines.length): number[] {
  const found: number[] = [];
  for (let i = from; i < to; i++) if (isImportantLine(lines[i]!)) found.push(i);
  return found;
}

/** Lines scanned between two turns of the event loop (316k lines of a 16 MiB flood took ~0.2 s in one go). */
const SCAN_SLICE = 20_000;

async function scanInSlices(full: string): Promise<Scanned> {
  const lines = digestLines(full);
  const important: number[] = [];
  for (let at = 0; at < lines.length; at += SCAN_SLICE) {
    important.push(...importantLines(lines, at, Math.min(lines.length, at + SCAN_SLICE)));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return { lines, important };
}

interface Indexed {
  source?: string;
  note?: string;
}
interface OverBudget {
  budget: number;
  full: string;
  rawBytes: number;
  exitNote: string;
}

/** The output as is when it fits the budget, else what the digest is made from. */
function withinBudget(input: ShapeInput): ShapedOutput | OverBudget {
  const budget = input.budget ?? resultBudget();
  const full = combined(input);
  const rawBytes = bytes(input.text) + bytes(input.stderr ?? '');
  const exitNote =
    input.exitCode !== undefined && input.exitCode !== null && input.exitCode !== 0
      ? `exit code ${input.exitCode}\n`
      : '';
  if (bytes(exitNote + full) <= budget) {
    const text = exitNote + full;
    return { text, rawBytes, returnedBytes: bytes(text), elidedBytes: 0 };
  }
  return { budget, full, rawBytes, exitNote };
}

function indexInput(input: ShapeInput, source: string, full: string): IndexInput {
  return {
    source,
    content: full,
    format: looksLikeJson(full) ? 'json' : 'text',
    kind: input.kind ?? 'exec',
    ...(input.sessionId ? { sessionId: input.sessionId } : {}),
  };
}

function digest(input: ShapeInput, whole: OverBudget, indexed: Indexed, scanned?: Scanned): ShapedOutput {
  const { budget, full, rawBytes, exitNote } = whole;
  const lines = scanned?.lines ?? digestLines(full);
  const source = indexed.source;
  const indexNote = indexed.note ?? '';
  const header = `${exitNote}Output: ${lines.length} lines, ${rawBytes} bytes — over the ${budget}-byte budget, so this is a digest.\n`;
  const footer = source
    ? `\nFull output indexed as "${source}" (${indexNote}). Retrieve any part: ${input.searchTool ?? 'ctx_search'}(source: "${source}", queries: [${searchTerms(lines, input.intent)}])\n`
    : `\nFull output could not be indexed (${indexNote || 'no knowledge base'}).\n`;
  let room = budget - bytes(header) - bytes(footer) - 120; // 120: the elision line
  const parts: string[] = [];
  const shown = new Set<number>();
  const take = (i: number): boolean => {
    if (shown.has(i)) return true;
    const line = clipBytes(lines[i] ?? '', LINE_CAP);
    // + 16: the "… N lines …" marker a gap before this line may need.
    const cost = bytes(line) + 1 + 16;
    if (cost > room) return false;
    room -= cost;
    shown.add(i);
    return true;
  };

  // 1. Intent matches from the indexed copy.
  if (input.intent && source && input.kb) {
    try {
      const hits = input.kb.search(input.intent, { limit: 3, source });
      for (const h of hits) {
        const block = clipBytes(`## ${h.title}\n${h.snippet}`, Math.max(0, Math.floor(room / 2)));
        if (bytes(block) + 1 > room) break;
        parts.push(block);
        room -= bytes(block) + 1;
      }
    } catch {
      // The digest below still stands.
    }
  }
  // 2. Head and tail context, then 3. every important line that fits.
  const head = Math.min(HEAD_LINES, lines.length);
  const tailStart = Math.max(head, lines.length - TAIL_LINES);
  for (let i = 0; i < Math.min(3, head); i++) take(i);
  for (let i = lines.length - 1; i >= Math.max(tailStart, lines.length - 4); i--) take(i);
  const important = scanned?.important ?? importantLines(lines);
  let importantShown = 0;
  for (const i of important) if (take(i)) importantShown++;
  for (let i = 3; i < head; i++) take(i);
  for (let i = lines.length - 5; i >= tailStart; i--) take(i);

  const ordered = [...shown].sort((a, b) => a - b);
  const body: string[] = [];
  let prev = -1;
  for (const i of ordered) {
    if (i > prev + 1) body.push(`… ${i - prev - 1} lines …`);
    body.push(clipBytes(lines[i] ?? '', LINE_CAP));
    prev = i;
  }
  if (prev < lines.length - 1) body.push(`… ${lines.length - 1 - prev} lines …`);
  const missedImportant = important.length - importantShown;
  const shownBytes = ordered.reduce((n, i) => n + bytes(clipBytes(lines[i] ?? '', LINE_CAP)) + 1, 0);
  const elidedBytes = Math.max(0, bytes(lines.join('\n')) - shownBytes);
  const elision =
    `[${lines.length - ordered.length} of ${lines.length} lines (${elidedBytes} bytes) left out` +
    (missedImportant > 0 ? `, including ${missedImportant} more error/warning lines` : '') +
    ']';
  const intentPart = parts.length ? `Matches for "${input.intent}":\n${parts.join('\n')}\n\n` : '';
  let text = `${header}${intentPart}${body.join('\n')}\n${elision}${footer}`;
  if (bytes(text) > budget) text = clipBytes(text, budget - bytes(footer)) + footer;
  return {
    text,
    rawBytes,
    returnedBytes: bytes(text),
    ...(source ? { indexedSource: source } : {}),
    elidedBytes,
  };
}
