import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import * as z from 'zod';
import { checkInsideProject } from '@context-mode/shared/policy/path-boundary';
import { loadPermissions, readAllowed } from '@context-mode/shared/policy/permissions';
import { DEFAULT_TIMEOUT_MS, executeCode } from '../../sandbox/execute-code.js';
import { LANGUAGES, RuntimeMissingError } from '../../sandbox/runtimes.js';
import { deniedBy, sandboxAnswer } from '../sandbox-answer.js';
import type { ServerContext } from '../context.js';
import { toolError } from '../tool-result.js';

export function registerCtxExecuteFileTool(server: McpServer, ctx: ServerContext): void {
  server.registerTool(
    'ctx_execute_file',
    {
      title: 'Run code over a file',
      description:
        'Analyse a project file without reading it into context: the code gets FILE_CONTENT (text) and FILE_CONTENT_PATH; only what it prints comes back.',
      inputSchema: {
        path: z.string(),
        language: z.enum(LANGUAGES),
        code: z.string(),
        timeout: z.coerce.number().optional(),
        intent: z.string().optional(),
      },
      // Not open-world: the tool runs the code shown in the call on this machine and returns that code's output;
      // it reaches nothing outside by itself (see docs/vscode.md, "What VS Code asks").
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    async (args) => {
      const b = checkInsideProject(args.path, ctx.projectRoot);
      let filePath: string;
      if (b.ok) filePath = b.realPath;
      else {
        const abs = resolve(ctx.projectRoot, args.path);
        if (!readAllowed(abs, loadPermissions(ctx.projectRoot, ctx.env))) return toolError(b.reason);
        filePath = abs;
      }
      try {
        if (!statSync(filePath).isFile()) return toolError(`${args.path} is not a regular file.`);
      } catch {
        return toolError(`${args.path} does not exist.`, 'Check the path (relative paths start at the project root).');
      }
      const denied = deniedBy(ctx, args.language, args.code);
      if (denied) return toolError(denied);
      const timeoutMs = args.timeout && args.timeout > 0 ? args.timeout : DEFAULT_TIMEOUT_MS;
      try {
        const r = await executeCode({
          language: args.language,
          code: args.code,
          cwd: ctx.projectRoot,
          env: ctx.env,
          timeoutMs,
          filePath,
        });
        return sandboxAnswer(ctx, 'ctx_execute_file', `file:${args.path}`, r, timeoutMs, args.intent);
      } catch (err) {
        if (err instanceof RuntimeMissingError)
          return toolError(err.message, 'Use another language (javascript and shell always work).');
        throw err;
      }
    },
  );
}
