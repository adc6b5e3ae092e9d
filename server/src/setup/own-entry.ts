// Uninstall and the context-mode entry the user had written themselves before setup (the setup backup holds it):
// it comes back, as it was or with what they changed in it since, instead of going with ours. JSON files and
// Codex's config.toml alike.
import type { HostRecord } from '@context-mode/shared/platforms/types';
import type { PlannedFile } from '@context-mode/shared/setup/plan-setup';
import { jsonEqual, setAt, valueAt } from '@context-mode/shared/setup/jsonc-edit';
import { restoredMcpEntry } from '@context-mode/shared/setup/mcp-entry-fields';
import { MCP_SERVER_NAME } from '@context-mode/shared/setup/product';
import { unmergeTomlEntry } from '@context-mode/shared/setup/toml-block';
import { restoreTomlEntry, tomlEntryIn, tomlWithoutEntry } from '@context-mode/shared/setup/toml-entry-restore';
import { existsSync, readFileSync } from 'node:fs';
import type { FileRecord } from './setup-state.js';

/** Our entry in a file's text, in either format; undefined when there is none (or the text does not parse). */
function entryIn(host: HostRecord, text: string): unknown {
  const mcp = host.paths.value.mcpConfig;
  if (!mcp) return undefined;
  if (mcp.format === 'toml') return tomlEntryIn(text, mcp.key, MCP_SERVER_NAME);
  try {
    return valueAt(text, [mcp.key, MCP_SERVER_NAME]);
  } catch {
    return undefined;
  }
}

/** A dotted field of the entry (`env.TOKEN`). */
function fieldOf(entry: unknown, dotted: string): unknown {
  let v = entry;
  for (const k of dotted.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

/**
 * The fields of `dropped` the user added to the entry after setup: those whose value differs from the backup's.
 * The labels of TOML sub-tables outside the block (`[…] at line N, …`) are not fields: the fields they hold are.
 */
export function addedSince(host: HostRecord, fields: string[], before: string, backup: string): string[] {
  const now = entryIn(host, before);
  const was = entryIn(host, backup);
  return fields.filter((x) => !x.startsWith('[') && !jsonEqual(fieldOf(now, x), fieldOf(was, x)));
}

/**
 * An MCP file's text without our entry, when it has one (for TOML: in our block, the only place setup accepts
 * one); else no text. Uninstall compares it with its own result to know the backup held the user's entry.
 */
export function withoutEntry(host: HostRecord, f: PlannedFile, text: string): string | undefined {
  const mcp = host.paths.value.mcpConfig;
  if (!mcp || !f.parts.includes('mcp')) return undefined;
  if (mcp.format === 'toml') return tomlWithoutEntry(text, f.path, mcp.key, MCP_SERVER_NAME);
  if (valueAt(text, [mcp.key, MCP_SERVER_NAME]) === undefined) return undefined;
  try {
    return setAt(text, [mcp.key, MCP_SERVER_NAME], undefined);
  } catch {
    return undefined;
  }
}

/** `before` with the entry put back to `entry`; undefined when that cannot be done cleanly. */
function withEntry(host: HostRecord, f: PlannedFile, backup: string, entry: unknown): string | undefined {
  const mcp = host.paths.value.mcpConfig!;
  if (mcp.format !== 'toml') return setAt(f.after ?? '', [mcp.key, MCP_SERVER_NAME], entry);
  const out = restoreTomlEntry(f.before!, backup, mcp.key, MCP_SERVER_NAME, entry as Record<string, unknown>);
  // Only our entry may differ from what uninstall leaves otherwise (a hooks block of ours in the same file goes).
  try {
    return out !== undefined && unmergeTomlEntry(out, f.path, mcp.key, MCP_SERVER_NAME, []).text === f.after
      ? out
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * In a file edited since setup, where the user had their own context-mode entry before it: that entry comes back
 * (from the setup backup) with what they changed in it since, instead of going as a whole. Every value they wrote
 * stays in the file, so no copy is needed; the note says what was put back. False when this does not apply.
 */
export function restoreOwnEntry(
  host: HostRecord,
  f: PlannedFile,
  rec: FileRecord,
  dryRun: boolean,
  notes: string[],
): boolean {
  if (!host.paths.value.mcpConfig || f.before === undefined || !rec.backup || rec.fileCreated) return false;
  if (!existsSync(rec.backup)) return false;
  const backup = readFileSync(rec.backup, 'utf8');
  if (withoutEntry(host, f, backup) === undefined || f.after === backup) return false;
  if (entryIn(host, f.before) === undefined || entryIn(host, f.after ?? '') !== undefined) return false;
  const entry = restoredMcpEntry(entryIn(host, backup), entryIn(host, f.before));
  const after = withEntry(host, f, backup, entry);
  if (after === undefined) return false;
  const since = addedSince(host, f.dropped?.fields ?? [], f.before, backup);
  f.after = after;
  delete f.dropped;
  notes.push(
    `${dryRun ? 'Would put' : 'Put'} back the context-mode entry you had in ${f.path} before setup` +
      (since.length ? `, with what you added to it since (${since.join(', ')}).` : '.'),
  );
  return true;
}
