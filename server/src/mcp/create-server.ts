import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { openProjectKnowledge } from '@context-mode/shared/knowledge/open-project-knowledge';
import type { KnowledgeBase } from '@context-mode/shared/knowledge/types';
import { hostToolName, resolveHost, sessionIdFromEnv } from '@context-mode/shared/platforms/resolve-host';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { activeSessionId } from '@context-mode/shared/memory/active-session';
import type { ServerContext } from './context.js';
import { registerAllTools } from './tools/index.js';
import { registerHookTool } from './hook-tool.js';
import { HOOK_TOOL_NAME } from '@context-mode/shared/setup/hook-entries';
import { serveToolCalls } from './tool-calls.js';
import { servePortableToolList, trackRegisteredTools } from './tools-list.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

export interface CreateServerOptions {
  projectRoot: string;
  env?: NodeJS.ProcessEnv;
  version?: string;
  /** The session id the host gave (its session env); without one, the hooks' active session, else `fallbackSessionId`. */
  sessionId?: string;
  /** This server's own id when neither the host nor its hooks name a session (default: a new per-process id). */
  fallbackSessionId?: string;
  /** Called once the host is known (at MCP initialize), e.g. to record it in the live-server sentinel. */
  onHost?: (host: HostRecord | undefined, clientName: string | undefined) => void;
  /** Called the first time tools/list is served, with the listing's UTF-8 size (own cost in the ledger). */
  onToolsListed?: (bytes: number, tools: Tool[]) => void;
}

export interface CreatedServer {
  server: McpServer;
  context: ServerContext;
  /** Runs ctx.onClose cleanups (last registered first), closes the knowledge base, then the transport. */
  close(): Promise<void>;
}

/**
 * Builds the MCP server with every tool registered. No side effects: nothing is opened, spawned or written
 * until a tool runs, so the handshake costs only module loading.
 */
export function createServer(options: CreateServerOptions): CreatedServer {
  const env = options.env ?? process.env;
  let host: HostRecord | undefined = undefined;
  let kb: KnowledgeBase | undefined;
  let closed = false;
  const cleanups: Array<() => void | Promise<void>> = [];
  // The host is not known before initialize; env signals name it well enough for its session-id variable.
  const givenSessionId = options.sessionId || sessionIdFromEnv(resolveHost(undefined, env), env);
  const ownSessionId = options.fallbackSessionId || `mcp-${randomUUID()}`;

  // Empty prompts and resources capabilities make the SDK answer prompts/list, resources/list and
  // resources/templates/list with empty lists instead of -32601, which some hosts (OpenCode) treat as fatal.
  const server = new McpServer(
    { name: 'context-mode', version: options.version ?? '0.1.0' },
    { capabilities: { tools: {}, logging: {}, prompts: {}, resources: {} } },
  );
  const tools = trackRegisteredTools(server);

  const context: ServerContext = {
    projectRoot: options.projectRoot,
    env,
    // Hosts that give the server no session id (VS Code, JetBrains, …) give one to their hooks: the server books
    // under the session those hooks noted last, so a session's view holds its tool savings too.
    get sessionId() {
      return givenSessionId || activeSessionId(options.projectRoot, env) || ownSessionId;
    },
    host: () => host,
    toolName: (tool) => hostToolName(host, tool),
    knowledge: () => {
      if (closed) throw new Error('the server is shutting down; retry after it restarts');
      if (!kb) {
        // On a read-only data dir with a store, searching still works (writes fail, saying why).
        kb = openProjectKnowledge(options.projectRoot, { create: true, env })!;
      }
      return kb;
    },
    onClose: (fn) => {
      cleanups.push(fn);
    },
  };

  server.server.oninitialized = () => {
    const clientName = server.server.getClientVersion()?.name;
    host = resolveHost(clientName, env);
    options.onHost?.(host, clientName);
  };

  registerAllTools(server, context);
  // Called by the host's `mcp_tool` hooks, never by the model: answered, not listed.
  registerHookTool(server, context);
  servePortableToolList(
    server,
    tools,
    (list) => {
      options.onToolsListed?.(Buffer.byteLength(JSON.stringify({ tools: list }), 'utf8'), list);
    },
    new Set([HOOK_TOOL_NAME]),
  );
  serveToolCalls(server, tools);

  return {
    server,
    context,
    close: async () => {
      if (closed) return;
      closed = true;
      for (const fn of cleanups.splice(0).reverse()) {
        try {
          await fn();
        } catch (err) {
          process.stderr.write(`context-mode: cleanup failed: ${errorMessage(err)}\n`);
        }
      }
      try {
        kb?.close();
      } catch {
        // A store that fails to close is left to SQLite's own recovery at next open.
      }
      kb = undefined;
      await server.close().catch(() => undefined);
    },
  };
}
