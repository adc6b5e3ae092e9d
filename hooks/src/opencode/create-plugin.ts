import type { InjectedCost } from '@context-mode/shared/memory/session-hooks';
import { getHost } from '@context-mode/shared/platforms/host-table';
import type { CanonicalEvent } from '@context-mode/shared/platforms/types';
import type { Envelope, Handler, HookContext, Outcome, SessionStartSource } from '../core/types.js';
import type { OpenCodeHooks, OpenCodePart, OpenCodePlugin, OpenCodePluginInput } from './opencode-types.js';
import { withTimings } from './timings.js';
import { wholeOutput } from './whole-output.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

export interface PluginDeps {
  /** The canonical handler for an event; defaults to the hook runner's dispatch table. */
  loadHandler?: (event: CanonicalEvent) => Promise<Handler>;
  env?: NodeJS.ProcessEnv;
  now?: () => number;
  log?: (message: string) => void;
  /** Books what injected context cost once it reached the agent; defaults to the ledger (bookInjectedCosts). */
  bookCosts?: (sessionId: string, projectDir: string, costs: InjectedCost[]) => Promise<void>;
}

/** One-off context waiting for the agent's next request, per session; bounded so a long session cannot grow it. */
const MAX_PENDING = 8;
const MAX_PENDING_CHARS = 32_000;
/** Sessions whose context the plugin holds; the oldest is dropped past this (one OpenCode process, few sessions). */
const MAX_SESSIONS = 32;

/**
 * Context that comes with every one of the agent's requests in a session (OpenCode rebuilds the system prompt for
 * each request, so a one-off push would be gone from the next): the routing block from session start, and the
 * latest resume snapshot. `costs` are booked the first time it reaches the agent, and never if it does not.
 */
interface Standing {
  text: string;
  costs: InjectedCost[];
  booked: boolean;
}

interface SessionContext {
  start?: Standing;
  resume?: Standing;
  once: string[];
}

async function defaultLoadHandler(event: CanonicalEvent): Promise<Handler> {
  const { loadHandler } = await import('../events/dispatch.js');
  return loadHandler(event);
}

async function defaultBookCosts(
  env: NodeJS.ProcessEnv,
  now: () => number,
  sessionId: string,
  projectDir: string,
  costs: InjectedCost[],
): Promise<void> {
  const { bookInjectedCosts } = await import('@context-mode/shared/memory/session-hooks');
  bookInjectedCosts({ projectDir, sessionId, host: getHost('opencode'), env, now: now() }, costs);
}

async function defaultLog(env: NodeJS.ProcessEnv, message: string): Promise<void> {
  try {
    const { appendHookLog } = await import('../state/error-log.js');
    appendHookLog(env, `opencode: ${message}`);
  } catch {
    // Logging must never break the host.
  }
}

/**
 * Builds OpenCode's plugin: the same canonical handlers the hook runner uses, called in-process. A deny throws
 * (OpenCode aborts the tool and shows the message), a modify rewrites `output.args` in place, a replaced output
 * overwrites `output.output`, compaction context goes into `output.context`, and other context is added to the
 * system prompt of the agent's requests (`experimental.chat.system.transform`, which OpenCode also runs for its
 * title request: the host table's `agentRequestMarker` tells them apart). Every other failure is logged and the
 * host carries on.
 */
