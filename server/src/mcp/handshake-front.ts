import type { Readable, Writable } from 'node:stream';
import type { HandshakeSnapshot } from './handshake-snapshot.js';

/** The part of the full server the front talks to (see serve-full.ts). */
interface FullServerLink {
  deliver(line: string): void;
  replay(message: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
  /** Runs once after the hand-over, before queued client messages are delivered. */
  afterHandover?(): Promise<void>;
}

export interface FrontOptions {
  input: Readable;
  output: Writable;
  /** Answers for the handshake; without one every message goes to the full server at once. */
  snapshot?: HandshakeSnapshot | undefined;
  /** Loads the full server; called at most once. */
  loadFull: () => Promise<FullServerLink>;
  /** The client introduced itself (clientInfo.name) to the front. */
  onInitialize?: (clientName: string | undefined) => void;
  /** tools/list was answered from the snapshot, with its UTF-8 size. */
  onToolsListed?: (bytes: number) => void;
  /** The full server could not be loaded: the process cannot serve. */
  onFatal: (err: unknown) => void;
}

export interface Front {
  /** True once the full server took over. */
  readonly full: boolean;
  /** The full server answered request `id` (the front sees its own answers itself). */
  noteAnswered(id: unknown): void;
  /**
   * Resolves once every request received so far has been answered, or after `maxMs`. A client that writes a
   * request and closes stdin at once still gets its answer: stdin EOF waits for this before shutting down.
   */
  drained(maxMs: number): Promise<void>;
  close(): Promise<void>;
}

type Msg = { jsonrpc?: string; id?: string | number; method?: string; params?: Record<string, unknown> };

const EMPTY_LISTS: Record<string, Record<string, unknown>> = {
  'prompts/list': { prompts: [] },
  'resources/list': { resources: [] },
  'resources/templates/list': { resourceTemplates: [] },
  ping: {},
};

/**
 * The stdio front of the MCP server. Newline-delimited JSON-RPC in, out. With a handshake snapshot it answers
 * initialize, tools/list, the empty prompt/resource lists and ping itself — no MCP SDK, zod or tool module is
 * loaded — and hands over to the full server on the first other message (a tool call, usually): the full
 * server is loaded, the recorded initialize/initialized are replayed into it (their answers dropped), and
 * every later line goes straight through. An idle server therefore costs little more than Node itself.
 */
export function startFront(options: FrontOptions): Front {
  const { snapshot } = options;
  let state: 'fast' | 'loading' | 'full' = 'fast';
  let link: FullServerLink | undefined;
  let loading: Promise<void> | undefined;
  const queue: string[] = [];
  const recorded: Msg[] = [];
  let buffer = '';
  const pending = new Set<string>();
  let onDrained: (() => void) | undefined;
  const answered = (id: unknown): void => {
    pending.delete(JSON.stringify(id));
    if (pending.size === 0) onDrained?.();
  };
  const trackRequest = (line: string): void => {
    try {
      const msg = JSON.parse(line) as Msg;
      if (msg && typeof msg.method === 'string' && (typeof msg.id === 'string' || typeof msg.id === 'number')) {
        pending.add(JSON.stringify(msg.id));
      }
    } catch {
      // Malformed input gets its error from the SDK; there is no id to wait for.
    }
  };

  const send = (message: { id?: unknown; [key: string]: unknown }): void => {
    options.output.write(JSON.stringify(message) + '\n');
    if (message.id !== undefined) answered(message.id);
  };

  const goFull = (line?: string): void => {
    if (line !== undefined) queue.push(line);
    if (loading) return;
    state = 'loading';
    loading = options
      .loadFull()
      .then(async (full) => {
        link = full;
        // In order, each answered before the next: the SDK handles messages asynchronously.
        for (const m of recorded.splice(0)) await full.replay(m as Record<string, unknown>);
        await full.afterHandover?.();
        state = 'full';
        for (const l of queue.splice(0)) full.deliver(l);
      })
      .catch((err: unknown) => options.onFatal(err));
  };

  const answerFast = (line: string): boolean => {
    if (!snapshot) return false;
    let msg: Msg;
    try {
      msg = JSON.parse(line) as Msg;
    } catch {
      return false; // Let the SDK report malformed input its own way.
    }
    if (!msg || typeof msg !== 'object' || msg.jsonrpc !== '2.0' || typeof msg.method !== 'string') return false;
    const hasId = typeof msg.id === 'string' || typeof msg.id === 'number';
    if (msg.method === 'initialize' && hasId) {
      const requested = msg.params?.protocolVersion;
      const protocolVersion =
        typeof requested === 'string' && snapshot.supportedVersions.includes(requested)
          ? requested
          : snapshot.latestVersion;
      recorded.push(msg);
      send({ jsonrpc: '2.0', id: msg.id, result: { protocolVersion, ...snapshot.initialize } });
      const clientInfo = msg.params?.clientInfo as { name?: unknown } | undefined;
      options.onInitialize?.(typeof clientInfo?.name === 'string' ? clientInfo.name : undefined);
      return true;
    }
    if (msg.method === 'notifications/initialized' && !hasId) {
      recorded.push(msg);
      return true;
    }
    // Answers only make sense after initialize; before it, let the SDK decide.
    if (recorded.length === 0 || !hasId || msg.params?.cursor !== undefined) return false;
    if (msg.method === 'tools/list') {
      send({ jsonrpc: '2.0', id: msg.id, result: snapshot.toolsList });
      options.onToolsListed?.(Buffer.byteLength(JSON.stringify(snapshot.toolsList), 'utf8'));
      return true;
    }
    const empty = EMPTY_LISTS[msg.method];
    if (empty) {
      send({ jsonrpc: '2.0', id: msg.id, result: empty });
      return true;
    }
    return false;
  };

  const onLine = (raw: string): void => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    trackRequest(line);
    if (state === 'full') return link!.deliver(line);
    if (state === 'loading') return void queue.push(line);
    if (!answerFast(line)) goFull(line);
  };

  options.input.setEncoding('utf8');
  options.input.on('data', (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      onLine(line);
    }
  });
  if (!snapshot) goFull();

  return {
    get full() {
      return state === 'full';
    },
    noteAnswered: answered,
    drained: (maxMs) =>
      new Promise<void>((resolve) => {
        if (pending.size === 0) return resolve();
        const timer = setTimeout(resolve, maxMs);
        onDrained = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    close: async () => {
      if (loading) await loading.catch(() => undefined);
      await link?.close();
    },
  };
}
