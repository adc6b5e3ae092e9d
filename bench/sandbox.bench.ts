// Sandbox round trips through a real MCP client against the built server (issue 3 numbers, issue 9 item 12):
// ctx_execute javascript console.log(42), shell echo and python print p50, with a pause between calls and back to
// back; ctx_batch_execute of 4 commands at concurrency 4 (wall time, and how many ran in a pre-started process),
// each against a server with CONTEXT_MODE_WARM=0 and a `node -e 0` spawn measured in the same run; the RSS of the
// server and of its spare processes (during a burst and after the pool shrank back); bytes returned for `cat` of
// a 60 KB JSON file; processes left behind after 100 timed-out commands that spawn children; and paced javascript
// and shell calls of this build and the previous release's alternated in one run (sandbox-paced.ts; the previous
// release is exported and built under the temp dir on first use). Progress on stderr, one JSON object on stdout.
// Run `npm run build` first.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableLanguages } from '../server/src/sandbox/runtimes.js';
import { BIN, startBuiltServer, type BuiltServer } from '../server/test/helpers/mcp-client.js';
import { nodeE0, p50, pacedAgainstPrevious } from './sandbox-paced.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const THINK_MS = 150;
const FIXTURE = fileURLToPath(new URL('../test/fixtures/captured/github-issues.json', import.meta.url));
const log = (m: string) => process.stderr.write(`${m}\n`);
const loadAtStart = loadavg()[0]!;
function processesWith(marker: string): number {
  let n = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(join('/proc', pid, 'cmdline'), 'utf8').includes(marker)) n++;
    } catch {
      // Gone.
    }
  }
  return n;
}

/** The server of `s` (its command line runs the bin, its environment names its home) and its child processes. */
function serverProcesses(s: BuiltServer): { server?: number; children: number[] } {
  const all: Array<{ pid: number; ppid: number }> = [];
  let server: number | undefined;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(join('/proc', name, 'stat'), 'utf8');
      all.push({ pid: Number(name), ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) });
      if (
        readFileSync(join('/proc', name, 'cmdline'), 'utf8').includes(BIN) &&
        readFileSync(join('/proc', name, 'environ'), 'utf8').includes(`CONTEXT_MODE_HOME=${s.home}\0`)
      )
        server = Number(name);
    } catch {
      // Gone, or not ours.
    }
  }
  return { server, children: all.filter((p) => p.ppid === server).map((p) => p.pid) };
}

const rssMiB = (pid: number) => {
  try {
    const kib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round((kib / 1024) * 10) / 10;
  } catch {
    return 0;
  }
};

/** The spare processes waiting now: how many, and their RSS each and in total. */
function spares(s: BuiltServer) {
  const rss = serverProcesses(s)
    .children.map(rssMiB)
    .filter((m) => m > 0);
  return { count: rss.length, rss_mib: rss, total_rss_mib: Math.round(rss.reduce((a, b) => a + b, 0) * 10) / 10 };
}

// Each batch command says whether it ran in the pre-started launcher (a bash started with --norc, sourcing the
// script) or in a bash spawned for it.
const WHICH = `case "$(tr '\\0' ' ' </proc/$$/cmdline)" in *--norc*) echo RUN-WARM ;; *) echo RUN-COLD ;; esac`;

