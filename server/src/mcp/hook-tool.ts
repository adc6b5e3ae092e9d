import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { HOOK_TOOL_NAME } from '@context-mode/shared/setup/hook-entries';
import type { ServerContext } from './context.js';

/** The slice of hooks/src/hook-answer.ts this tool uses (loaded from the bundle at run time, never imported). */
interface HookAnswerModule {
  answerHookText(options: {
    args: string[];
    text: string;
    env: NodeJS.ProcessEnv;
    cwd: string;
    ppid: number;
  }): Promise<{ stdout: string; exitCode: number }>;
}

/** Fields whose value the host interpolates as JSON text (an object's `${field}`), read back as the object. */
const JSON_FIELDS = new Set(['tool_input', 'tool_response']);

/**
 * The hook input as a command hook reads it on stdin, from the strings an `mcp_tool` hook's `${field}`
 * interpolation gave: a field the event lacks arrives empty and is left out; objects come back from their JSON.
 */
function payloadFromInterpolated(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === '' || value === undefined || value === null) continue;
    if (typeof value === 'string' && JSON_FIELDS.has(key) && /^\s*[[{]/.test(value)) {
      try {
        out[key] = JSON.parse(value);
        continue;
      } catch {
        // Text that only looks like JSON stays text.
      }
    }
    out[key] = key === 'stop_hook_active' && (value === 'true' || value === 'false') ? value === 'true' : value;
  }
  return out;
}

let loaded: Promise<HookAnswerModule> | undefined;

/** dist/hook-answer.mjs next to (or one level above) the chunk holding this code; from source, the .ts entry. */
function loadHookAnswer(): Promise<HookAnswerModule> {
  loaded ??= (async () => {
    for (const rel of ['./hook-answer.mjs', '../hook-answer.mjs', '../../../hooks/src/hook-answer.ts']) {
      const path = fileURLToPath(new URL(rel, import.meta.url));
      if (existsSync(path)) return (await import(pathToFileURL(path).href)) as HookAnswerModule;
    }
    throw new Error('hook-answer module not found next to the server bundle');
  })();
  return loaded;
}

const inputSchema = {
  host: z.string(),
  event: z.string(),
  payload: z.record(z.string(), z.unknown()),
};

/**
 * ctx_hook: answers a host's `mcp_tool` hook (Claude Code) with the same handler and the same JSON as the
 * `ctxmode hook <host> <event>` command, without a process. Registered unlisted: the model never sees it.
 */
export function registerHookTool(server: McpServer, ctx: ServerContext): void {
  server.registerTool(
    HOOK_TOOL_NAME,
    { description: 'Answers context-mode hooks; called by the host, not the model.', inputSchema },
    async (args: { host: string; event: string; payload: Record<string, unknown> }): Promise<CallToolResult> => {
      const payload = payloadFromInterpolated(args.payload);
      const hooks = await loadHookAnswer();
      const result = await hooks.answerHookText({
        args: [args.host, args.event],
        text: JSON.stringify(payload),
        env: ctx.env,
        cwd: typeof payload.cwd === 'string' ? payload.cwd : ctx.projectRoot,
        ppid: process.ppid,
      });
      const text = result.stdout.trim();
      return { content: text ? [{ type: 'text', text }] : [] };
    },
  );
}
