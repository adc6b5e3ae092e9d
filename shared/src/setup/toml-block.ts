import { parse, stringify } from 'smol-toml';
import { SetupError } from './setup-error.js';
import { jsonEqual } from './jsonc-edit.js';
import { isPlainObject, mergedMcpEntry, userAdditions } from './mcp-entry-fields.js';
import { commentsIn, updateEntryLines } from './toml-entry-lines.js';
import type { DroppedEntry } from './json-merge.js';
import { cutEntryTables, entryTablesOutside } from './toml-entry-tables.js';
import { userLinesInHooksBlock } from './toml-hooks-foreign.js';
import { scanTomlLines } from './toml-line-scan.js';
import { errorMessage } from '../errors/error-message.js';

/**
 * TOML configs (Codex `config.toml`) get our server as a marked text block appended at the end: a new table
 * header is valid after anything, every byte outside the markers stays as it was, and uninstall cuts the block
 * out again. Parsing before and after guarantees we never write a file the host cannot read.
 */
const TOML_BLOCK_START = '# >>> context-mode (managed by `ctxmode setup`; `ctxmode uninstall` removes it)';
const TOML_BLOCK_END = '# <<< context-mode';
/** The hooks block (Kimi `[[hooks]]`) has markers of its own, so a file could hold both blocks. */
const TOML_HOOKS_START = '# >>> context-mode hooks (managed by `ctxmode setup`; `ctxmode uninstall` removes it)';
const TOML_HOOKS_END = '# <<< context-mode hooks';

/**
 * Parses a TOML file, or throws a SetupError naming the file and the fix: the parser's first line only (its later
 * lines quote the offending line, which can be the whole file), and plain words for a file nested too deeply.
 */
export function parseTomlFile(text: string, file: string): Record<string, unknown> {
  try {
    return parse(text) as Record<string, unknown>;
  } catch (err) {
    const msg = errorMessage(err).split('\n')[0] ?? '';
    const line = (err as { line?: unknown }).line;
    if (/excessively nested/i.test(msg) || err instanceof RangeError) {
      throw new SetupError(
        'unexpected-shape',
        `${file} is nested too deeply to edit safely`,
        `Check ${file} (it is not a normal settings file), fix or move it aside, and run setup again.`,
      );
    }
    throw new SetupError(
      'malformed',
      `${file} is not valid TOML${typeof line === 'number' ? ` (line ${line})` : ''}: ${msg.length > 200 ? `${msg.slice(0, 200)}…` : msg}`,
      `Fix ${file} by hand (or move it aside) and run setup again.`,
    );
  }
}

type Markers = [start: string, end: string];
const MCP_MARKERS: Markers = [TOML_BLOCK_START, TOML_BLOCK_END];
const HOOK_MARKERS: Markers = [TOML_HOOKS_START, TOML_HOOKS_END];

/**
 * Our block's span, its end marker's line break included. A marker counts only where it starts a comment
 * (scanTomlLines): a user's multi-line string holding a marker's text (a heredoc, a copied config) is their value, and
 * taking it for our marker cut their string in two, ending our block inside it.
 */
function findBlock(text: string, markers: Markers = MCP_MARKERS): { start: number; end: number } | undefined {
  const raws = text.split('\n'); // the scanner's lines, with their `\r`: for the offsets
  let at = 0;
  let start: number | undefined;
  for (const [i, { text: line, comment }] of scanTomlLines(text).entries()) {
    const lineStart = at;
    at += raws[i]!.length + 1;
    const marker = start === undefined ? markers[0] : markers[1];
    if (comment < 0 || !line.startsWith(marker, comment)) continue;
    if (start === undefined) {
      start = lineStart + comment;
      continue;
    }
    let end = lineStart + comment + marker.length;
    if (text.startsWith('\r\n', end)) end += 2;
    else if (text[end] === '\n') end += 1;
    return { start, end };
  }
  return undefined;
}

