import { parse, stringify } from 'smol-toml';
import { ENV_FIELDS, isPlainObject, mergedMcpEntry } from './mcp-entry-fields.js';
import { jsonEqual } from './jsonc-edit.js';

/**
 * Updates our MCP entry inside a TOML block the user has edited (a comment, `startup_timeout_sec`, an `env`
 * table of theirs) line by line: each line of a field of ours is replaced in place or added after the table's
 * header, and every other line stays byte for byte. Undefined when the block is laid out in a way this cannot
 * follow (a field spread over several lines, dotted keys); the caller then renders the merged entry afresh.
 */
export function updateEntryLines(
  body: string,
  key: string,
  name: string,
  entry: Record<string, unknown>,
  eol: string,
): string | undefined {
  const lines = body.split(/\r?\n/);
  let current: Record<string, unknown>;
  try {
    current = ((parse(body) as Record<string, Record<string, unknown>>)[key]?.[name] ?? {}) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const merged = mergedMcpEntry(current, entry);
  const main = section(lines, [key, name]);
  if (!main) return undefined;
  for (const [field, value] of Object.entries(merged)) {
    if (jsonEqual(current[field], value)) continue;
    const isEnv = (ENV_FIELDS as readonly string[]).includes(field);
    if (isEnv && !editEnv(lines, key, name, field, current[field], merged[field])) return undefined;
    if (isEnv) continue;
    const at = findKeyLine(lines, section(lines, [key, name])!, field);
    const line = renderLine(field, value);
    if (line === undefined || at === null) return undefined;
    if (at === undefined) lines.splice(section(lines, [key, name])!.start, 0, line);
    else lines[at] = indentOf(lines[at]!) + line;
  }
  for (const field of ENV_FIELDS)
    if (current[field] !== undefined && merged[field] === undefined)
      if (!editEnv(lines, key, name, field, current[field], undefined)) return undefined;
  const out = lines.join(eol);
  try {
    const after = (parse(out) as Record<string, Record<string, unknown>>)[key]?.[name];
    return after && jsonEqual(after, merged) ? out : undefined;
  } catch {
    return undefined;
  }
}

/** The body lines of the table `[path]`: from the line after its header to the next header (or the end). */
function section(lines: string[], path: string[]): { start: number; end: number } | undefined {
  const at = lines.findIndex((l) => jsonEqual(headerPath(l), path));
  if (at < 0) return undefined;
  let end = at + 1;
  while (end < lines.length && headerPath(lines[end]!) === undefined && !/^\s*\[\[/.test(lines[end]!)) end++;
  return { start: at + 1, end };
}

/** The table a `[a."b".c]` header line names, or undefined for any other line. */
export function headerPath(line: string): string[] | undefined {
  if (!/^\s*\[[^[]/.test(line)) return undefined;
  try {
    const path: string[] = [];
    let v: unknown = parse(line);
    while (isPlainObject(v) && Object.keys(v).length === 1) {
      const k = Object.keys(v)[0]!;
      path.push(k);
      v = v[k];
    }
    return path;
  } catch {
    return undefined;
  }
}

/** The line `field = …` in a section: its index, undefined when absent, null when it is not one parseable line. */
function findKeyLine(lines: string[], s: { start: number; end: number }, field: string): number | null | undefined {
  for (let i = s.start; i < s.end; i++) {
    const l = lines[i]!;
    const m = /^\s*("?)([A-Za-z0-9_-]+)\1\s*[.=]/.exec(l);
    if (!m || m[2] !== field) continue;
    if (/^\s*"?[A-Za-z0-9_-]+"?\s*\./.test(l)) return null;
    try {
      return field in (parse(l) as object) ? i : null;
    } catch {
      return null;
    }
  }
  return undefined;
}

function indentOf(line: string): string {
  return /^\s*/.exec(line)![0];
}

/** `field = value` on one line, as TOML writes it; undefined when the value does not fit one line. */
function renderLine(field: string, value: unknown): string | undefined {
  const line = stringify({ [field]: value }).trim();
  return line.includes('\n') ? undefined : line;
}

/** An inline table `{ A = "1", B = "2" }`, its keys in the given order. */
function inlineTable(map: Record<string, unknown>): string {
  const items = Object.entries(map).map(([k, v]) => renderLine(k, v));
  return items.length ? `{ ${items.join(', ')} }` : '{}';
}

/**
 * Puts the environment map from `was` to `now` wherever the block keeps it: its own `[key.name.env]` table (our
 * variable's line replaced, added or removed), an inline `env = { … }` line (rewritten with the user's variables
 * in their order), or, when there is none, a new table at the end of the block. False when it cannot.
 */
function editEnv(lines: string[], key: string, name: string, field: string, was: unknown, now: unknown): boolean {
  const wanted = isPlainObject(now) ? now : {};
  const table = section(lines, [key, name, field]);
  if (table) {
    for (const [k, v] of Object.entries(wanted)) {
      if (isPlainObject(was) && jsonEqual(was[k], v)) continue;
      const at = findKeyLine(lines, section(lines, [key, name, field])!, k);
      const line = renderLine(k, v);
      if (at === null || line === undefined) return false;
      if (at === undefined) lines.splice(table.start, 0, line);
      else lines[at] = indentOf(lines[at]!) + line;
    }
    for (const k of isPlainObject(was) ? Object.keys(was) : []) {
      if (k in wanted) continue;
      const at = findKeyLine(lines, section(lines, [key, name, field])!, k);
      if (typeof at !== 'number') return false;
      lines.splice(at, 1);
    }
    const s = section(lines, [key, name, field])!;
    if (!Object.keys(wanted).length && lines.slice(s.start, s.end).every((l) => l.trim() === '')) {
      // The table held only our variable: it goes with its header and the blank line setup put before it.
      const from = s.start - 1 > 0 && lines[s.start - 2]!.trim() === '' ? s.start - 2 : s.start - 1;
      lines.splice(from, s.start - from);
    }
    return true;
  }
  const main = section(lines, [key, name])!;
  const at = findKeyLine(lines, main, field);
  if (at === null) return false;
  if (at !== undefined) {
    if (!Object.keys(wanted).length) lines.splice(at, 1);
    else lines[at] = `${indentOf(lines[at]!)}${field} = ${inlineTable(wanted)}`;
    return true;
  }
  if (!Object.keys(wanted).length) return true;
  const render = stringify({ [key]: { [name]: { [field]: wanted } } }).trim();
  // After the last line that is not blank, so the table ends the block as setup writes it.
  let last = lines.length - 1;
  while (last > 0 && lines[last]!.trim() === '') last--;
  lines.splice(last + 1, 0, '', ...render.split('\n'));
  return true;
}
