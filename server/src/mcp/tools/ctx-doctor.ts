import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ServerContext } from '../context.js';
import { toolText } from '../tool-result.js';

/** ctx_doctor: the same checks as `context-mode doctor`, as plain [OK]/[WARN]/[FAIL] lines. */
export function registerCtxDoctorTool(server: McpServer, ctx: ServerContext): void {
  server.registerTool(
    'ctx_doctor',
    {
      title: 'Run diagnostics',
      description:
        'Check context-mode: Node, SQLite/FTS5, data dir, project, host. Returns [OK]/[WARN]/[FAIL] lines with fixes.',
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async () => {
      // Loaded on call: the SQLite probe and its helpers are not start-up cost.
      const { runDoctorChecks, formatDoctorLines } = await import('../../doctor/doctor-checks.js');
      const checks = runDoctorChecks({ projectRoot: ctx.projectRoot, env: ctx.env, host: ctx.host() });
      return toolText(formatDoctorLines(checks));
    },
  );
}
