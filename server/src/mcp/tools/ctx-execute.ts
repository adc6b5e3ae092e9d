import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { DEFAULT_TIMEOUT_MS, executeCode, prewarmSandbox } from '../../sandbox/execute-code.js';
import { LANGUAGES, RuntimeMissingError } from '../../sandbox/runtimes.js';
import { deniedBy, sandboxAnswer } from '../sandbox-answer.js';
import { killBackgroundProcesses } from '../../sandbox/run-process.js';
import { killWarmProcesses } from '../../sandbox/warm-process.js';
import { checkInsideProject } from '@context-mode/shared/policy/path-boundary';
import type { ServerContext } from '../context.js';
import { toolError } from '../tool-result.js';

const PREWARM_AFTER_MS = 1_500;
const bool = (v: unknown) => (v === 'true' ? true : v === 'false' ? false : v);

export function registerCtxExecuteTool(server: McpServer, ctx: ServerContext): void {
  // After the handshake and the first requests have been served, off their path.
  const prewarmTimer = setTimeout(() => prewarmSandbox(ctx.env), PREWARM_AFTER_MS);
  prewarmTimer.unref();
  ctx.onClose(() => {
    clearTimeout(prewarmTimer);
    killWarmProcesses();
    killBackgroundProcesses();
  });
  server.registerTool(
    'ctx_execute',
    {
      title: 'Run code in a sandbox',
      description:
        'Run code in a fresh subprocess (cwd = project root); only what it prints comes back. Use it to process files, logs, APIs, test/build output. Large output is indexed and digested (errors kept); pass intent to get the matching part.',
      inputSchema: {
        language: z.enum(LANGUAGES),
        code: z.string(),
        timeout: z.coerce.number().optional().describe('ms, default 60000'),
        background: z.preprocess(bool, z.boolean().optional()),
        cwd: z.string().optional(),
        intent: z.string().optional().describe('what you look for in the output'),
      },
      // Not open-world: the tool runs the code shown in the call on this machine and returns that code's output;
      // it reaches nothing outside by itself (see docs/vscode.md, "What VS Code asks").
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    async (args) => {
      if (!args.code.trim()) return toolError('code is empty.', 'Pass the code to run.');
      const denied = deniedBy(ctx, args.language, args.code);
      if (denied) return toolError(denied);
      let cwd = ctx.projectRoot;
      if (args.cwd) {
        const b = checkInsideProject(args.cwd, ctx.projectRoot);
        if (!b.ok) return toolError(`cwd refused: ${b.reason}`);
        cwd = b.realPath;
      }
      const timeoutMs = args.timeout && args.timeout > 0 ? args.timeout : DEFAULT_TIMEOUT_MS;
      try {
        const r = await executeCode({
          language: args.language,
          code: args.code,
          cwd,
          env: ctx.env,
          timeoutMs,
          background: args.background ?? false,
        });
        return sandboxAnswer(ctx, 'ctx_execute', `exec:${args.language}`, r, timeoutMs, args.intent);
      } catch (err) {
        if (err instanceof RuntimeMissingError)
          return toolError(err.message, 'Use another language (javascript and shell always work).');
        throw err;
      }
    },
  );
}
