// Paced sandbox calls, this build against earlier builds, in one run: all servers up at once; each round a
// `node -e 0` spawn, then on each server in turn (the order rotates between rounds) PER_BLOCK ctx_execute
// javascript calls and PER_BLOCK shell calls, PAUSE_MS between any two calls, as an agent that thinks between
// tool calls would pace them (so a server sees calls of one language 300 ms apart, as in issue 25's
// measurement). Only ratios to `node -e 0` taken in the same rounds compare across runs of a shared machine.
import { spawn } from 'node:child_process';
import { startBuiltServer, type BuiltServer } from '../server/test/helpers/mcp-client.js';
import { previousBuild } from './previous-build.js';

/** The previous release: the first round's landing, whose paced calls later builds must match. */
const PREVIOUS_RELEASE = '3c696af';
const PAUSE_MS = 300;
const PER_BLOCK = 3;

const log = (m: string) => process.stderr.write(`${m}\n`);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round2 = (x: number) => Math.round(x * 100) / 100;
/** The median, to 0.1 ms. */
export const p50 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)]! * 10) / 10;
};

/** The wall time of one `node -e 0` spawn: the baseline every sandbox figure is a ratio to. */
export function nodeE0(): Promise<number> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' }).once('exit', () => resolve(performance.now() - t0));
  });
}

async function timedCall(s: BuiltServer, language: string, code: string): Promise<number> {
  const t0 = performance.now();
  const r = (await s.client.callTool({ name: 'ctx_execute', arguments: { language, code } })) as {
    content: Array<{ text: string }>;
  };
  const ms = performance.now() - t0;
  if (
    !r.content
      .map((c) => c.text)
      .join('')
      .includes('42')
  )
    throw new Error(`${language} call lost its output`);
  return ms;
}

interface Side {
  name: string;
  server: BuiltServer;
  javascript: number[];
  shell: number[];
}

/**
 * `commits`: the earlier builds to measure beside this one (each exported and built once, see previous-build.ts);
 * the first is the one the goals compare against.
 */
export async function pacedAgainstPrevious(runs: number, commits: string[] = [PREVIOUS_RELEASE]) {
  const sides: Side[] = [];
  try {
    for (const commit of commits) {
      log(`building ${commit} (reused when already built)`);
      const { bin } = previousBuild(commit);
      sides.push({ name: commit, server: await startBuiltServer({ bin }), javascript: [], shell: [] });
    }
    sides.push({ name: 'current', server: await startBuiltServer(), javascript: [], shell: [] });
    // Hand-over to the full server, then the start-up spares (pre-started 1.5 s after start).
    for (const s of sides) await timedCall(s.server, 'shell', 'echo 42');
    await pause(2000);
    const base: number[] = [];
    const rounds = Math.ceil(runs / PER_BLOCK);
    log(`paced calls, ${sides.map((s) => s.name).join(', ')} in turn, ${rounds} rounds × ${PER_BLOCK} per language`);
    for (let i = 0; i < rounds; i++) {
      base.push(await nodeE0());
      await pause(PAUSE_MS);
      for (const s of sides.map((_, k) => sides[(i + k) % sides.length]!))
        for (const language of ['javascript', 'shell'] as const)
          for (let j = 0; j < PER_BLOCK; j++) {
            const code = language === 'shell' ? 'echo 42' : 'console.log(42)';
            s[language].push(await timedCall(s.server, language, code));
            await pause(PAUSE_MS);
          }
    }
    const nodeMs = p50(base);
    const figures = (s: Side) => ({
      javascript_p50_ms: p50(s.javascript),
      javascript_ratio_vs_node_e0: round2(p50(s.javascript) / nodeMs),
      shell_p50_ms: p50(s.shell),
      shell_ratio_vs_node_e0: round2(p50(s.shell) / nodeMs),
    });
    return {
      previous_release: commits[0],
      calls_per_language: sides[0]!.javascript.length,
      pause_between_calls_ms: PAUSE_MS,
      node_e0_p50_ms: nodeMs,
      builds: Object.fromEntries(sides.map((s) => [s.name, figures(s)])),
      goals: { javascript_ratio_vs_node_e0: 0.15, shell_ratio_vs_node_e0: 0.08 },
    };
  } finally {
    await Promise.all(sides.map((s) => s.server.close()));
  }
}
