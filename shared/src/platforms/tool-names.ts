import { allHosts } from './host-table.js';
import type { HostRecord, ToolRole } from './types.js';

/**
 * Questions about a tool name that have to be answered without knowing which host sent it (memory extraction,
 * a hook whose caller is a guess): is it a built-in of some role, an MCP tool, one of ours? Every answer is
 * derived from the host table's `tools` and `toolNaming` facts, so a host added there is understood here.
 */

const SERVER = 'context-mode';
const TOOL = '{tool}';

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A `toolNaming` template split around the server and tool placeholders; undefined for bare `{tool}`. */
function splitNaming(template: string): { prefix: string; separator: string } | undefined {
  const s = template.indexOf(SERVER);
  const t = template.indexOf(TOOL);
  if (s < 0 || t < s) return undefined;
  return { prefix: template.slice(0, s), separator: template.slice(s + SERVER.length, t) };
}

function build(hosts: readonly HostRecord[]): { mcp: RegExp[]; own: RegExp[]; roles: Map<string, ToolRole> } {
  const mcp = new Map<string, RegExp>();
  const own = new Map<string, RegExp>();
  const roles = new Map<string, ToolRole>();
  for (const host of hosts) {
    const naming = splitNaming(host.toolNaming.value);
    if (!naming) {
      own.set('', /^(ctx_[a-z_]+)$/);
    } else {
      const p = escape(naming.prefix);
      const sep = escape(naming.separator);
      // Any server name fits the slot (Claude's plugin form `plugin_context-mode_context-mode` included).
      own.set(`${p}|${sep}`, new RegExp(`^${p}\\S*context[-_]mode\\S*?${sep}(ctx_[a-z_]+)$`, 'i'));
      // Only a naming that starts with a marker (`mcp__`, `mcp_`, `mcp:`, `@`) tells another server's tool
      // apart from a built-in: `github_list_issues` could be either.
      if (naming.prefix) mcp.set(`${p}|${sep}`, new RegExp(`^${p}\\S+?${sep}\\S+$`, 'i'));
    }
    for (const [role, names] of Object.entries(host.tools?.value.names ?? {}) as Array<[ToolRole, string[]]>) {
      for (const name of names) roles.set(name.toLowerCase(), role);
    }
  }
  return { mcp: [...mcp.values()], own: [...own.values()], roles };
}

const TABLE = build(allHosts());

/**
 * Longer names are no tool's (hosts cap MCP tool names near 64 characters); the cap also bounds the patterns'
 * backtracking on a hostile payload's name.
 */
const MAX_NAME = 256;

/** Our own tool's bare name (`ctx_search`) when `name` is one in any host's naming, else undefined. */
export function ownToolName(name: string | undefined): string | undefined {
  if (!name || name.length > MAX_NAME) return undefined;
  for (const re of TABLE.own) {
    const m = re.exec(name);
    if (m) return m[1];
  }
  return undefined;
}

/** Whether `name` is one of our own MCP tools, in any host's naming. */
export function isOwnTool(name: string | undefined): boolean {
  return ownToolName(name) !== undefined;
}

/**
 * Whether `name` is an MCP tool (ours or another server's) in a host naming that marks MCP tools:
 * `mcp__github__list_issues`, `mcp_github_list` (Gemini, VS Code), `mcp:github:list` (Zed), `@github/list` (Kiro).
 * Case-insensitive. Hosts that show MCP tools under their bare name (Codex, Cursor) cannot be told apart.
 */
export function isMcpToolName(name: string | undefined): boolean {
  if (!name || name.length > MAX_NAME) return false;
  return TABLE.mcp.some((re) => re.test(name));
}

/** Another MCP server's tool (not ours), as far as the name shows it. */
export function isExternalMcpTool(name: string | undefined): boolean {
  return isMcpToolName(name) && !isOwnTool(name);
}

/** The role of a built-in tool under any host's spelling (`run_shell_command` → shell), case-insensitively. */
export function builtinToolRole(name: string | undefined): ToolRole | undefined {
  return name ? TABLE.roles.get(name.toLowerCase()) : undefined;
}
