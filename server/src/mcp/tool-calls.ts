import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { toolError } from './tool-result.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

/** Zod issues as `path: message` lines a model can act on (`concurrency: Too big: expected number to be <=8`). */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/**
 * Replaces the SDK's tools/call handler so failures read the same across tools: an unknown or disabled tool
 * is protocol misuse and throws (-32602); invalid arguments and a throwing handler come back as isError text
 * that names the problem and the next step. Call after every tool is registered. Task-based tools are not
 * used by this server and are not supported here.
 */
export function serveToolCalls(server: McpServer, tools: Map<string, RegisteredTool>): void {
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const name = request.params.name;
    const tool = tools.get(name);
    if (!tool || !tool.enabled) {
      throw new McpError(ErrorCode.InvalidParams, `Tool ${name} not found; tools/list shows the available ones`);
    }
    let args: unknown = undefined;
    if (tool.inputSchema) {
      // The SDK stores raw shapes as zod-mini objects (no methods): use the functional parser.
      const parsed = await z.safeParseAsync(tool.inputSchema as z.ZodType, request.params.arguments ?? {});
      if (!parsed.success) {
        return toolError(
          `Invalid arguments for ${name}: ${describeIssues(parsed.error)}.`,
          'Fix those arguments and call again.',
        );
      }
      args = parsed.data;
    }
    try {
      const handler = tool.handler as (...a: unknown[]) => CallToolResult | Promise<CallToolResult>;
      return await (tool.inputSchema ? handler(args, extra) : handler(extra));
    } catch (err) {
      if (err instanceof McpError) throw err;
      return toolError(`${name} failed: ${errorMessage(err)}`, 'Retry the call; if it keeps failing, run ctx_doctor.');
    }
  });
}
