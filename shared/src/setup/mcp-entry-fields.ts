import { settingName } from '../settings/settings.js';

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
const OUR_ENV_VARS = [DATA_HOME_VAR] as const;
export const SET_IF_MISSING = new Set(['type', 'enabled']);

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

/** The fields setup overwrites in an entry that was already there (the launch an upgrade re-pins). */
export const REPLACED = ['command', 'args'] as const;

/**
 * The entry the user had before setup (`before`, from the setup backup) with what they changed in it since: our
 * entry as it is now (`current`) with setup's part undone. The launch goes back to theirs, a `type`/`enabled`
 * setup added goes, our variables leave the environment map; every other field is the current one (what the user
 * added, changed or removed since setup stays so).
 */
export function restoredMcpEntry(before: unknown, current: unknown): unknown {
  if (!isPlainObject(before) || !isPlainObject(current)) return before;
  const out: Entry = { ...current };
  for (const field of [...REPLACED, ...SET_IF_MISSING]) {
    if (before[field] === undefined) delete out[field];
    else if (REPLACED.includes(field as (typeof REPLACED)[number]) || out[field] === undefined)
      out[field] = before[field];
  }
  for (const field of ENV_FIELDS) {
    const now = out[field];
    if (!isPlainObject(now)) continue;
    const had = isPlainObject(before[field]) ? (before[field] as Entry) : {};
    const kept: Entry = { ...now };
    for (const k of OUR_ENV_VARS) {
      if (had[k] === undefined) delete kept[k];
      else kept[k] = had[k];
    }
    if (Object.keys(kept).length || before[field] !== undefined) out[field] = kept;
    else delete out[field];
  }
  return out;
}
