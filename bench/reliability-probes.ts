// Probes for bench/reliability.bench.ts that need more than a client: CPU burners, and a server in this process
// so its event loop can be watched.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createServer } from '../server/src/mcp/create-server.js';

/** Runs `fn` with two busy-looping processes per core (at least four), killed by pid when it ends. */
export async function withCpuBurners<T>(fn: () => Promise<T>): Promise<T> {
  const burners = Array.from({ length: Math.max(2, availableParallelism()) * 2 }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  try {
    return await fn();
  } finally {
    for (const b of burners) if (b.pid !== undefined) process.kill(b.pid, 'SIGKILL');
  }
}

/** The longest event-loop block (ms) of a server in this process while ctx_execute writes `bytes` to stderr. */
export async function floodEventLoopBlockMs(bytes: number): Promise<number> {
  const home = mkdtempSync(join(tmpdir(), 'cm-home-'));
  const project = mkdtempSync(join(tmpdir(), 'cm-proj-'));
  const created = createServer({ projectRoot: project, env: { ...process.env, CONTEXT_MODE_HOME: home } });
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'reliability-bench', version: '0' });
  await Promise.all([created.server.connect(a), client.connect(b)]);
  try {
    await client.callTool({ name: 'ctx_execute', arguments: { language: 'shell', code: 'true' } });
    const h = monitorEventLoopDelay({ resolution: 10 });
    h.enable();
    await client.callTool(
      {
        name: 'ctx_execute',
        arguments: { language: 'shell', code: `yes 'warning: flood line 42' | head -c ${bytes} >&2` },
      },
      undefined,
      { timeout: 300_000 },
    );
    await new Promise((r) => setTimeout(r, 50)); // a block that ended with the answer is recorded on the next tick
    h.disable();
    return h.max / 1e6;
  } finally {
    await client.close();
    await created.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  }
}
