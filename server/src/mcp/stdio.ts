import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { findProjectRoot } from '@context-mode/shared/project/index';
import { createServer } from './create-server.js';

/** The only module that touches process streams: serves MCP on stdio until stdin ends or a signal arrives. */
async function main(): Promise<void> {
  const dir = process.env.CONTEXT_MODE_PROJECT_DIR || process.cwd();
  const { server, close } = createServer({ projectRoot: findProjectRoot(dir) });
  let closing = false;
  const shutdown = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    await close().catch(() => undefined);
    process.exit(0);
  };
  process.stdin.on('end', () => void shutdown());
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void shutdown());
  await server.connect(new StdioServerTransport());
}

main().catch((err: unknown) => {
  process.stderr.write(`context-mode: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