/** Our MCP block in `text`: its span and the lines between its markers (LF-joined), or undefined. */
export function findMcpBlock(text: string): { start: number; end: number; inner: string } | undefined {
  const found = findBlock(text);
  return found && { ...found, inner: innerOf(text, found) };
}

/** The lines between the markers of the block at `found` (LF-joined). */
function innerOf(text: string, found: { start: number; end: number }): string {
  const lines = text.slice(found.start, found.end).split(/\r?\n/);
  return lines.slice(1, lines.lastIndexOf(TOML_BLOCK_END)).join('\n');
}

/** `inner` (LF-joined lines) between our MCP markers, in the file's line ending `eol`. */
export function wrapMcpBlock(inner: string, eol: string): string {
  return [TOML_BLOCK_START, ...inner.split('\n'), TOML_BLOCK_END, ''].join(eol);
}

/** `[<key>.<name>]` with the entry, between the markers; `comments` (the user's) go right under its header. */
function renderBlock(
  key: string,
  name: string,
  entry: Record<string, unknown>,
  eol: string,
  comments: string[] = [],
): string {
  const [header, ...rest] = stringify({ [key]: { [name]: entry } })
    .trim()
    .split('\n');
  // In the file's own line ending: a CRLF file stays CRLF throughout, our block included.
  return [TOML_BLOCK_START, header, ...comments, ...rest, TOML_BLOCK_END, ''].join(eol);
}

export function mergeTomlBlock(
  text: string,
  file: string,
  key: string,
  name: string,
  entry: Record<string, unknown>,
): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const found = findBlock(text);
  const outside = found ? text.slice(0, found.start) + text.slice(found.end) : text;
  const existing = parseTomlFile(outside, file);
  const tables = entryTablesOutside(text, found, existing, key, name);
  if (tables.kind === 'own') {
    throw new SetupError(
      'conflict',
      `${file} already defines [${key}.${name}] outside the block setup manages`,
      `Remove that table from ${file} (it may start another program) and run setup again.`,
    );
  }
  const block = found ? updatedBlock(text, found, file, key, name, entry, eol) : renderBlock(key, name, entry, eol);
  // A sub-table of the user's outside the block is theirs to keep; setup only needs it inside to write there too.
  const written = (parse(block) as Record<string, Record<string, Record<string, unknown>>>)[key]?.[name] ?? {};
  const clash = tables.tables.find((t) => t.field in written);
  if (clash) {
    throw new SetupError(
      'conflict',
      `${file} line ${clash.line}: ${clash.header} is outside the block ctxmode manages, and setup needs to write ${key}.${name}.${clash.field} there`,
      `Move that table, with its lines, into the block (just above "${TOML_BLOCK_END}"), where your lines stay through every setup, then run setup again; nothing was changed.`,
    );
  }
  return placeBlock(text, file, block, found);
}

/**
 * The lines between our markers and the entry they hold. A block that no longer parses (a key written twice, a
 * typo, an integer above 2^53), or that holds lines but not our table, is refused: rendering it afresh, or cutting
 * it out, would throw away the lines the user wrote there. `command` is what the fix says to run again.
 */
