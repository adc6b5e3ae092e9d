import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { formatStats } from '@context-mode/shared/ledger/format-stats';
import { readStats } from '@context-mode/shared/ledger/ledger-stats';
import type { ServerContext } from '../context.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

/** ctx_stats: the ledger (docs/architecture.md#ledger) — gross saved, own cost and net per session, project and all time. Never fails. */
export function registerCtxStatsTool(server: McpServer, ctx: ServerContext): void {
  server.registerTool(
    'ctx_stats',
    {
      title: 'Savings statistics',
      description: 'Bytes kept out of context: gross saved, own cost, net; per session, project, all time.',
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async () => {
      try {
        const report = readStats(ctx.projectRoot, { env: ctx.env, preferSessionId: ctx.sessionId });
        return { content: [{ type: 'text' as const, text: formatStats(report) }] };
      } catch (err) {
        return {
          content: [
            {
              type: 'text' as const,
              text: `No statistics available: ${errorMessage(err)}`,
            },
          ],
        };
      }
    },
  );
}
