import type { HookEntries } from './hook-entries.js';
import { isOurHookEntry } from './hook-entries.js';
import { hasPath, jsonEqual, parseJsonObject, setAt, valueAt, type JsonPath } from './jsonc-edit.js';
import { SetupError } from './setup-error.js';
import { isPlainObject, mergedMcpEntry, userAdditions } from './mcp-entry-fields.js';

/** A merged file and the JSON paths that did not exist before (uninstall may remove them again). */
export interface JsonMerge {
  text: string;
  created: JsonPath[];
  /** Settings setup changed from another value (e.g. Gemini `hooksConfig.enabled: false`), with that value. */
  replaced?: { path: JsonPath; value: unknown }[];
  /** Uninstall: our MCP entry held fields the user added (their dotted names) and is going as a whole. */
  dropped?: DroppedEntry;
}

/** Our MCP entry as uninstall found it, and what in it the user had added. */
export interface DroppedEntry {
  fields: string[];
  entry: unknown;
}

/** Sets `path` and records the outermost part of it that did not exist yet. */
function setTracked(m: JsonMerge, path: JsonPath, value: unknown): void {
  const old = valueAt(m.text, path);
  if (old !== undefined && (old === null || typeof old !== 'object')) (m.replaced ??= []).push({ path, value: old });
  for (let i = 1; i <= path.length; i++) {
    const prefix = path.slice(0, i);
    if (!hasPath(m.text, prefix)) {
      if (!m.created.some((c) => c.length === prefix.length && c.every((k, j) => k === prefix[j])))
        m.created.push(prefix);
      break;
    }
  }
  m.text = setAt(m.text, path, value);
}

function expectObject(text: string, path: JsonPath, file: string): void {
  const v = valueAt(text, path);
  if (v !== undefined && (v === null || typeof v !== 'object' || Array.isArray(v))) {
    throw new SetupError(
      'unexpected-shape',
      `${file}: "${path.join('.')}" is not an object`,
      `Fix ${file} by hand and run setup again.`,
    );
  }
}

/**
 * Registers our MCP server under `key.name`. An entry already there gets only our fields updated, each in its
 * place (see mcp-entry-fields.ts): what the user added to it stays, and an up-to-date entry is left as it is.
 */
export function mergeMcpJson(
  text: string,
  file: string,
  key: string,
  name: string,
  entry: Record<string, unknown>,
  m: JsonMerge = { text, created: [] },
): JsonMerge {
  parseJsonObject(m.text, file);
  expectObject(m.text, [key], file);
  const current = valueAt(m.text, [key, name]);
  if (!isPlainObject(current)) {
    if (!jsonEqual(current, entry)) setTracked(m, [key, name], entry);
    return m;
  }
  const merged = mergedMcpEntry(current, entry);
  for (const field of new Set([...Object.keys(current), ...Object.keys(merged)])) {
    const was = current[field];
    const now = merged[field];
    if (jsonEqual(was, now)) continue;
    if (isPlainObject(was) && isPlainObject(now)) {
      // An environment map: only the variables that differ, so the user's own stay byte for byte.
      for (const k of new Set([...Object.keys(was), ...Object.keys(now)]))
        if (!jsonEqual(was[k], now[k])) m.text = setAt(m.text, [key, name, field, k], now[k]);
    } else m.text = setAt(m.text, [key, name, field], now);
  }
  return m;
}

/**
 * The user's additions to our entry at `key.name` (`[]` when there are none or no entry): uninstall takes the
 * whole entry out (without our command it would not start), so these are named to the user and kept in a copy.
 */
export function mcpUserAdditions(text: string, key: string, name: string, ourFields: readonly string[]): string[] {
  const current = valueAt(text, [key, name]);
  return isPlainObject(current) ? userAdditions(current, ourFields) : [];
}

/**
 * Merges our hook entries: per event, an equal entry of ours stays where it is, a different one is replaced in
 * place, a missing one is appended after the other tools' entries; ours under events we no longer use are
 * removed. Header keys (`version`) and the host's enable switch are set only when missing or different.
 */
export function mergeHooksJson(
  text: string,
  file: string,
  entries: HookEntries,
  enable: { path: string[]; value: unknown } | undefined,
  m: JsonMerge = { text, created: [] },
): JsonMerge {
  parseJsonObject(m.text, file);
  for (const [k, v] of Object.entries(entries.header)) if (valueAt(m.text, [k]) === undefined) setTracked(m, [k], v);
  if (enable && !jsonEqual(valueAt(m.text, enable.path), enable.value)) setTracked(m, enable.path, enable.value);
  expectObject(m.text, ['hooks'], file);
  for (const [event, entry] of Object.entries(entries.events)) {
    const arr = valueAt(m.text, ['hooks', event]);
    if (arr === undefined) {
      setTracked(m, ['hooks', event], [entry]);
      continue;
    }
    if (!Array.isArray(arr))
      throw new SetupError(
        'unexpected-shape',
        `${file}: "hooks.${event}" is not an array`,
        `Fix ${file} by hand and run setup again.`,
      );
    // A group of ours the user added a hook to stays theirs: only our hook leaves it, and ours is added apart.
    for (let i = arr.length - 1; i >= 0; i--) if (isMixedGroup(arr[i])) stripOurInnerHooks(m, ['hooks', event, i]);
    const ours = arr.map((e, i) => (isOurHookEntry(e) && !isMixedGroup(e) ? i : -1)).filter((i) => i >= 0);
    if (ours.length === 1 && jsonEqual(arr[ours[0]!], entry)) continue;
    for (const i of ours.slice(1).reverse()) m.text = setAt(m.text, ['hooks', event, i], undefined);
    if (ours.length) m.text = setAt(m.text, ['hooks', event, ours[0]!], entry);
    else m.text = setAt(m.text, ['hooks', event, -1], entry);
  }
  removeOurHooks(m, (event) => !(event in entries.events));
  return m;
}

