import { findHostByName } from '../platforms/host-table.js';
import type { CanonicalEvent, HookFileLayout, HostRecord } from '../platforms/types.js';
import { isOurCommand, renderCommand, type Launcher } from './hook-command.js';
import { stringsIn } from './jsonc-edit.js';
import { MCP_SERVER_NAME } from './product.js';

/** The MCP tool on our server that answers `mcp_tool` hooks (server/src/mcp/hook-tool.ts); never listed to the model. */
export const HOOK_TOOL_NAME = 'ctx_hook';

/**
 * The hook input fields an `mcp_tool` hook passes on, each as `${field}` (the host puts an object's JSON text
 * there, and an empty string for a field the event lacks): the same fields a command hook reads from stdin.
 */
const HOOK_INPUT_FIELDS = [
  'hook_event_name',
  'session_id',
  'transcript_path',
  'cwd',
  'permission_mode',
  'tool_name',
  'tool_input',
  'tool_response',
  'tool_use_id',
  'prompt',
  'trigger',
  'custom_instructions',
  'source',
  'stop_hook_active',
  'agent_id',
  'agent_type',
];

/** An `mcp_tool` hook entry calling our hook tool for `event` as `host`. */
function mcpToolHook(host: string, event: string): Record<string, unknown> {
  const payload = Object.fromEntries(HOOK_INPUT_FIELDS.map((f) => [f, `\${${f}}`]));
  return {
    type: 'mcp_tool',
    server: MCP_SERVER_NAME,
    tool: HOOK_TOOL_NAME,
    input: { host, event, payload },
    timeout: 30,
  };
}

/** Our hook entries for one host: the host's event name → the entry for its layout. */
export interface HookEntries {
  layout: HookFileLayout;
  /** Top-level keys the layout needs besides `hooks` (e.g. `version: 1`). */
  header: Record<string, unknown>;
  events: Record<string, unknown>;
}

/**
 * The host whose event names and command id a host's hook file uses: itself, or the host named by `commandHost`
 * when one file serves several hosts (every Copilot surface shares the Copilot CLI file).
 */
export function hookFileHost(host: HostRecord): HostRecord {
  const name = host.hookSetup?.value.commandHost;
  return (name && findHostByName(name)) || host;
}

/** One event name per canonical event, the first the host table lists (hosts may accept two spellings). */
export function hookEventNames(host: HostRecord): string[] {
  const seen = new Set<CanonicalEvent>();
  const out: string[] = [];
  for (const [name, canonical] of Object.entries(host.hookEvents.value)) {
    if (seen.has(canonical)) continue;
    seen.add(canonical);
    out.push(name);
  }
  return out;
}

/** Our entries for a host's hooks file, or undefined when setup writes no hooks for it. */
export function hookEntriesFor(
  host: HostRecord,
  launcher: Launcher,
  platform: NodeJS.Platform,
): HookEntries | undefined {
  const setup = host.hookSetup?.value;
  if (!setup || setup.layout === 'opencode-plugin') return undefined;
  const fileHost = hookFileHost(host);
  const commandHost = setup.commandHost ?? host.id;
  const posix = platform === 'win32' ? 'windows-plain' : 'posix';
  const events: Record<string, unknown> = {};
  const processless = host.processlessHooks?.value;
  const viaMcpTool = new Set(processless?.kind === 'mcp-tool' ? processless.events : []);
  for (const event of hookEventNames(fileHost)) {
    const args = ['hook', commandHost, event.toLowerCase()];
    if (setup.layout === 'nested-matchers' && viaMcpTool.has(event)) {
      events[event] = { hooks: [mcpToolHook(commandHost, event.toLowerCase())] };
    } else if (setup.layout === 'nested-matchers') {
      events[event] = { hooks: [{ type: 'command', command: renderCommand(launcher, args, posix) }] };
    } else if (setup.layout === 'toml-array') {
      events[event] = { event, command: renderCommand(launcher, args, posix) };
    } else if (setup.layout === 'copilot-cli') {
      events[event] = {
        type: 'command',
        bash: renderCommand(launcher, args, 'posix'),
        powershell: renderCommand(launcher, args, 'powershell'),
      };
    } else {
      events[event] = { command: renderCommand(launcher, args, posix) };
    }
  }
  const header = setup.layout === 'nested-matchers' ? {} : { version: 1 };
  return { layout: setup.layout, header, events };
}

/** True when a value holds an `mcp_tool` hook calling our hook tool on our server. */
function holdsOurMcpToolHook(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsOurMcpToolHook);
  if (!value || typeof value !== 'object') return false;
  const o = value as Record<string, unknown>;
  if (o.type === 'mcp_tool' && o.server === MCP_SERVER_NAME && o.tool === HOOK_TOOL_NAME) return true;
  return Object.values(o).some(holdsOurMcpToolHook);
}

/** True when an entry of a hooks array (any layout) runs our hook: as a command or as an `mcp_tool` call. */
export function isOurHookEntry(entry: unknown): boolean {
  return stringsIn(entry).some(isOurCommand) || holdsOurMcpToolHook(entry);
}