function blockInside(
  text: string,
  found: { start: number; end: number },
  file: string,
  key: string,
  name: string,
  command: 'setup' | 'uninstall',
): { inner: string; entry: Record<string, unknown> | undefined; keepOthers: () => void } {
  const inner = innerOf(text, found);
  // The file's line of the start marker: inner's line n is the file's line first + n.
  const first = text.slice(0, found.start).split('\n').length;
  const fix = `Fix that line of ${file} by hand (what you wrote between the markers is yours and stays), then run ${command} again; nothing was changed.`;
  let doc: Record<string, unknown>;
  try {
    doc = parse(inner) as Record<string, unknown>;
  } catch (err) {
    const msg = (errorMessage(err).split('\n')[0] ?? '').replace(/^Invalid TOML document: /, '');
    const at = (err as { line?: unknown }).line;
    throw new SetupError(
      'malformed',
      `${file}${typeof at === 'number' ? ` line ${first + at}` : ''}, inside the block ctxmode manages, is not valid TOML: ${msg}`,
      fix,
    );
  }
  const value = isPlainObject(doc[key]) ? doc[key][name] : undefined;
  // What else the user wrote between the markers (another server, another table): kept only where their lines
  // are kept, so a re-render or a cut of the block refuses instead of dropping it.
  const others = Object.entries(doc).flatMap(([k, v]) =>
    k !== key ? [k] : isPlainObject(v) ? Object.keys(v).flatMap((n) => (n === name ? [] : [`${key}.${n}`])) : [],
  );
  const keepOthers = () => {
    if (!others.length) return;
    throw new SetupError(
      'unexpected-shape',
      `${file}: the block ctxmode manages (line ${first}) also holds ${others.map((o) => `[${o}]`).join(', ')}, which setup did not write`,
      `Move ${others.length > 1 ? 'those tables' : 'that table'}, with ${others.length > 1 ? 'their' : 'its'} lines, out of the block (after the "${TOML_BLOCK_END}" line), then run ${command} again; nothing was changed.`,
    );
  };
  if (isPlainObject(value)) return { inner, entry: value, keepOthers };
  if (inner.trim() === '') return { inner, entry: undefined, keepOthers };
  throw new SetupError(
    'unexpected-shape',
    `${file}: the block ctxmode manages (line ${first}) holds lines but no [${key}.${name}] table`,
    `Put the [${key}.${name}] line back at the top of the block, or move your lines out of it, then run ${command} again; nothing was changed.`,
  );
}

/**
 * Our block as this setup leaves it. A block as setup wrote it is rendered afresh; one the user added to keeps
 * their lines and gets ours updated in place (updateEntryLines), or, laid out in a way that cannot follow, the
 * merged entry rendered afresh with the user's comments carried over under its header (their values and
 * comments kept, their layout inside the block not).
 */
function updatedBlock(
  text: string,
  found: { start: number; end: number },
  file: string,
  key: string,
  name: string,
  entry: Record<string, unknown>,
  eol: string,
): string {
  const block = text.slice(found.start, found.end);
  const { inner, entry: current, keepOthers } = blockInside(text, found, file, key, name, 'setup');
  if (!current) return renderBlock(key, name, entry, eol);
  if (block.replace(/\r\n/g, '\n') === renderBlock(key, name, current, '\n')) {
    const merged = mergedMcpEntry(current, entry);
    return jsonEqual(merged, current) ? block : renderBlock(key, name, merged, eol);
  }
  const lines = updateEntryLines(inner, key, name, entry, eol);
  if (lines !== undefined) return [TOML_BLOCK_START, lines, TOML_BLOCK_END, ''].join(eol);
  keepOthers();
  return renderBlock(
    key,
    name,
    mergedMcpEntry(current, entry),
    eol,
    commentsIn(inner).map((c) => c.trimStart()),
  );
}

/**
 * Uninstall's cut of our MCP block from a TOML file, with what the user had added to our entry (dotted field
 * names, and the entry for the copy uninstall keeps). A block that does not parse is refused (see blockInside).
 */
