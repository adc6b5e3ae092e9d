import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { writeLiveSentinel } from '../run/live-sentinel.js';
import type { ServerContext } from './context.js';
import { createServer } from './create-server.js';
import { watchParent } from './parent-watch.js';
import { resolveServerProjectRoot } from './project-root.js';

/**
 * The only module that touches process streams: serves MCP on stdio until stdin ends, a signal arrives or
 * the parent process dies; then runs the cleanups, closes the stores and removes the live-server sentinel.
 */
async function main(): Promise<void> {
  const env = process.env;
  // Signals and stdin EOF are wired before anything is written, so a stop at any moment runs the cleanup.
  let close: () => Promise<void> = async () => undefined;
  let removeSentinel: () => void = () => undefined;
  let stopWatch: () => void = () => undefined;
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
    await close().catch(() => undefined);
    await closeLedger();
    removeSentinel();
    process.exit(code);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void shutdown(0));
  process.stdin.on('end', () => void shutdown(0));
  process.stdin.on('close', () => void shutdown(0));

  const projectRoot = resolveServerProjectRoot(env, process.cwd());
  const sentinel = writeLiveSentinel(projectRoot, env);
  removeSentinel = () => sentinel.remove();
  // Backstop for exits that skip shutdown (an uncaught error): the sentinel must not outlive the process.
  process.on('exit', () => sentinel.remove());

  const created = createServer({
    projectRoot,
    env,
    onHost: (host) => sentinel.setHost(host?.id),
    onToolsListed: (bytes) => {
      // The listing is the product's own cost, paid once per server start. Recorded after the answer is
      // sent so the handshake never waits on SQLite.
      const ctx = created.context;
      setTimeout(() => void recordToolsListCost(ctx, bytes), 0).unref();
    },
  });
  const { server } = created;
  close = created.close;
  stopWatch = watchParent(() => void shutdown(0), env);

  const transport = new StdioServerTransport();
  transport.onclose = () => void shutdown(0);
  await server.connect(transport);
}

async function recordToolsListCost(ctx: ServerContext, bytes: number): Promise<void> {
  try {
    const { recordLedger } = await import('@context-mode/shared/ledger/record');
    recordLedger(
      ctx.projectRoot,
      {
        sessionId: ctx.sessionId,
        host: ctx.host()?.id ?? 'unknown',
        tool: 'tools/list',
        kind: 'own-cost',
        rawBytes: 0,
        returnedBytes: bytes,
      },
      ctx.env,
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
  process.stderr.write(`context-mode: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
