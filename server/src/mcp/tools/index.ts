import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MCP_TOOLS, type McpToolName } from '@context-mode/shared/platforms/mcp-tools';
import type { ServerContext } from '../context.js';
import { registerCtxBatchExecuteTool } from './ctx-batch-execute.js';
import { registerCtxDoctorTool } from './ctx-doctor.js';
import { registerCtxExecuteFileTool } from './ctx-execute-file.js';
import { registerCtxExecuteTool } from './ctx-execute.js';
import { registerCtxFetchAndIndexTool } from './ctx-fetch-and-index.js';
import { registerCtxIndexTool } from './ctx-index.js';
import { registerCtxPurgeTool } from './ctx-purge.js';
import { registerCtxSearchTool } from './ctx-search.js';
import { registerCtxStatsTool } from './ctx-stats.js';
import { registerCtxUpgradeTool } from './ctx-upgrade.js';

const REGISTER: Record<McpToolName, (server: McpServer, ctx: ServerContext) => void> = {
  ctx_execute: registerCtxExecuteTool,
  ctx_execute_file: registerCtxExecuteFileTool,
  ctx_batch_execute: registerCtxBatchExecuteTool,
  ctx_index: registerCtxIndexTool,
  ctx_search: registerCtxSearchTool,
  ctx_fetch_and_index: registerCtxFetchAndIndexTool,
  ctx_stats: registerCtxStatsTool,
  ctx_doctor: registerCtxDoctorTool,
  ctx_upgrade: registerCtxUpgradeTool,
  ctx_purge: registerCtxPurgeTool,
};

/** Every tool of the one table (shared/src/platforms/mcp-tools.ts), in its order. */
export function registerAllTools(server: McpServer, ctx: ServerContext): void {
  for (const name of MCP_TOOLS) REGISTER[name](server, ctx);
}
