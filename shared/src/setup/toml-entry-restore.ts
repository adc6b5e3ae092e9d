import { parse } from 'smol-toml';
import { jsonEqual } from './jsonc-edit.js';
import { ENV_FIELDS, isPlainObject, REPLACED, SET_IF_MISSING } from './mcp-entry-fields.js';
import { findMcpBlock, unmergeTomlEntry, wrapMcpBlock } from './toml-block.js';
import { editEnv, findKeyLine, section } from './toml-entry-lines.js';

/**
 * A context-mode entry the user wrote in config.toml before setup can only be one inside our markers (one outside
 * them is refused as a conflict): copied from configs/codex/config.toml, or a dotfile from another machine. Setup
 * takes it over; uninstall gives it back as JSON hosts do, the backup's bytes when the file is as setup left it,
 * else (edited since) the block with the lines of setup's fields put back as the backup had them.
 */
type Entry = Record<string, unknown>;

function entryAt(doc: unknown, key: string, name: string): Entry | undefined {
  const table = isPlainObject(doc) ? doc[key] : undefined;
  const entry = isPlainObject(table) ? table[name] : undefined;
  return isPlainObject(entry) ? entry : undefined;
}

/** The entry `[key.name]` of a whole TOML text (its block and any sub-tables outside it), or undefined. */
export function tomlEntryIn(text: string, key: string, name: string): Entry | undefined {
  try {
    return entryAt(parse(text), key, name);
  } catch {
    return undefined;
  }
}

/** The entry written between our markers, or undefined (no block, or one that does not parse). */
function tomlBlockEntry(text: string, key: string, name: string): Entry | undefined {
  const block = findMcpBlock(text);
  return block ? tomlEntryIn(block.inner, key, name) : undefined;
}

/** `text` without what uninstall cuts of our entry, when its block holds one; else undefined. */
export function tomlWithoutEntry(text: string, file: string, key: string, name: string): string | undefined {
  if (!tomlBlockEntry(text, key, name)) return undefined;
  try {
    return unmergeTomlEntry(text, file, key, name, []).text;
  } catch {
    return undefined;
  }
}

/**
 * `text` (a file edited since setup) with the entry in our block put back to `restored` (restoredMcpEntry: the
 * entry of `backup`, from before setup, with the user's changes since): each field setup writes (the launch, a
 * `type`/`enabled` it added) gets the backup's own lines again, or goes when the backup had none; our variable
 * leaves the environment map; every other line stays byte for byte. Undefined when the result would not be
 * exactly `restored` with the rest of the file unchanged (a layout this cannot follow): the caller then cuts the
 * entry as for any other file.
 */
export function restoreTomlEntry(
  text: string,
  backup: string,
  key: string,
  name: string,
  restored: Entry,
): string | undefined {
  const now = findMcpBlock(text);
  const was = findMcpBlock(backup);
  const current = now && tomlEntryIn(now.inner, key, name);
  if (!now || !was || !current) return undefined;
  const lines = now.inner.split('\n');
  const theirs = was.inner.split('\n');
  for (const field of [...REPLACED, ...SET_IF_MISSING]) {
    if (jsonEqual(current[field], restored[field])) continue;
    const table = section(lines, [key, name]);
    const from = section(theirs, [key, name]);
    if (!table || !from) return undefined;
    const at = findKeyLine(lines, table, field);
    const own = findKeyLine(theirs, from, field);
    if (at === null || own === null) return undefined;
    const put = own ? theirs.slice(own.from, own.to + 1) : [];
    if (at) lines.splice(at.from, at.to - at.from + 1, ...put);
    else lines.splice(table.start, 0, ...put);
  }
  for (const field of ENV_FIELDS)
    if (
      !jsonEqual(current[field], restored[field]) &&
      !editEnv(lines, key, name, field, current[field], restored[field])
    )
      return undefined;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const out = text.slice(0, now.start) + wrapMcpBlock(lines.join('\n'), eol) + text.slice(now.end);
  try {
    const want = parse(text) as Record<string, Record<string, unknown>>;
    want[key]![name] = restored;
    return jsonEqual(parse(out), want) ? out : undefined;
  } catch {
    return undefined;
  }
}
