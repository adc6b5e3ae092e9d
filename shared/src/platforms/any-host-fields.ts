import { allHosts } from './host-table.js';
import type { HostRecord, HostTools } from './types.js';

/**
 * Every host's spelling of one payload or tool-argument field, in table order, for code that reads a payload
 * without trusting which host sent it (a hook whose caller is a guess tries its own host's names first, then
 * these). Computed once: hooks run per tool call and must stay fast.
 */

type ToolArg = keyof HostTools['args'];
type PayloadField =
  | 'toolName'
  | 'toolInput'
  | 'toolResponse'
  | 'cwd'
  | 'prompt'
  | 'sessionStartSource'
  | 'transcriptPath'
  | 'subagent'
  | 'workspaceRoots';

function union<K extends string>(keys: readonly K[], of: (host: HostRecord, key: K) => readonly string[] | undefined) {
  const out = Object.fromEntries(keys.map((k) => [k, [] as string[]])) as Record<K, string[]>;
  for (const host of allHosts()) {
    for (const key of keys) for (const f of of(host, key) ?? []) if (!out[key].includes(f)) out[key].push(f);
  }
  return out;
}

const ARGS = union<ToolArg>(['command', 'filePath', 'url', 'prompt'], (h, k) => h.tools?.value.args[k]);
const PAYLOAD = union<PayloadField>(
  [
    'toolName',
    'toolInput',
    'toolResponse',
    'cwd',
    'prompt',
    'sessionStartSource',
    'transcriptPath',
    'subagent',
    'workspaceRoots',
  ],
  (h, k) => h.payload.value[k],
);

/** Every host's spelling of a tool argument (`command`, `cmd`, `CommandLine`, …). */
export function argFieldsOfAnyHost(arg: ToolArg): readonly string[] {
  return ARGS[arg];
}

/** Every host's spelling of a payload field (`tool_input`, `toolArgs`, `args`, …). */
export function payloadFieldsOfAnyHost(field: PayloadField): readonly string[] {
  return PAYLOAD[field];
}
