import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { deserializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import {
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { createServer } from './create-server.js';
import type { HandshakeSnapshot } from './handshake-snapshot.js';
import { answerSent } from '../run/after-answer.js';

export interface FullServerOptions {
  projectRoot: string;
  env: NodeJS.ProcessEnv;
  sessionId?: string;
  fallbackSessionId?: string;
  /** Writes one protocol message to the client (stdout). */
  write: (message: JSONRPCMessage) => void;
  onHost: (host: HostRecord | undefined) => void;
  onToolsListed: (bytes: number) => void;
  /** A tools/call arrived (before it runs). */
  onToolCall?: () => void;
  /** Receives a snapshot of the handshake answers once both were served. */
  onSnapshot?: (snapshot: HandshakeSnapshot) => void;
  /** Transport closed by the SDK side. */
  onClosed: () => void;
}

export interface FullServer {
  /** Delivers one raw line from the client. */
  deliver(line: string): void;
  /**
   * Delivers a message whose response must not reach the client (replay of an answered handshake). Resolves
   * once a request was answered, so a replayed initialize completes before `initialized` is replayed.
   */
  replay(message: JSONRPCMessage): Promise<void>;
  /** The tools/list result as this server computes it (for checking a snapshot after a hand-over). */
  listTools(): Promise<Record<string, unknown>>;
  /** The initialize result of the replayed handshake, when there was one. */
  initializeResult(): Record<string, unknown> | undefined;
  close(): Promise<void>;
}

const REPLAY_PREFIX = '__cm_replay_';

/**
 * The full MCP server (SDK, zod, every tool) behind an in-process transport fed by the stdio front. Lines
 * are parsed with the SDK's own deserializer, so validation matches StdioServerTransport exactly.
 */
export async function startFullServer(options: FullServerOptions): Promise<FullServer> {
  let initResult: Record<string, unknown> | undefined;
  let toolsResult: Record<string, unknown> | undefined;
  let initId: unknown;
  let toolsListIds = new Set<unknown>();
  const replayWaiters = new Map<string, (result: Record<string, unknown> | undefined) => void>();
  let replaySeq = 0;
  const maybeSnapshot = (): void => {
    if (!options.onSnapshot || !initResult || !toolsResult) return;
    const { protocolVersion: _negotiated, ...initialize } = initResult;
    options.onSnapshot({
      v: 1,
      initialize,
      supportedVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
      latestVersion: LATEST_PROTOCOL_VERSION,
      toolsList: toolsResult,
    });
    options.onSnapshot = undefined;
  };

  const transport: Transport = {
    start: async () => undefined,
    send: async (message) => {
      const m = message as { id?: unknown; result?: Record<string, unknown> };
      if (typeof m.id === 'string' && m.id.startsWith(REPLAY_PREFIX)) {
        if ('result' in m && m.result && m.id === `${REPLAY_PREFIX}init`) initResult ??= m.result;
        replayWaiters.get(m.id)?.('result' in m ? m.result : undefined);
        replayWaiters.delete(m.id);
        return;
      }
      if ('result' in m && m.result) {
        if (m.id === initId) initResult ??= m.result;
        if (toolsListIds.has(m.id)) toolsResult ??= m.result;
        maybeSnapshot();
      }
      options.write(message);
      // A response is in the pipe now (stdout writes to a pipe are synchronous): what the call left for after its
      // answer (replacing the spare process it used) may run.
      if ('result' in m || 'error' in m) answerSent();
    },
    close: async () => {
      transport.onclose?.();
    },
  };

  const created = createServer({
    projectRoot: options.projectRoot,
    env: options.env,
    onHost: (host) => options.onHost(host),
    ...(options.sessionId ? { sessionId: options.sessionId } : {}),
    ...(options.fallbackSessionId ? { fallbackSessionId: options.fallbackSessionId } : {}),
    onToolsListed: (bytes) => options.onToolsListed(bytes),
  });
  transport.onclose = undefined;
  await created.server.connect(transport);
  const sdkClose = transport.onclose as (() => void) | undefined;
  transport.onclose = () => {
    sdkClose?.();
    options.onClosed();
  };

  const dispatch = (message: JSONRPCMessage): void => {
    const m = message as { id?: unknown; method?: string };
    if (m.method === 'initialize') initId = m.id;
    if (m.method === 'tools/list' && m.id !== undefined) toolsListIds.add(m.id);
    if (m.method === 'tools/call') options.onToolCall?.();
    transport.onmessage?.(message);
  };

  return {
    deliver(line) {
      let message: JSONRPCMessage;
      try {
        message = deserializeMessage(line);
      } catch (err) {
        transport.onerror?.(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      dispatch(message);
    },
    replay(message) {
      const m = message as { id?: unknown; method?: string };
      if (m.id === undefined) {
        transport.onmessage?.(message);
        return Promise.resolve();
      }
      const id = m.method === 'initialize' ? `${REPLAY_PREFIX}init` : `${REPLAY_PREFIX}${String(m.id)}`;
      const answered = new Promise<void>((resolve) => replayWaiters.set(id, () => resolve()));
      transport.onmessage?.({ ...message, id } as JSONRPCMessage);
      return answered;
    },
    listTools() {
      const id = `${REPLAY_PREFIX}list_${++replaySeq}`;
      const answered = new Promise<Record<string, unknown>>((resolve) =>
        replayWaiters.set(id, (r) => resolve(r ?? {})),
      );
      transport.onmessage?.({ jsonrpc: '2.0', id, method: 'tools/list', params: {} } as JSONRPCMessage);
      return answered;
    },
    initializeResult: () => initResult,
    close: async () => {
      toolsListIds = new Set();
      await created.close();
    },
  };
}