/** A matcher group (`{hooks: [...]}`) holding our hook command and someone else's. */
function isMixedGroup(entry: unknown): boolean {
  const inner = (entry as { hooks?: unknown } | null)?.hooks;
  return Array.isArray(inner) && inner.some(isOurHookEntry) && !inner.every(isOurHookEntry);
}

/** Takes our hooks out of a mixed matcher group at `group`, leaving the group and the user's hooks. */
function stripOurInnerHooks(m: JsonMerge, group: JsonPath): void {
  const inner = valueAt(m.text, [...group, 'hooks']) as unknown[];
  for (let j = inner.length - 1; j >= 0; j--)
    if (isOurHookEntry(inner[j])) m.text = setAt(m.text, [...group, 'hooks', j], undefined);
}

/** Removes our entries from `hooks.<event>` arrays for the events `which` selects; empty arrays we leave go too. */
function removeOurHooks(m: JsonMerge, which: (event: string) => boolean, dropEmpty = false): void {
  const hooks = valueAt(m.text, ['hooks']);
  if (!hooks || typeof hooks !== 'object' || Array.isArray(hooks)) return;
  for (const [event, arr] of Object.entries(hooks as Record<string, unknown>)) {
    if (!which(event) || !Array.isArray(arr)) continue;
    for (let i = arr.length - 1; i >= 0; i--) if (isMixedGroup(arr[i])) stripOurInnerHooks(m, ['hooks', event, i]);
    const ours = arr.map((e, i) => (isOurHookEntry(e) && !isMixedGroup(e) ? i : -1)).filter((i) => i >= 0);
    if (!ours.length) continue;
    if (dropEmpty && ours.length === arr.length) m.text = setAt(m.text, ['hooks', event], undefined);
    else for (const i of ours.reverse()) m.text = setAt(m.text, ['hooks', event, i], undefined);
  }
}

function isEmptyContainer(v: unknown): boolean {
  return v !== null && typeof v === 'object' && Object.keys(v as object).length === 0;
}

/**
 * Takes out what setup added: our MCP entry and hook entries, then the keys setup created (`created`, from the
 * setup record) when they are empty containers or still hold the value setup wrote. Without a record only our
 * own entries (and hook arrays left empty) are removed.
 */
export function unmergeJson(
  text: string,
  file: string,
  what: {
    mcp?: { key: string; name: string };
    hooks?: boolean;
    enable?: { path: string[]; value: unknown };
    header?: Record<string, unknown>;
  },
  created: JsonPath[] = [],
  replaced: { path: JsonPath; value: unknown }[] = [],
): string {
  parseJsonObject(text, file);
  const m: JsonMerge = { text, created: [] };
  if (what.mcp && valueAt(m.text, [what.mcp.key, what.mcp.name]) !== undefined)
    m.text = setAt(m.text, [what.mcp.key, what.mcp.name], undefined);
  if (what.hooks) removeOurHooks(m, () => true, true);
  for (const r of replaced) {
    const key = r.path.join('.');
    const ours = what.enable && what.enable.path.join('.') === key ? what.enable.value : undefined;
    if (ours !== undefined && jsonEqual(valueAt(m.text, r.path), ours)) m.text = setAt(m.text, r.path, r.value);
  }
  // The host's switch inside a container setup created (Gemini `hooksConfig`): the switch goes first, so the
  // container can be seen empty below even after the host re-wrote the file in its own formatting.
  if (what.enable) {
    const en = what.enable;
    const inCreated = created.some((c) => c.length <= en.path.length && c.every((k, i) => k === en.path[i]));
    if (inCreated && jsonEqual(valueAt(m.text, en.path), en.value)) m.text = setAt(m.text, en.path, undefined);
  }
  // Deepest first, so a container emptied by removing its child goes too.
  for (const path of [...created].sort((a, b) => b.length - a.length)) {
    const v = valueAt(m.text, path);
    if (v === undefined) continue;
    const key = path.join('.');
    const setValue = what.enable && what.enable.path.join('.') === key ? what.enable.value : what.header?.[key];
    if (isEmptyContainer(v) || (setValue !== undefined && jsonEqual(v, setValue)))
      m.text = setAt(m.text, path, undefined);
  }
  return m.text;
}
