// Spawn → initialize → tools/list latency of the built server (p50/p95 over interleaved runs), against a
// `node -e 0` baseline measured in the same run; idle RSS 2 s after tools/list (and of an idle bare Node for
// comparison); the tools/list size. Warm runs reuse one data home, so the handshake comes from the snapshot
// an earlier start recorded (the normal case); cold runs use a fresh home each time (first start after an
// install or upgrade: the full server answers). `first_tool_call_ms` is the cost of the hand-over to the
// full server on the first tools/call (ctx_upgrade, which does no I/O).
// Issue 2 goals: p50 ≤ 120 ms (context-mode 1.0.169: 270–320 ms), idle RSS ≤ 45 MiB (1.0.169: 69), tools/list ≤ 8,000 B.
// Progress on stderr, one JSON object on stdout. Run `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../server/bin/context-mode.cjs', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[i]! * 10) / 10;
}

function baseline(): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => resolve(performance.now() - t0));
  });
}

interface ServerRun {
  ms: number;
  toolsListBytes: number;
  tools: number;
  rssKiB?: number;
  firstCallMs?: number;
}

function idleNodeRssKiB(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 3000)'], { stdio: 'ignore' });
    setTimeout(() => {
      let kib = 0;
      try {
        kib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
      } catch {
        // Not Linux.
      }
      child.kill();
      resolve(kib);
    }, 2000);
  });
}

function serverRun(home: string, project: string, measureRss: boolean, callTool = false): Promise<ServerRun> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN], {
      env: { ...process.env, CONTEXT_MODE_HOME: home, CONTEXT_MODE_PROJECT_DIR: project },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    child.once('error', reject);
    let buf = '';
    let done = false;
    let callStarted = 0;
    let run: ServerRun = { ms: 0, toolsListBytes: 0, tools: 0 };
    child.stdout.on('data', (chunk: Buffer) => {
      buf += chunk.toString('utf8');
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        let msg: { id?: number; result?: { tools?: unknown[] } };
        try {
          msg = JSON.parse(line);
        } catch {
          continue;
        }
        if (msg.id === 3 && callStarted) {
          run.firstCallMs = performance.now() - callStarted;
          child.once('exit', () => resolve(run));
          child.stdin.end();
          continue;
        }
        if (msg.id !== 2 || done) continue;
        done = true;
        const ms = performance.now() - t0;
        const result = msg.result ?? {};
        run = {
          ms,
          toolsListBytes: Buffer.byteLength(JSON.stringify(result), 'utf8'),
          tools: result.tools?.length ?? 0,
        };
        const finish = (): void => {
          child.once('exit', () => resolve(run));
          child.stdin.end();
        };
        if (callTool) {
          callStarted = performance.now();
          send({ id: 3, method: 'tools/call', params: { name: 'ctx_upgrade', arguments: {} } });
        } else if (!measureRss) finish();
        else
          setTimeout(() => {
            try {
              const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
              run.rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
            } catch {
              // Not Linux: RSS stays unmeasured.
            }
            finish();
          }, 2000);
      }
    });
    const send = (m: object): boolean => child.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n');
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/list' });
  });
}

const home = mkdtempSync(join(tmpdir(), 'cm-bench-home-'));
const project = mkdtempSync(join(tmpdir(), 'cm-bench-proj-'));
try {
  // One warm-up of each so the file cache is hot for both.
  await baseline();
  await serverRun(home, project, false);
  const base: number[] = [];
  const server: number[] = [];
  let last: ServerRun | undefined;
  for (let i = 0; i < RUNS; i++) {
    base.push(await baseline());
    last = await serverRun(home, project, false);
    server.push(last.ms);
    process.stderr.write(
      `run ${i + 1}/${RUNS}: node -e 0 ${base.at(-1)!.toFixed(0)} ms, server ${last.ms.toFixed(0)} ms\n`,
    );
  }
  const rssRuns: number[] = [];
  for (let i = 0; i < 3; i++) rssRuns.push((await serverRun(home, project, true)).rssKiB ?? 0);
  const rssMiB = Math.round((percentile(rssRuns, 50) / 1024) * 10) / 10;
  const nodeRssMiB = Math.round(((await idleNodeRssKiB()) / 1024) * 10) / 10;
  const firstCall: number[] = [];
  for (let i = 0; i < 5; i++) firstCall.push((await serverRun(home, project, false, true)).firstCallMs ?? 0);
  const cold: number[] = [];
  for (let i = 0; i < 5; i++) {
    const fresh = mkdtempSync(join(tmpdir(), 'cm-bench-cold-'));
    try {
      cold.push((await serverRun(fresh, project, false)).ms);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
    process.stderr.write(`cold run ${i + 1}/5: ${cold.at(-1)!.toFixed(0)} ms\n`);
  }
  const p50 = percentile(server, 50);
  const baseP50 = percentile(base, 50);
  process.stdout.write(
    JSON.stringify({
      runs: RUNS,
      baseline_node_e0_ms: { p50: baseP50, p95: percentile(base, 95) },
      spawn_to_tools_list_ms: { p50, p95: percentile(server, 95) },
      ratio_p50_vs_baseline: Math.round((p50 / baseP50) * 100) / 100,
      over_baseline_p50_ms: Math.round((p50 - baseP50) * 10) / 10,
      idle_rss_mib: rssMiB,
      idle_bare_node_rss_mib: nodeRssMiB,
      first_tool_call_ms: { p50: percentile(firstCall, 50) },
      cold_start_no_snapshot_ms: { p50: percentile(cold, 50), runs: cold.length },
      tools_listed: last?.tools ?? 0,
      tools_list_bytes: last?.toolsListBytes ?? 0,
      goals: { spawn_to_tools_list_p50_ms: 120, idle_rss_mib: 45, tools_list_bytes: 8000 },
    }) + '\n',
  );
} finally {
  rmSync(home, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
}
