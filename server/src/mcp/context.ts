import type { KnowledgeBase } from '@context-mode/shared/knowledge/types';
import type { HostRecord } from '@context-mode/shared/platforms/types';

/**
 * What every tool handler gets. Everything expensive is lazy: nothing here opens a database or probes a
 * runtime before the first tool call, so the MCP handshake stays fast.
 */
export interface ServerContext {
  /** Absolute project root the server serves. */
  readonly projectRoot: string;
  readonly env: NodeJS.ProcessEnv;
  /** The host's session id when known (env), else a per-server-process id. */
  readonly sessionId: string;
  /** The host, resolved from MCP clientInfo at initialize (override CONTEXT_MODE_PLATFORM); undefined before. */
  host(): HostRecord | undefined;
  /** How the host shows one of our tools to the model, e.g. `mcp__context-mode__ctx_search`. */
  toolName(tool: string): string;
  /** The project's knowledge base, opened on first use. */
  knowledge(): KnowledgeBase;
  /** Registers a cleanup to run when the server closes (kill background processes, close stores). */
  onClose(fn: () => void | Promise<void>): void;
}
