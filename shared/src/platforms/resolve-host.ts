import { allHosts, findHostByName } from './host-table.js';
import type { CanonicalEvent, HostRecord } from './types.js';
import { readSetting, settingName } from '../settings/settings.js';

/**
 * The host for a server or hook: `CONTEXT_MODE_PLATFORM` (an id or alias) wins, then the MCP clientInfo name
 * (exact, then prefix, case-insensitive), then the first host in detection order with one of its env signals set.
 * Undefined when nothing matches; callers then use bare tool names and no host-specific behaviour.
 */
export function resolveHost(
  clientName: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): HostRecord | undefined {
  const forced = findHostByName(readSetting('platform', env));
  if (forced) return forced;
  const byClient = hostForClientName(clientName);
  if (byClient) return byClient;
  for (const host of allHosts()) {
    if (host.detectEnv.value.some((name) => nonEmpty(env[name]))) return host;
  }
  return undefined;
}

/** The host whose MCP clientInfo name matches: exact first, then the longest registered prefix. */
function hostForClientName(clientName: string | undefined): HostRecord | undefined {
  const name = clientName?.trim().toLowerCase();
  if (!name) return undefined;
  let best: { host: HostRecord; length: number } | undefined;
  for (const host of allHosts()) {
    for (const known of host.clientInfoNames.value) {
      const k = known.toLowerCase();
      if (k === name) return host;
      if (name.startsWith(k) && (!best || k.length > best.length)) best = { host, length: k.length };
    }
  }
  return best?.host;
}

/** How `host` shows our MCP tool `tool` to the model; the bare name when the host is unknown. */
export function hostToolName(host: HostRecord | undefined, tool: string): string {
  return host ? host.toolNaming.value.replace('{tool}', tool) : tool;
}

/** The host named on the hook command line (`context-mode hook <host> <event>`): an id or alias, any case. */
export function hostForHookCommand(hostArg: string | undefined): HostRecord | undefined {
  return findHostByName(hostArg);
}

/**
 * The canonical event for the host's own event name as written on the hook command line (`pretooluse`,
 * `beforetool`, `sessionstart`): a case-insensitive lookup in the host's event table. A canonical name
 * (`pre-tool`) is accepted too when the host has that event. Undefined for events we do not handle.
 */
export function canonicalEventFor(host: HostRecord, eventArg: string | undefined): CanonicalEvent | undefined {
  const wanted = eventArg?.trim().toLowerCase();
  if (!wanted) return undefined;
  const entries = Object.entries(host.hookEvents.value);
  const exact = entries.find(([name]) => name.toLowerCase() === wanted);
  if (exact) return exact[1];
  // Hook files written by hand sometimes spell events with separators (`pre_tool_use`, `session-start`).
  const loose = squash(wanted);
  const near = entries.find(([name]) => squash(name) === loose);
  if (near) return near[1];
  return entries.map(([, canonical]) => canonical).find((canonical) => canonical === wanted);
}

function squash(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, '');
}

/**
 * The host's own spelling of an event (e.g. `PreToolUse`, `BeforeTool`, `preToolUse`) for answers that must
 * echo it (`hookSpecificOutput.hookEventName`). `hostEvent` (any case) is preferred when the host knows it.
 */
export function hostEventName(host: HostRecord, event: CanonicalEvent, hostEvent?: string): string | undefined {
  const entries = Object.entries(host.hookEvents.value);
  if (hostEvent) {
    const wanted = hostEvent.toLowerCase();
    const hit = entries.find(([name]) => name.toLowerCase() === wanted);
    if (hit) return hit[0];
  }
  return entries.find(([, canonical]) => canonical === event)?.[0];
}

/** The workspace named by the host's env vars, then `CONTEXT_MODE_PROJECT_DIR`; undefined when none is set. */
export function projectDirFromEnv(
  host: HostRecord | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  return firstSet(env, [...(host?.projectDirEnv.value ?? []), settingName('projectDir')]);
}

/** The session id from the host's env vars, then `CONTEXT_MODE_SESSION_ID`; undefined when none is set. */
export function sessionIdFromEnv(
  host: HostRecord | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  return firstSet(env, [...(host?.sessionIdEnv?.value ?? []), settingName('sessionId')]);
}

function firstSet(env: NodeJS.ProcessEnv, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = env[name];
    if (nonEmpty(value)) return value;
  }
  return undefined;
}

function nonEmpty(value: string | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The host that really called a hook shared by several hosts (one `.github/hooks` file serves every Copilot
 * surface): the first `payloadCallers` entry whose field is in the payload (and whose env var, if any, is set),
 * else the host named on the command line. Payloads that are not JSON objects keep the named host.
 */
export function callerForPayload(
  host: HostRecord,
  payloadText: string,
  env: NodeJS.ProcessEnv = process.env,
): HostRecord {
  const callers = host.payloadCallers?.value;
  if (!callers?.length) return host;
  let payload: unknown;
  try {
    payload = JSON.parse(payloadText.replace(/^\uFEFF/, ''));
  } catch {
    return host;
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return host;
  for (const c of callers) {
    if (!(c.field in payload)) continue;
    if (c.env && !env[c.env]) continue;
    return findHostByName(c.host) ?? host;
  }
  return host;
}
