import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
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

/** Every tool, in the order tools/list shows them. */
export function registerAllTools(server: McpServer, ctx: ServerContext): void {
  registerCtxExecuteTool(server, ctx);
  registerCtxExecuteFileTool(server, ctx);
  registerCtxBatchExecuteTool(server, ctx);
  registerCtxIndexTool(server, ctx);
  registerCtxSearchTool(server, ctx);
  registerCtxFetchAndIndexTool(server, ctx);
  registerCtxStatsTool(server, ctx);
  registerCtxDoctorTool(server, ctx);
  registerCtxUpgradeTool(server, ctx);
  registerCtxPurgeTool(server, ctx);
}
