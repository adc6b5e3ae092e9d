import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { openKnowledgeBase } from '@context-mode/shared/knowledge/open-knowledge-base';
import type { KnowledgeBase } from '@context-mode/shared/knowledge/types';
import { hostToolName, resolveHost } from '@context-mode/shared/platforms/resolve-host';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { ensureProject } from '@context-mode/shared/project/index';
import type { ServerContext } from './context.js';
import { registerAllTools } from './tools/index.js';

export interface CreateServerOptions {
  projectRoot: string;
  env?: NodeJS.ProcessEnv;
  version?: string;
}

export interface CreatedServer {
  server: McpServer;
  context: ServerContext;
  close(): Promise<void>;
}

/** Builds the MCP server with every tool registered. No side effects: nothing is opened until a tool runs. */
export function createServer(options: CreateServerOptions): CreatedServer {
  const env = options.env ?? process.env;
  let host: HostRecord | undefined;
  let kb: KnowledgeBase | undefined;
  const cleanups: Array<() => void | Promise<void>> = [];
  const sessionId = env.CONTEXT_MODE_SESSION_ID || env.CLAUDE_SESSION_ID || `mcp-${randomUUID()}`;

  const server = new McpServer(
    { name: 'context-mode', version: options.version ?? '0.1.0' },
    { capabilities: { tools: {}, logging: {} } },
  );

  const context: ServerContext = {
    projectRoot: options.projectRoot,
    env,
    sessionId,
    host: () => host,
    toolName: (tool) => hostToolName(host, tool),
    knowledge: () => {
      if (!kb) {
        const paths = ensureProject(options.projectRoot, env);
        kb = openKnowledgeBase({ path: paths.knowledgeDb });
      }
      return kb;
    },
    onClose: (fn) => {
      cleanups.push(fn);
    },
  };

  server.server.oninitialized = () => {
    host = resolveHost(server.server.getClientVersion()?.name, env);
  };

  registerAllTools(server, context);

  return {
    server,
    context,
    close: async () => {
      for (const fn of cleanups.splice(0)) {
        try {
          await fn();
        } catch {
          // Keep closing the rest.
        }
      }
      kb?.close();
      kb = undefined;
      await server.close();
    },
  };
}
