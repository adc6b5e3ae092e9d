import type { CanonicalEvent, HostRecord } from '@context-mode/shared/platforms/types';
import { loadHandler } from './events/dispatch.js';
import type { Handler, HookContext, Outcome } from './core/types.js';
import { appendHookLog } from './state/error-log.js';
import { bundleVanished, rerunInFreshProcess, RERUN_ENV, RETRY_EXIT } from './reload/fresh-process.js';
import { callerForPayload, canonicalEventForCommand, formatForHost, hostForCommand } from './host-bridge.js';
import { parseEnvelope, rawToolName } from './wire/parse-envelope.js';
import { idleMsFromEnv, readStdin } from './wire/read-stdin.js';
import { readSettings } from '@context-mode/shared/settings/settings';
import { errorMessage } from '@context-mode/shared/errors/error-message';

/** What the process should do once the hook has run: print `stdout` (one JSON line or nothing), exit with `exitCode`. */
export interface HookResult {
  stdout: string;
  exitCode: number;
  stderr?: string;
  /** The host reads stdout as plain text (Kiro agentSpawn / userPromptSubmit), not JSON. */
  plainText?: boolean;
}

export interface RunHookOptions {
  /** `[host, event]` as given after `context-mode hook`. */
  args: string[];
  env?: NodeJS.ProcessEnv;
  stdinFd?: number;
  cwd?: string;
  ppid?: number;
  now?: () => number;
  log?: (message: string) => void;
  /** The real hook process's script and arguments, so it can run itself again when a bundle vanished mid-load. */
  rerunArgv?: string[];
}

const NOTHING: HookResult = { stdout: '', exitCode: 0 };

/**
 * The host's version for version-gated answers (Codex), when the user states it: CONTEXT_MODE_HOST_VERSION, or
 * for Codex CONTEXT_MODE_CODEX_VERSION. Never detected (no `codex --version` per hook): unstated, the gated
 * capabilities stay off, which is the answer every version accepts.
 */
function hostVersionFromEnv(env: NodeJS.ProcessEnv, host: HostRecord): string | undefined {
  const settings = readSettings(env);
  return settings.hostVersion ?? (host.id === 'codex' ? settings.codexVersion : undefined);
}

/**
 * Only a formatter may ask for a non-zero exit, and only with the host's documented block code; stdout must be
 * one JSON value or nothing. Anything else is logged and replaced by the universal no-op.
 */
function sanitize(result: HookResult, host: HostRecord, log: (m: string) => void): HookResult {
  let stdout = result.stdout.trim();
  if (stdout !== '' && result.plainText) return { stdout: `${stdout}\n`, exitCode: 0, plainText: true };
  if (stdout !== '') {
    try {
      JSON.parse(stdout);
    } catch {
      log(`formatter for ${host.id} produced non-JSON stdout; answering nothing`);
      return NOTHING;
    }
    stdout = stdout.replace(/\r?\n/g, ' ');
  }
  const blockCode = host.blockExitCode?.value;
  const exitCode = result.exitCode === 0 || result.exitCode === blockCode ? result.exitCode : 0;
  if (exitCode !== result.exitCode) log(`formatter for ${host.id} asked for exit ${result.exitCode}; exiting 0`);
  const out: HookResult = { stdout: stdout === '' ? '' : `${stdout}\n`, exitCode };
  if (exitCode !== 0 && result.stderr) out.stderr = result.stderr;
  return out;
}

/**
 * `context-mode hook <host> <event>`: stdin → envelope → canonical event → handler → the host's formatter.
 * Never throws; every failure is logged and answered with nothing (the host's universal no-op).
 */
