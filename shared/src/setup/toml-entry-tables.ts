import { parse } from 'smol-toml';
import { jsonEqual } from './jsonc-edit.js';
import { isPlainObject } from './mcp-entry-fields.js';
import { SetupError } from './setup-error.js';
import { headerPath } from './toml-entry-lines.js';

/**
 * Tables of our entry the user wrote outside our block, `[<key>.<name>.env]` appended at the end of config.toml
 * (TOML lets a sub-table stand anywhere). They add to our entry, as lines inside the block do; a table of the
 * entry itself (`[<key>.<name>]`, or its fields written any other way) is a registration of its own.
 */
export interface EntryTablesOutside {
  kind: 'none' | 'tables' | 'own';
  /** Each sub-table header outside the block: the entry's field it defines, the header as written, its line. */
  tables: { field: string; header: string; line: number }[];
}

/** What the file outside `block` (already parsed as `outside`) defines of the entry `[key.name]`. */
export function entryTablesOutside(
  text: string,
  block: { start: number; end: number } | undefined,
  outside: Record<string, unknown>,
  key: string,
  name: string,
): EntryTablesOutside {
  const table = outside[key];
  if (!isPlainObject(table) || !(name in table)) return { kind: 'none', tables: [] };
  const tables: EntryTablesOutside['tables'] = [];
  let own = false;
  let offset = 0;
  text.split('\n').forEach((raw, i) => {
    const at = offset;
    offset += raw.length + 1;
    if (block && at >= block.start && at < block.end) return;
    const path = headerPath(raw.replace(/\r$/, ''));
    if (!path || path[0] !== key || path[1] !== name) return;
    if (path.length === 2) own = true;
    else tables.push({ field: path[2]!, header: raw.trim(), line: i + 1 });
  });
  const entry = table[name];
  const fields = new Set(tables.map((t) => t.field));
  if (own || !isPlainObject(entry) || Object.keys(entry).some((f) => !fields.has(f))) return { kind: 'own', tables };
  return { kind: 'tables', tables };
}

const blankOrComment = (line: string) => /^\s*(#.*)?\r?$/.test(line);

/**
 * Cuts every `[key.name.*]` table out of `text` (a file whose block is already cut): the header and its lines up
 * to its last key (comments and blank lines just before the next table stay), and the blank line before it when
 * one follows. Refused when what is left is not the same file without those tables.
 */
export function cutEntryTables(text: string, file: string, key: string, name: string): string {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length;) {
    const path = headerPath(lines[i]!.replace(/\r$/, ''));
    if (!path || path[0] !== key || path[1] !== name || path.length < 3) {
      i++;
      continue;
    }
    let end = i + 1;
    while (
      end < lines.length &&
      headerPath(lines[end]!.replace(/\r$/, '')) === undefined &&
      !/^\s*\[\[/.test(lines[end]!)
    )
      end++;
    let last = end - 1;
    while (last > i && blankOrComment(lines[last]!)) last--;
    const after = lines[last + 1];
    const from = i > 0 && lines[i - 1]!.trim() === '' && (after === undefined || after.trim() === '') ? i - 1 : i;
    lines.splice(from, last + 1 - from);
    i = from;
  }
  const out = lines.join('\n');
  try {
    const want = parse(text) as Record<string, Record<string, unknown>>;
    delete want[key]?.[name];
    if (isPlainObject(want[key]) && !Object.keys(want[key]).length) delete want[key];
    if (jsonEqual(parse(out), want)) return out;
  } catch {
    // Refused below.
  }
  throw new SetupError(
    'unexpected-shape',
    `${file}: cannot take the [${key}.${name}.…] tables outside the block ctxmode manages out cleanly`,
    `Remove those tables from ${file} by hand (or move them inside the block), then run uninstall again; nothing was changed.`,
  );
}
