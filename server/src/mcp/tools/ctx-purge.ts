import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ServerContext } from '../context.js';

/** Placeholder: registers nothing until its issue lands. */
export function registerCtxPurgeTool(server: McpServer, ctx: ServerContext): void {
  void server;
  void ctx;
}