export function unmergeTomlEntry(
  text: string,
  file: string,
  key: string,
  name: string,
  ourFields: readonly string[],
): { text: string; dropped?: DroppedEntry } {
  const found = findBlock(text);
  if (!found) return { text: removeTomlBlock(text, file) };
  const { entry, keepOthers } = blockInside(text, found, file, key, name, 'uninstall');
  keepOthers();
  let out = removeTomlBlock(text, file);
  let whole = entry;
  let labels: string[] = [];
  let outside: Record<string, unknown> | undefined;
  try {
    outside = parse(text.slice(0, found.start) + text.slice(found.end)) as Record<string, unknown>;
  } catch {
    // The rest of the file does not parse: only our block, found by its markers, goes.
  }
  const tables = outside ? entryTablesOutside(text, found, outside, key, name) : undefined;
  if (tables?.kind === 'tables') {
    // Sub-tables of our entry the user put after the block would be left as a server without a command.
    out = cutEntryTables(out, file, key, name);
    whole = { ...entry, ...((outside![key] as Record<string, Record<string, unknown>>)[name] ?? {}) };
    labels = tables.tables.map((t) => `${t.header} at line ${t.line}, outside the markers`);
  }
  const fields = whole ? [...userAdditions(whole, ourFields), ...labels] : [];
  return { text: out, ...(fields.length ? { dropped: { fields, entry: whole } } : {}) };
}

/** Puts `block` where the old one was, or at the end after a blank line; the result must still parse. */
function placeBlock(
  text: string,
  file: string,
  block: string,
  found: { start: number; end: number } | undefined,
): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let out: string;
  if (found) out = text.slice(0, found.start) + block + text.slice(found.end);
  else if (text === '') out = block;
  else out = `${text}${text.endsWith('\n') ? '' : eol}${eol}${block}`;
  parseTomlFile(out, file);
  return out;
}

/** What the user wrote inside our hooks block (see toml-hooks-foreign.ts), as lines to put right after it. */
function userLinesAfter(text: string, file: string, found: { start: number; end: number }, eol: string): string {
  const line = text.slice(0, found.start).split('\n').length;
  const kept = userLinesInHooksBlock(text.slice(found.start, found.end), file, line);
  return kept.length ? kept.join(eol) + eol : '';
}

/**
 * Kimi's `[[hooks]]` tables for our entries, between their own markers; other hooks in the file stay, and so do
 * tables and comments the user wrote inside the markers (moved just after them, byte for byte).
 */
export function mergeTomlHooks(text: string, file: string, entries: Record<string, unknown>[]): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const body = stringify({ hooks: entries }).trim().split('\n').join(eol);
  const found = findBlock(text, HOOK_MARKERS);
  const theirs = found ? userLinesAfter(text, file, found, eol) : '';
  const block = [TOML_HOOKS_START, body, TOML_HOOKS_END, ''].join(eol) + theirs;
  parseTomlFile(found ? text.slice(0, found.start) + text.slice(found.end) : text, file);
  return placeBlock(text, file, block, found);
}

/**
 * Cuts our blocks (MCP and hooks, and the blank line setup put before each) out; what the user wrote inside the
 * hooks block's markers stays in its place.
 */
export function removeTomlBlock(text: string, file = 'config.toml'): string {
  const found = findBlock(text, HOOK_MARKERS);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const theirs = found ? userLinesAfter(text, file, found, eol) : '';
  const out =
    found && theirs ? text.slice(0, found.start) + theirs + text.slice(found.end) : cutBlock(text, HOOK_MARKERS);
  return cutBlock(out, MCP_MARKERS);
}

function cutBlock(text: string, markers: Markers): string {
  const found = findBlock(text, markers);
  if (!found) return text;
  let start = found.start;
  const before = text.slice(0, start);
  if (found.end >= text.length && /(\r?\n){2}$/.test(before)) start -= before.endsWith('\r\n') ? 2 : 1;
  return text.slice(0, start) + text.slice(found.end);
}

/** Whether a TOML file registers `[key.name]` outside our block by hand (not only adds sub-tables to ours). */
export function tomlHasForeignEntry(text: string, key: string, name: string): boolean {
  const found = findBlock(text);
  const outside = found ? text.slice(0, found.start) + text.slice(found.end) : text;
  try {
    return entryTablesOutside(text, found, parse(outside) as Record<string, unknown>, key, name).kind === 'own';
  } catch {
    return false;
  }
}