export async function runHook(options: RunHookOptions): Promise<HookResult> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((m: string) => appendHookLog(env, m));
  const [hostName = '', hostEvent = ''] = options.args;
  const where = `${hostName || '?'}/${hostEvent || '?'}`;
  try {
    const named = hostForCommand(hostName);
    if (!named) {
      log(`${where}: unknown host "${hostName}"; answering nothing`);
      return NOTHING;
    }
    const event: CanonicalEvent | undefined = canonicalEventForCommand(named, hostEvent);
    if (!event) {
      log(`${where}: ${named.id} has no hook event "${hostEvent}" we handle; answering nothing`);
      return NOTHING;
    }
    const input = await readStdin({ fd: options.stdinFd ?? 0, idleMs: idleMsFromEnv(env) });
    if (input.kind !== 'text') {
      log(`${where}: ${input.reason}; answering nothing`);
      return NOTHING;
    }
    return await answerNamedHook(named, event, hostEvent, input.text, options, env, log);
  } catch (err) {
    log(`${where}: ${errorMessage(err, { stack: true })}`);
    return NOTHING;
  }
}

/**
 * What answers a hook without a process (an MCP tool on our server) passes: the host, event and payload text.
 * @public the server loads it from the dist/hook-answer.mjs bundle at run time, not by import
 */
export interface HookTextOptions {
  args: string[];
  text: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  ppid: number;
  now?: () => number;
  log?: (message: string) => void;
}

/**
 * The hook's answer to a payload already in hand — the same steps and answer as `runHook` after reading stdin.
 * Never throws; every failure is logged and answered with nothing.
 * @public the server loads it from the dist/hook-answer.mjs bundle at run time, not by import
 */
export async function answerHookText(options: HookTextOptions): Promise<HookResult> {
  const env = options.env;
  const log = options.log ?? ((m: string) => appendHookLog(env, m));
  const [hostName = '', hostEvent = ''] = options.args;
  const where = `${hostName || '?'}/${hostEvent || '?'}`;
  try {
    const named = hostForCommand(hostName);
    const event = named && canonicalEventForCommand(named, hostEvent);
    if (!named || !event) {
      log(`${where}: no such host and hook event; answering nothing`);
      return NOTHING;
    }
    return await answerNamedHook(named, event, hostEvent, options.text, options, env, log);
  } catch (err) {
    log(`${where}: ${errorMessage(err, { stack: true })}`);
    return NOTHING;
  }
}

async function answerNamedHook(
  named: HostRecord,
  event: CanonicalEvent,
  hostEvent: string,
  text: string,
  options: Pick<RunHookOptions, 'cwd' | 'ppid' | 'now' | 'rerunArgv'>,
  env: NodeJS.ProcessEnv,
  log: (m: string) => void,
): Promise<HookResult> {
  const where = `${named.id}/${hostEvent}`;
  // One hook file can serve several hosts (every Copilot surface runs `hook copilot …`): the payload says which.
  const host = callerForPayload(named, text, env);
  const { envelope, problem } = parseEnvelope({
    host,
    event,
    hostEvent: hostEvent.toLowerCase(),
    text,
    env,
    cwd: options.cwd ?? process.cwd(),
    ppid: options.ppid ?? process.ppid,
  });
  if (problem) log(`${where}: ${problem}`);
  const ctx: HookContext = { env, now: options.now ?? Date.now, log: (m) => log(`${where}: ${m}`) };
  let handler: Handler;
  try {
    handler = await loadHandler(event);
  } catch (err) {
    if (!bundleVanished(err)) throw err;
    if (env[RERUN_ENV]) return { stdout: '', exitCode: RETRY_EXIT };
    if (!options.rerunArgv) throw err;
    log(`${where}: handler bundle vanished while loading (the engine is being replaced); running the hook again`);
    const fresh = await rerunInFreshProcess(options.rerunArgv, text, env);
    if (!fresh) throw err;
    return sanitize({ stdout: fresh.stdout, exitCode: fresh.exitCode }, host, (m) => log(`${where}: ${m}`));
  }
  const outcome: Outcome = await handler(envelope, ctx);
  const formatted = formatForHost(host, event, outcome, {
    hostEvent: envelope.hostEvent,
    ...(rawToolName(envelope.raw, host) ? { toolName: rawToolName(envelope.raw, host) } : {}),
    ...(hostVersionFromEnv(env, host) ? { hostVersion: hostVersionFromEnv(env, host) } : {}),
  });
  return sanitize(formatted, host, (m) => log(`${where}: ${m}`));
}
