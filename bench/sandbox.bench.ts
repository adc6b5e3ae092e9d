// Sandbox round trips through a real MCP client against the built server (issue 3 numbers):
// ctx_execute javascript console.log(42) and shell echo p50 (with a pause between calls, and shell back to back),
// against a `node -e 0` spawn measured in the same
// run; bytes returned for `cat` of a 60 KB JSON file; processes left behind after 100 timed-out commands that
// spawn children. Progress on stderr, one JSON object on stdout. Run `npm run build` first.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableLanguages } from '../server/src/sandbox/runtimes.js';
import { startBuiltServer } from '../server/test/helpers/mcp-client.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const THINK_MS = 150;
const FIXTURE = fileURLToPath(new URL('../test/fixtures/captured/github-issues.json', import.meta.url));
const log = (m: string) => process.stderr.write(`${m}\n`);
const p50 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)]! * 10) / 10;
};

function nodeE0(): Promise<number> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' }).once('exit', () => resolve(performance.now() - t0));
  });
}

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

const s = await startBuiltServer();
const call = async (args: Record<string, unknown>) => {
  const t0 = performance.now();
  const r = (await s.client.callTool({ name: 'ctx_execute', arguments: args })) as { content: Array<{ text: string }> };
  return { ms: performance.now() - t0, text: r.content.map((c) => c.text).join('') };
};
try {
  await call({ language: 'shell', code: 'true' }); // hand-over to the full server, KB open
  const base: number[] = [];
  const js: number[] = [];
  const sh: number[] = [];
  const py: number[] = [];
  const hasPython = availableLanguages().includes('python');
  log(`round trips × ${RUNS}`);
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
  log(`back-to-back shell calls × ${RUNS * 2}`);
  const shBurst: number[] = [];
  for (let i = 0; i < RUNS * 2; i++) shBurst.push((await call({ language: 'shell', code: 'echo 42' })).ms);
  log(`back-to-back javascript calls × ${RUNS * 2}`);
  const jsBurst: number[] = [];
  for (let i = 0; i < RUNS * 2; i++) jsBurst.push((await call({ language: 'javascript', code: 'console.log(42)' })).ms);
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
        node_e0_p50_ms: p50(base),
        execute_javascript_p50_ms: p50(js),
        execute_shell_p50_ms: p50(sh),
        execute_python_p50_ms: hasPython ? p50(py) : null,
        think_time_between_calls_ms: THINK_MS,
        execute_shell_back_to_back_p50_ms: p50(shBurst),
        execute_javascript_back_to_back_p50_ms: p50(jsBurst),
        javascript_ratio_vs_node_e0: Math.round((p50(js) / p50(base)) * 100) / 100,
        cat_60kb_json: {
          raw_bytes: readFileSync(FIXTURE).length,
          returned_bytes: Buffer.byteLength(cat.text),
          indexed_as: source ?? null,
        },
        timed_out_with_children: { commands: 100, processes_left: left },
        timed_out_with_setsid_children: { commands: 20, processes_left: escapedLeft },
        goals: {
          execute_javascript_p50_ms: 15,
          execute_shell_p50_ms: 8,
          cat_returned_bytes: 4096,
          processes_left: 0,
          execute_javascript_back_to_back_p50_ms: 20,
          execute_python_p50_ms: 25,
        },
      },
      null,
      2,
    ) + '\n',
  );
} finally {
  await s.close();
}
