import { isImportantLine } from './important-lines.js';
import { clipBytes, resultBudget } from './result-budget.js';

/**
 * What shaping needs of a knowledge base: store the full output, search it. Declared here because budget/ sits
 * below knowledge/ (knowledge uses format-bytes); the knowledge base satisfies it as it is.
 */
export interface OutputIndex {
  index(input: { source: string; content: string; format: 'json' | 'text'; kind: string; sessionId?: string }): {
    source: string;
    chunks: number;
  };
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

function searchTerms(lines: string[], intent?: string): string {
  if (intent) return JSON.stringify(intent.slice(0, 80));
  const first = lines.find(isImportantLine) ?? lines.find((l) => l.trim()) ?? 'output';
  const words =
    first
      .match(/[\p{L}\p{N}_]{3,}/gu)
      ?.slice(0, 6)
      .join(' ') || 'error';
  return JSON.stringify(words);
}

/**
 * Keeps a tool result within its byte budget without losing anything. Output within budget comes back as is.
 * Larger output is indexed whole into the knowledge base under a unique source and replaced by a digest:
 * intent matches first (when given), then every error/warning/failure line that fits, the first and last
 * lines, totals, how much was left out, and the exact ctx_search call that retrieves the rest.
 */
export function shapeOutput(input: ShapeInput): ShapedOutput {
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

  const lines = digestLines(full);
  let source: string | undefined;
  let indexNote = '';
  if (input.kb) {
    source = uniqueSourceLabel(input.sourceLabel);
    try {
      const r = input.kb.index({
        source,
        content: full,
        format: looksLikeJson(full) ? 'json' : 'text',
        kind: input.kind ?? 'exec',
        ...(input.sessionId ? { sessionId: input.sessionId } : {}),
      });
      // The same output stored before keeps its label (no duplicate hits); the hint names that one.
      source = r.source;
      indexNote = `${r.chunks} sections`;
    } catch (err) {
      source = undefined;
      indexNote = `not indexed: ${err instanceof Error ? err.message : String(err)}`;
    }
  }

  const header = `${exitNote}Output: ${lines.length} lines, ${rawBytes} bytes — over the ${budget}-byte budget, so this is a digest.\n`;
  const footer = source
    ? `\nFull output indexed as "${source}" (${indexNote}). Retrieve any part: ctx_search(source: "${source}", queries: [${searchTerms(lines, input.intent)}])\n`
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
  const important: number[] = [];
  for (let i = 0; i < lines.length; i++) if (isImportantLine(lines[i]!)) important.push(i);
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