async function latency(s: BuiltServer, label: string) {
  const call = async (args: Record<string, unknown>, name = 'ctx_execute') => {
    const t0 = performance.now();
    const r = (await s.client.callTool({ name, arguments: args })) as { content: Array<{ text: string }> };
    return { ms: performance.now() - t0, text: r.content.map((c) => c.text).join('') };
  };
  await call({ language: 'shell', code: 'true' }); // hand-over to the full server, KB open
  await new Promise((r) => setTimeout(r, 2000)); // the start-up spares (pre-started 1.5 s after start)
  const serverPid = serverProcesses(s).server;
  const serverIdleRss = serverPid ? rssMiB(serverPid) : null;
  const sparesAtStart = spares(s);
  const base: number[] = [];
  const js: number[] = [];
  const sh: number[] = [];
  const py: number[] = [];
  const hasPython = availableLanguages().includes('python');
  log(`${label}: round trips × ${RUNS}`);
  // An agent thinks between tool calls; the pause stands for that (the server replaces its spare processes
  // in such pauses). Back-to-back calls are measured separately below.
  const think = () => new Promise((r) => setTimeout(r, THINK_MS));
  for (let i = 0; i < RUNS; i++) {
    base.push(await nodeE0());
    await think();
    js.push((await call({ language: 'javascript', code: 'console.log(42)' })).ms);
    await think();
    sh.push((await call({ language: 'shell', code: 'echo 42' })).ms);
    await think();
    if (hasPython) py.push((await call({ language: 'python', code: 'print(42)' })).ms);
    // Long enough for the replacement spares to finish booting, so they do not slow the next baseline spawn.
    await new Promise((r) => setTimeout(r, 500));
  }
  log(`${label}: batches of 4 commands at concurrency 4 × ${RUNS}`);
  const batch: number[] = [];
  let warmCommands = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await call({ commands: [WHICH, WHICH, WHICH, WHICH], concurrency: 4 }, 'ctx_batch_execute');
    batch.push(r.ms);
    warmCommands += r.text.match(/^RUN-WARM$/gm)?.length ?? 0;
    await new Promise((r) => setTimeout(r, 500));
  }
  log(`${label}: back-to-back shell calls × ${RUNS * 2}`);
  const shBurst: number[] = [];
  for (let i = 0; i < RUNS * 2; i++) shBurst.push((await call({ language: 'shell', code: 'echo 42' })).ms);
  log(`${label}: back-to-back javascript calls × ${RUNS * 2}`);
  const jsBurst: number[] = [];
  for (let i = 0; i < RUNS * 2; i++) jsBurst.push((await call({ language: 'javascript', code: 'console.log(42)' })).ms);
  const sparesInBurst = spares(s);
  return {
    figures: {
      node_e0_p50_ms: p50(base),
      execute_javascript_p50_ms: p50(js),
      execute_javascript_back_to_back_p50_ms: p50(jsBurst),
      execute_shell_p50_ms: p50(sh),
      execute_shell_back_to_back_p50_ms: p50(shBurst),
      execute_python_p50_ms: hasPython ? p50(py) : null,
      batch_4_commands_concurrency_4: {
        wall_p50_ms: p50(batch),
        commands_warm: `${warmCommands}/${RUNS * 4}`,
      },
    },
    serverIdleRss,
    sparesAtStart,
    sparesInBurst,
    serverRss: () => (serverPid ? rssMiB(serverPid) : null),
    call,
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
// First, while no other server of this bench is running.
const previousRelease = await pacedAgainstPrevious(RUNS);
const cold = await startBuiltServer({ env: { CONTEXT_MODE_WARM: '0' } });
const coldFigures = await latency(cold, 'cold')
  .then((r) => r.figures)
  .finally(() => cold.close());
const s = await startBuiltServer();
try {
  const { figures, serverIdleRss, sparesAtStart, sparesInBurst, serverRss, call } = await latency(s, 'warm');
  const loadAfterRuns = loadavg()[0]!;
  log('waiting for the pool to shrink back (15 s idle)');
  await new Promise((r) => setTimeout(r, 16_000));
  const sparesIdle = spares(s);
  const serverRssAfter = serverRss();
  log('cat of a 60 KB JSON file');
  const cat = await call({ language: 'shell', code: `cat '${FIXTURE}'` });
  const source = /ctx_search\(source: "([^"]+)"/.exec(cat.text)?.[1];
  log('100 timed-out commands that spawn children');
  const marker = `cm-bench-orphan-${process.pid}`;
  for (let i = 0; i < 100; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, () =>
        call({ language: 'shell', code: `(sleep 120; : ${marker}) & sleep 60 # ${marker}`, timeout: 200 }),
      ),
    );
  }
  log('20 timed-out commands whose child left the process group (setsid)');
  const escMarker = `cm-bench-escape-${process.pid}`;
  for (let i = 0; i < 20; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, () =>
        call({
          language: 'shell',
          code: `setsid sh -c 'sleep 120; : ${escMarker}' & sleep 60 # ${escMarker}`,
          timeout: 200,
        }),
      ),
    );
  }
  await new Promise((r) => setTimeout(r, 500));
  const left = processesWith(marker);
  const escapedLeft = processesWith(escMarker);
  process.stdout.write(
    JSON.stringify(
      {
        runs: RUNS,
        load_average_1m: { at_start: round2(loadAtStart), after_runs: round2(loadAfterRuns) },
        think_time_between_calls_ms: THINK_MS,
        ...figures,
        javascript_ratio_vs_node_e0: round2(figures.execute_javascript_p50_ms / figures.node_e0_p50_ms),
        cold_same_run: coldFigures,
        warm_vs_cold: {
          javascript_paced: round2(figures.execute_javascript_p50_ms / coldFigures.execute_javascript_p50_ms),
          javascript_back_to_back: round2(
            figures.execute_javascript_back_to_back_p50_ms / coldFigures.execute_javascript_back_to_back_p50_ms,
          ),
          python_paced:
            figures.execute_python_p50_ms && coldFigures.execute_python_p50_ms
              ? round2(figures.execute_python_p50_ms / coldFigures.execute_python_p50_ms)
              : null,
          batch_wall: round2(
            figures.batch_4_commands_concurrency_4.wall_p50_ms / coldFigures.batch_4_commands_concurrency_4.wall_p50_ms,
          ),
        },
        memory: {
          // Idle, 2 s after one call (knowledge base open, full server loaded): server-startup.bench.ts has the
          // 45 MiB idle figure before any call.
          server_rss_mib_idle_after_first_call: serverIdleRss,
          server_rss_mib_after_runs: serverRssAfter,
          spares_at_start: sparesAtStart,
          spares_after_javascript_burst: sparesInBurst,
          spares_after_idle: sparesIdle,
        },
        cat_60kb_json: {
          raw_bytes: readFileSync(FIXTURE).length,
          returned_bytes: Buffer.byteLength(cat.text),
          indexed_as: source ?? null,
        },
        timed_out_with_children: { commands: 100, processes_left: left },
        timed_out_with_setsid_children: { commands: 20, processes_left: escapedLeft },
        paced_against_previous_release: previousRelease,
        goals: {
          execute_javascript_p50_ms: 15,
          execute_shell_p50_ms: 8,
          cat_returned_bytes: 4096,
          processes_left: 0,
          execute_javascript_back_to_back_p50_ms: 20,
          execute_python_p50_ms: 25,
          batch_commands_warm: 'all',
        },
      },
      null,
      2,
    ) + '\n',
  );
} finally {
  await s.close();
}
