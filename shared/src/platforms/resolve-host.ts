import type { HostRecord } from './types.js';

/**
 * The host for a server or hook: `CONTEXT_MODE_PLATFORM` wins, then the MCP clientInfo name, then env signals.
 * Placeholder until the host table lands.
 */
export function resolveHost(clientName: string | undefined, env: NodeJS.ProcessEnv = process.env): HostRecord | undefined {
  void clientName;
  void env;
  return undefined;
}

/** How `host` shows our MCP tool `tool` to the model; the bare name when the host is unknown. */
export function hostToolName(host: HostRecord | undefined, tool: string): string {
  return host ? host.toolNaming.value.replace('{tool}', tool) : tool;
}
