/**
 * Every MCP tool the server offers, in the order tools/list shows them: the one table. The server registers
 * from it (server/src/mcp/tools/index.ts), the agent instructions must name each one (TEMPLATE_TOOLS is this
 * list; shared/test/instructions checks the rendered block), and the tools/list test compares against it.
 */
export const MCP_TOOLS = [
  'ctx_execute',
  'ctx_execute_file',
  'ctx_batch_execute',
  'ctx_index',
  'ctx_search',
  'ctx_fetch_and_index',
  'ctx_stats',
  'ctx_doctor',
  'ctx_upgrade',
  'ctx_purge',
] as const;

export type McpToolName = (typeof MCP_TOOLS)[number];
