import { activeSessionId, sessionNotedSince } from '@context-mode/shared/memory/active-session';
import { resolveHost, sessionIdFromEnv } from '@context-mode/shared/platforms/resolve-host';
import { resolveProjectRoot } from '@context-mode/shared/project/resolve-project-root';
import { writeLiveSentinel } from '../run/live-sentinel.js';
import { startFront, type Front } from './handshake-front.js';
import { readSnapshot, snapshotPath, writeSnapshot } from './handshake-snapshot.js';
import { watchParent } from './parent-watch.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

/**
 * The only module that touches process streams: serves MCP on stdio until stdin ends, a signal arrives or
 * the parent process dies; then runs the cleanups, closes the stores and removes the live-server sentinel.
 *
 * Start-up is kept to Node plus a few small modules: this file imports neither the MCP SDK nor zod nor any
 * tool. The handshake is answered from a snapshot recorded by an earlier run (handshake-front.ts); the full
 * server (serve-full.ts) loads on the first tool call, or at once when there is no snapshot yet.
 */
/** How long stdin EOF waits for in-flight requests before the server exits. */
const STDIN_EOF_DRAIN_MS = 30_000;

async function main(): Promise<void> {
  const env = process.env;
  // Signals and stdin EOF are wired before anything is written, so a stop at any moment runs the cleanup.
  let front: Front | undefined;
  let removeSentinel: () => void = () => undefined;
  let stopWatch: () => void = () => undefined;
  let flushOwnCost: (moment?: 'listed' | 'tool-call' | 'exit') => Promise<void> = async () => undefined;
  let closing = false;
  const shutdown = async (code: number): Promise<void> => {
    if (closing) return;
    closing = true;
    stopWatch();
    // A cleanup that hangs must not keep a dead server around: give up after 3 s.
    const force = setTimeout(() => {
      removeSentinel();
      process.exit(code);
    }, 3000);
    force.unref();
    await front?.close().catch(() => undefined);
    await flushOwnCost();
    await closeLedger();
    removeSentinel();
    process.exit(code);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void shutdown(0));
  // EOF ends the session, but requests already received are still answered (bounded wait).
  const endOfInput = async (): Promise<void> => {
    await front?.drained(STDIN_EOF_DRAIN_MS);
    await shutdown(0);
  };
  process.stdin.on('end', () => void endOfInput());
  process.stdin.on('close', () => void endOfInput());
  // The client went away mid-write (EPIPE): nobody is left to serve.
  process.stdout.on('error', () => void shutdown(0));

  const projectRoot = resolveProjectRoot({ env, cwd: process.cwd() });
  // Not randomUUID: node:crypto would be the front's largest memory cost, and this id needs no secrecy.
  const givenSessionId = sessionIdFromEnv(resolveHost(undefined, env), env);
  const ownSessionId = `mcp-${process.pid.toString(36)}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  // Without a session from the host, the session its hooks noted last (see shared/src/memory/active-session.ts).
  const currentSessionId = () => givenSessionId || activeSessionId(projectRoot, env) || ownSessionId;
  if (process.stdin.isTTY) {
    // A person ran it by hand (e.g. `npm start`): say what is happening, on stderr, which is not the protocol.
    process.stderr.write(
      `context-mode MCP server on stdio for ${projectRoot}\n` +
        'Waiting for an MCP client to speak JSON-RPC on stdin (Ctrl-C to stop). See README.md "Quick start".\n',
    );
  }
  const sentinel = writeLiveSentinel(projectRoot, env);
  removeSentinel = () => sentinel.remove();
  // Backstop for exits that skip shutdown (an uncaught error): the sentinel must not outlive the process.
  process.on('exit', () => sentinel.remove());

  let hostId: string | undefined;
  // tools/list is the product's own cost, paid once per server start; recorded when SQLite is loaded anyway
  // (first tool call) or at shutdown, never on the handshake path. It belongs to the session the listing served:
  // the host's, or one its hooks noted since this server started. A host that starts its server before the
  // conversation (VS Code at window start) has none yet, and the note left is the previous conversation's, so the
  // cost waits until the conversation's hooks note it or its first tool call arrives; a server that saw neither
  // books it under its own id at exit, never under another conversation.
  const startedAt = Date.now();
  let ownCost: number | undefined;
  let ownCostDone = false;
  let heldOwnCost: NodeJS.Timeout | undefined;
  flushOwnCost = async (moment: 'listed' | 'tool-call' | 'exit' = 'exit') => {
    if (ownCostDone || ownCost === undefined) return;
    const sessionId =
      givenSessionId ||
      sessionNotedSince(projectRoot, startedAt, env) ||
      (moment === 'tool-call' ? currentSessionId() : moment === 'exit' ? ownSessionId : undefined);
    if (!sessionId) {
      // Held: look for the conversation's note now and then (a small file read) until it appears.
      heldOwnCost ??= setInterval(() => void flushOwnCost('listed'), HELD_COST_POLL_MS).unref();
      return;
    }
    ownCostDone = true;
    if (heldOwnCost) clearInterval(heldOwnCost);
    await recordToolsListCost(projectRoot, sessionId, hostId ?? 'unknown', ownCost, env);
  };

  const snapPath = snapshotPath(import.meta.url, env);
  const snapshot = readSnapshot(snapPath);
  front = startFront({
    input: process.stdin,
    output: process.stdout,
    snapshot,
    onInitialize: (clientName) => {
      hostId = resolveHost(clientName, env)?.id;
      sentinel.setHost(hostId);
    },
    onToolsListed: (bytes) => {
      ownCost ??= bytes;
    },
    onFatal: (err) => {
      process.stderr.write(`context-mode: cannot start the MCP server: ${errorMessage(err, { stack: true })}\n`);
      void shutdown(1);
    },
    loadFull: async () => {
      const { startFullServer } = await import('./serve-full.js');
      const full = await startFullServer({
        projectRoot,
        env,
        ...(givenSessionId ? { sessionId: givenSessionId } : {}),
        fallbackSessionId: ownSessionId,
        write: (message) => {
          process.stdout.write(JSON.stringify(message) + '\n');
          const { id } = message as { id?: unknown; method?: unknown };
          if (id !== undefined && (message as { method?: unknown }).method === undefined) front?.noteAnswered(id);
        },
        onHost: (host) => {
          hostId = host?.id;
          sentinel.setHost(hostId);
        },
        onToolsListed: (bytes) => {
          ownCost ??= bytes;
          // SQLite is loaded once the full server answers: record now, not only at exit (a first start with no
          // snapshot lists tools here, after the flush below has already found nothing to record).
          setTimeout(() => void flushOwnCost('listed'), 0).unref();
        },
        onToolCall: () => void flushOwnCost('tool-call'),
        ...(snapshot ? {} : { onSnapshot: (snap) => writeSnapshot(snapPath, snap) }),
        onClosed: () => void shutdown(0),
      });
      setTimeout(() => void flushOwnCost('listed'), 0).unref();
      if (!snapshot) return full;
      return {
        deliver: (line) => full.deliver(line),
        replay: (m) => full.replay(m as never),
        close: () => full.close(),
        // The snapshot answered the handshake: if the real listing differs (a tool registered differently
        // than when the snapshot was recorded), record the new one and tell the client to list again.
        afterHandover: async () => {
          const actual = await full.listTools();
          if (JSON.stringify(actual) === JSON.stringify(snapshot.toolsList)) return;
          const init = full.initializeResult();
          if (init) {
            const { protocolVersion: _negotiated, ...initialize } = init;
            writeSnapshot(snapPath, { ...snapshot, initialize, toolsList: actual });
          }
          process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }) + '\n');
        },
      };
    },
  });
  stopWatch = watchParent(() => void shutdown(0), env);
}

/** How often a held tools/list cost looks for the conversation it belongs to. */
const HELD_COST_POLL_MS = 2000;

async function recordToolsListCost(
  projectRoot: string,
  sessionId: string,
  host: string,
  bytes: number,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  try {
    const { recordLedger } = await import('@context-mode/shared/ledger/record');
    recordLedger(
      projectRoot,
      { sessionId, host, tool: 'tools/list', kind: 'own-cost', rawBytes: 0, returnedBytes: bytes },
      env,
    );
  } catch {
    // The ledger is best effort; recordLedger reports its own failures.
  }
}

async function closeLedger(): Promise<void> {
  try {
    const { closeLedgerHandles } = await import('@context-mode/shared/ledger/record');
    closeLedgerHandles();
  } catch {
    // Nothing was opened.
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`context-mode: ${errorMessage(err, { stack: true })}\n`);
  process.exit(1);
});
