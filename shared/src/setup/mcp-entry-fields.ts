import { settingName } from '../settings/settings.js';
import { jsonEqual } from './jsonc-edit.js';

/**
 * Which fields of our MCP server entry are ours, so re-running setup (and every upgrade's re-pin) updates only
 * those and keeps what the user added to the entry (`env` variables, `timeout`, `trust`, `startup_timeout_sec`):
 *
 * - the launch (`command`, `args`) is rewritten every time: it is what an upgrade re-pins;
 * - `type` and `enabled` are set only when missing: the user's value wins (Copilot CLI's `"type": "local"` means
 *   the same as `"stdio"`; OpenCode's `"enabled": false` is the user switching us off);
 * - in the environment map (`env`, OpenCode's `environment`) only our variables are ours.
 */
export const ENV_FIELDS = ['env', 'environment'] as const;
/** The variable that pins a non-default data home for a server started with a filtered environment. */
export const DATA_HOME_VAR = settingName('home');
/** The variables setup may put into the entry's environment map. */
export const OUR_ENV_VARS = [DATA_HOME_VAR] as const;
const SET_IF_MISSING = new Set(['type', 'enabled']);

type Entry = Record<string, unknown>;

export const isPlainObject = (v: unknown): v is Entry => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The entry setup leaves when `current` is in the file and `entry` is what this setup would write. Field order is
 * the current entry's, new fields after it; a map of ours emptied of our variables goes only if it held nothing else.
 */
export function mergedMcpEntry(current: Entry, entry: Entry): Entry {
  const out: Entry = { ...current };
  for (const [field, value] of Object.entries(entry)) {
    const now = current[field];
    if (SET_IF_MISSING.has(field)) {
      if (now === undefined) out[field] = value;
    } else if ((ENV_FIELDS as readonly string[]).includes(field) && isPlainObject(now) && isPlainObject(value)) {
      out[field] = { ...now, ...value };
    } else out[field] = value;
  }
  for (const field of ENV_FIELDS) {
    const now = out[field];
    if (!isPlainObject(now)) continue;
    const wanted = isPlainObject(entry[field]) ? (entry[field] as Entry) : {};
    const kept = Object.fromEntries(
      Object.entries(now).filter(([k]) => !(OUR_ENV_VARS as readonly string[]).includes(k) || k in wanted),
    );
    if (Object.keys(kept).length === Object.keys(now).length) continue;
    if (Object.keys(kept).length) out[field] = kept;
    else delete out[field];
  }
  return out;
}

/** Whether `current` is already what setup would leave (re-running setup then changes nothing). */
export function mcpEntryUpToDate(current: Entry, entry: Entry): boolean {
  return jsonEqual(mergedMcpEntry(current, entry), current);
}

/**
 * What the user added to our entry, as dotted field names (`timeout`, `env.GITHUB_TOKEN`): the fields that are not
 * in the shape setup writes for this host (`ourFields`), and variables of theirs in its environment map.
 */
export function userAdditions(current: Entry, ourFields: readonly string[]): string[] {
  const out: string[] = [];
  for (const [field, value] of Object.entries(current)) {
    if ((ENV_FIELDS as readonly string[]).includes(field) && isPlainObject(value)) {
      for (const k of Object.keys(value))
        if (!(OUR_ENV_VARS as readonly string[]).includes(k) || !ourFields.includes(field)) out.push(`${field}.${k}`);
    } else if (!ourFields.includes(field)) out.push(field);
  }
  return out;
}