export function createContextModePlugin(deps: PluginDeps = {}): OpenCodePlugin {
  const env = deps.env ?? process.env;
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((m: string) => void defaultLog(env, m));
  const load = deps.loadHandler ?? defaultLoadHandler;
  const host = getHost('opencode');
  const bookCosts = deps.bookCosts ?? ((id, dir, costs) => defaultBookCosts(env, now, id, dir, costs));
  const agentMarker = host.agentRequestMarker?.value;

  return async (pluginInput: OpenCodePluginInput): Promise<OpenCodeHooks> => {
    const projectDir = pluginInput.worktree || pluginInput.directory || process.cwd();
    const sessions = new Map<string, SessionContext>();
    // Handlers hand back what injected context costs; it is booked here once the agent's request carries it.
    const ctx: HookContext = { env, now, log, deferInjectedCosts: true };

    const contextOfSession = (sessionId: string): SessionContext => {
      let c = sessions.get(sessionId);
      if (!c) {
        c = { once: [] };
        sessions.set(sessionId, c);
        for (const oldest of sessions.keys()) {
          if (sessions.size <= MAX_SESSIONS) break;
          sessions.delete(oldest);
        }
      }
      return c;
    };

    const queue = (sessionId: string, text: string | undefined) => {
      if (!text || text.trim() === '') return;
      const list = contextOfSession(sessionId).once;
      list.push(text);
      while (list.length > MAX_PENDING || list.join('\n').length > MAX_PENDING_CHARS) list.shift();
    };

    const stand = (sessionId: string, slot: 'start' | 'resume', outcome: Outcome | undefined) => {
      const text = contextOf(outcome);
      if (!text || text.trim() === '') return;
      const costs = outcome?.kind === 'context' ? (outcome.costs ?? []) : [];
      contextOfSession(sessionId)[slot] = { text, costs, booked: false };
    };

    /** Adds the session's context to one of the agent's requests, booking standing context the first time. */
    const attach = async (sessionId: string, system: string[]) => {
      const c = sessions.get(sessionId);
      if (!c) return;
      const standing = [c.start, c.resume].filter((x): x is Standing => x !== undefined);
      system.push(...standing.map((x) => x.text), ...c.once);
      c.once = [];
      const costs = standing.filter((x) => !x.booked).flatMap((x) => x.costs);
      for (const x of standing) x.booked = true;
      if (!costs.length) return;
      try {
        await bookCosts(sessionId, projectDir, costs);
      } catch (err) {
        log(`booking injected context: ${err instanceof Error ? err.message : String(err)}`);
      }
    };

    /** Runs one canonical handler; undefined when it failed (logged). */
    const run = async (event: CanonicalEvent, hostEvent: string, fields: Partial<Envelope> & { sessionId: string }) => {
      const envelope: Envelope = {
        host,
        event,
        hostEvent,
        projectDir,
        isSubagent: false,
        raw: {},
        ...fields,
      };
      try {
        const handler = await load(event);
        return await handler(envelope, ctx);
      } catch (err) {
        log(`${hostEvent}: ${errorMessage(err, { stack: true })}`);
        return undefined;
      }
    };

    const hooks: OpenCodeHooks = {
      'tool.execute.before': async (input, output) => {
        const args = isRecord(output.args) ? output.args : {};
        const outcome = await run('pre-tool', 'tool.execute.before', {
          sessionId: input.sessionID,
          toolName: input.tool,
          toolInput: args,
          raw: { ...input, args },
        });
        if (!outcome) return;
        applyPreTool(outcome, output, (text) => queue(input.sessionID, text));
      },

      'tool.execute.after': async (input, output) => {
        const args = isRecord(input.args) ? input.args : {};
        const outcome = await run('post-tool', 'tool.execute.after', {
          sessionId: input.sessionID,
          toolName: input.tool,
          toolInput: args,
          toolResponse:
            typeof output.output === 'string'
              ? wholeOutput(input.tool, args, output.output, output.metadata)
              : output.output,
          raw: { ...input, output: output.output, title: output.title },
        });
        if (!outcome) return;
        if (outcome.kind === 'replace-output') output.output = outcome.text;
        else queue(input.sessionID, contextOf(outcome));
      },

      'chat.message': async (input, output) => {
        const sessionId = typeof input.sessionID === 'string' ? input.sessionID : '';
        const prompt = (output.parts ?? [])
          .filter(isTextPart)
          .map((p) => p.text)
          .join('\n');
        if (!sessionId || prompt.trim() === '') return;
        const outcome = await run('prompt', 'chat.message', {
          sessionId,
          prompt,
          raw: { sessionID: sessionId, prompt },
        });
        // What a prompt brings back is the resume snapshot after a compaction: it stands in for the lost turns.
        stand(sessionId, 'resume', outcome);
      },

      'experimental.chat.system.transform': async (input, output) => {
        const sessionId = typeof input.sessionID === 'string' ? input.sessionID : '';
        if (!sessionId || !Array.isArray(output.system)) return;
        // OpenCode's title request runs this hook too (concurrently with the agent's first request); its system
        // prompt lacks what every agent request carries. Context put there would never reach the agent.
        if (agentMarker && !output.system.some((part) => typeof part === 'string' && part.includes(agentMarker)))
          return;
        await attach(sessionId, output.system);
      },

      'experimental.session.compacting': async (input, output) => {
        const outcome = await run('pre-compact', 'experimental.session.compacting', {
          sessionId: input.sessionID,
          raw: { ...input },
        });
        const text = outcome ? contextOf(outcome) : undefined;
        if (text && Array.isArray(output.context)) output.context.push(text);
      },

      event: async ({ event }) => {
        const sessionId = sessionIdOfEvent(event.properties);
        if (!sessionId) return;
        if (event.type === 'session.created') {
          const source: SessionStartSource = 'startup';
          const outcome = await run('session-start', 'session.created', {
            sessionId,
            sessionStartSource: source,
            raw: { ...event },
          });
          stand(sessionId, 'start', outcome);
        } else if (event.type === 'session.idle') {
          // OpenCode has no way to continue a turn from a plugin event, so a follow-up is recorded, not said.
          await run('stop', 'session.idle', { sessionId, raw: { ...event } });
        }
      },
    };
    return withTimings(hooks, env);
  };
}

/** Applies a pre-tool outcome to OpenCode's mutable `output.args`: throw to deny, assign to modify. */
function applyPreTool(
  outcome: Outcome,
  output: { args: Record<string, unknown> },
  queue: (text: string | undefined) => void,
): void {
  if (outcome.kind !== 'decision') {
    queue(contextOf(outcome));
    return;
  }
  const decision = outcome.decision;
  switch (decision.action) {
    case 'deny':
      throw new Error(decision.reason);
    case 'modify':
      if (!isRecord(output.args)) output.args = {};
      Object.assign(output.args, decision.updatedInput);
      return;
    case 'context':
      queue(decision.additionalContext);
      return;
    default:
      // `ask` has no channel in tool.execute.before (OpenCode asks through its own permission rules): pass.
      return;
  }
}

function contextOf(outcome: Outcome | undefined): string | undefined {
  if (!outcome) return undefined;
  if (outcome.kind === 'context') return outcome.text;
  if (outcome.kind === 'decision' && outcome.decision.action === 'context') return outcome.decision.additionalContext;
  return undefined;
}

function sessionIdOfEvent(properties: Record<string, unknown> | undefined): string | undefined {
  if (!properties) return undefined;
  if (typeof properties.sessionID === 'string') return properties.sessionID;
  const info = properties.info;
  if (isRecord(info) && typeof info.id === 'string') return info.id;
  return undefined;
}

function isTextPart(part: OpenCodePart): part is OpenCodePart & { text: string } {
  return part.type === 'text' && typeof part.text === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
