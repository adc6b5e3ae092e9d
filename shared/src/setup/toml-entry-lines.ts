import { parse, stringify } from 'smol-toml';
import { ENV_FIELDS, isPlainObject, mergedMcpEntry } from './mcp-entry-fields.js';
import { jsonEqual } from './jsonc-edit.js';
import { scanTomlLines } from './toml-line-scan.js';

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
    else replaceSpan(lines, at, line);
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
export function section(lines: string[], path: string[]): { start: number; end: number } | undefined {
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

/**
 * The lines of `field = …` in a section (one, or a value spread over several, like a multi-line array): undefined
 * when absent, null when it is not a plain key (a dotted key, a multi-line string) or does not parse.
 */
export function findKeyLine(
  lines: string[],
  s: { start: number; end: number },
  field: string,
): { from: number; to: number } | null | undefined {
  for (let i = s.start; i < s.end; i++) {
    const l = lines[i]!;
    const m = /^\s*("?)([A-Za-z0-9_-]+)\1\s*[.=]/.exec(l);
    if (!m || m[2] !== field) continue;
    if (/^\s*"?[A-Za-z0-9_-]+"?\s*\./.test(l)) return null;
    for (let j = i; j < s.end; j++) {
      if (/"""|'''/.test(lines[j]!)) return null;
      try {
        return field in (parse(lines.slice(i, j + 1).join('\n')) as object) ? { from: i, to: j } : null;
      } catch {
        // Not the whole value yet: take the next line too.
      }
    }
    return null;
  }
  return undefined;
}

/** The positions of a line's characters outside quoted strings (`"…"` with escapes, `'…'`). */
function* unquoted(line: string): Generator<number> {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (quote === '"' && c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else yield i;
  }
}

/** Where a line's `# comment` starts (outside quoted strings), or -1. */
function commentStart(line: string): number {
  for (const i of unquoted(line)) if (line[i] === '#') return i;
  return -1;
}

/** The comment ending a line, with the spaces before it (at least one), or ''. */
function trailingComment(line: string): string {
  const at = commentStart(line);
  return at < 0 ? '' : (/\s*$/.exec(line.slice(0, at))![0] || ' ') + line.slice(at);
}

/**
 * Every comment the user wrote in these lines: own-line comments as they are, a line's trailing one on its own.
 * Lines of a multi-line string are the string's, even when they start with `#` (scanTomlLines).
 */
export function commentsIn(text: string): string[] {
  return scanTomlLines(text).flatMap(({ text: l, inString, comment }) => {
    if (comment < 0) return [];
    if (!inString && /^\s*#/.test(l)) return [l];
    return [(inString ? '' : indentOf(l)) + l.slice(comment)];
  });
}

/**
 * Puts `code` (one `key = value` line) in place of the value's lines, keeping every comment the user wrote there:
 * the last line's trailing comment stays at the end of the line, the others go on their own lines above it.
 */
function replaceSpan(lines: string[], at: { from: number; to: number }, code: string): void {
  const first = lines[at.from]!;
  const inside = at.to > at.from ? commentsIn(lines.slice(at.from, at.to).join('\n')) : [];
  const indent = indentOf(first);
  lines.splice(
    at.from,
    at.to - at.from + 1,
    ...inside.map((c) => indent + c.trimStart()),
    indent + code + trailingComment(lines[at.to]!),
  );
}

function indentOf(line: string): string {
  return /^\s*/.exec(line)![0];
}

/** `field = value` on one line, as TOML writes it; undefined when the value does not fit one line. */
function renderLine(field: string, value: unknown): string | undefined {
  const line = stringify({ [field]: value }).trim();
  return line.includes('\n') ? undefined : line;
}

/** The top-level `,`-separated members of an inline table's inside, as written (quotes and nesting followed). */
function splitMembers(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (const i of unquoted(body)) {
    const c = body[i]!;
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(body.slice(from, i));
      from = i + 1;
    }
  }
  out.push(body.slice(from));
  return out.length === 1 && out[0]!.trim() === '' ? [] : out;
}

/**
 * `field = { … }` on one line with the map changed from `was` to `now`, member by member: the user's members keep
 * their text (quoting, spacing), ours are replaced, added at the end or cut, and a trailing comment stays.
 * Undefined when the table ends up empty (the line goes); null when the line cannot be followed.
 */
function editInlineTable(
  line: string,
  was: Record<string, unknown>,
  now: Record<string, unknown>,
): string | null | undefined {
  const cut = commentStart(line);
  const code = cut < 0 ? line : line.slice(0, cut);
  const open = code.indexOf('{');
  const close = code.lastIndexOf('}');
  if (open < 0 || close < open) return null;
  const members = splitMembers(code.slice(open + 1, close));
  const keyOf = (m: string): string | undefined => {
    try {
      return Object.keys(parse(m.trim()) as object)[0];
    } catch {
      return undefined;
    }
  };
  const keys = members.map(keyOf);
  if (keys.some((k) => k === undefined)) return null;
  for (const [k, v] of Object.entries(now)) {
    if (k in was && jsonEqual(was[k], v) && keys.includes(k)) continue;
    const text = renderLine(k, v);
    if (text === undefined) return null;
    const i = keys.indexOf(k);
    if (i >= 0) members[i] = members[i]!.replace(/^(\s*)[\s\S]*?(\s*)$/, `$1${text}$2`);
    else if (!members.length) members.push(` ${text} `);
    else {
      const last = members.length - 1;
      const trail = /\s*$/.exec(members[last]!)![0];
      members[last] = members[last]!.slice(0, members[last]!.length - trail.length);
      members.push(` ${text}${trail}`);
    }
    keys.splice(i >= 0 ? i : keys.length, i >= 0 ? 1 : 0, k);
  }
  for (const k of Object.keys(was)) {
    if (k in now) continue;
    const i = keys.indexOf(k);
    if (i < 0) continue;
    const trail = /\s*$/.exec(members[i]!)![0];
    members.splice(i, 1);
    keys.splice(i, 1);
    // The last member's spacing before `}` stays with the table.
    if (i === members.length && i > 0) members[i - 1] = members[i - 1]!.trimEnd() + trail;
  }
  if (!members.length) return undefined;
  return code.slice(0, open + 1) + members.join(',') + code.slice(close) + (cut < 0 ? '' : line.slice(cut));
}

/**
 * Puts the environment map from `was` to `now` wherever the block keeps it: its own `[key.name.env]` table (our
 * variable's line replaced, added or removed), an inline `env = { … }` line (rewritten with the user's variables
 * in their order), or, when there is none, a new table at the end of the block. False when it cannot.
 */
export function editEnv(
  lines: string[],
  key: string,
  name: string,
  field: string,
  was: unknown,
  now: unknown,
): boolean {
  const wanted = isPlainObject(now) ? now : {};
  const table = section(lines, [key, name, field]);
  if (table) {
    for (const [k, v] of Object.entries(wanted)) {
      if (isPlainObject(was) && jsonEqual(was[k], v)) continue;
      const at = findKeyLine(lines, section(lines, [key, name, field])!, k);
      const line = renderLine(k, v);
      if (at === null || line === undefined) return false;
      if (at === undefined) lines.splice(table.start, 0, line);
      else replaceSpan(lines, at, line);
    }
    for (const k of isPlainObject(was) ? Object.keys(was) : []) {
      if (k in wanted) continue;
      const at = findKeyLine(lines, section(lines, [key, name, field])!, k);
      if (!at) return false;
      lines.splice(at.from, at.to - at.from + 1, ...commentsIn(lines.slice(at.from, at.to + 1).join('\n')));
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
    const edited = at.from === at.to ? editInlineTable(lines[at.from]!, isPlainObject(was) ? was : {}, wanted) : null;
    if (edited === null) return false;
    if (edited === undefined) lines.splice(at.from, 1, ...commentsIn(lines[at.from]!));
    else lines[at.from] = edited;
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
