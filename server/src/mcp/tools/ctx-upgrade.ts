import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ServerContext } from '../context.js';
import { toolText } from '../tool-result.js';

/**
 * ctx_upgrade: says how to upgrade; it does not run anything. An agent-triggered self-update (the incumbent
 * cloned, built and reinstalled itself) is a supply-chain and breakage risk the user should take knowingly,
 * so the answer is the command for the user to run and a reminder to restart the host.
 */
export function registerCtxUpgradeTool(server: McpServer, ctx: ServerContext): void {
  server.registerTool(
    'ctx_upgrade',
    {
      title: 'How to upgrade',
      description: 'Tell the user how to upgrade context-mode (`ctxmode upgrade`) and restart the host. Runs nothing.',
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async () => {
      const host = ctx.host()?.displayName ?? 'the agent host';
      return toolText(
        [
          'Ask the user to run, in a terminal:',
          '  npx -y ctxmode@latest upgrade   (updates the managed install, re-runs setup for the hosts already set up, runs doctor)',
          '  (the npm package is `ctxmode`; `context-mode` on npm is a different product)',
          `Then restart ${host} so it starts the new server. Data in ~/.context-mode (or CONTEXT_MODE_HOME) is kept.`,
        ].join('\n'),
      );
    },
  );
}
