// Session memory numbers (issue 5), printed as one JSON object on stdout; progress on stderr.
// 1. post-tool hook wall time ÷ `node -e 0`: both measured in the same run, interleaved so machine load hits
//    both alike; medians of N runs. Goal ≤ 1.5× (context-mode 1.0.169: 2.79× on the same kind of machine).
// 2. resume snapshot size: the largest snapshot built from adversarial sessions (1,000 events of long,
//    multi-byte text). Goal ≤ 2,048 B always.
// 3. 32 concurrent hook processes × 10 events on one project → events stored. Goal 320 of 320.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshot, SNAPSHOT_BUDGET } from '../shared/src/memory/build-snapshot.js';
import type { MemoryCategory, MemoryEvent } from '../shared/src/memory/event-types.js';
import { openMemoryStore } from '../shared/src/memory/open-memory-store.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const log = (m: string) => process.stderr.write(`${m}\n`);
if (!existsSync(join(root, 'server/dist/hook.cjs'))) {
  log('building server/dist');
  spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
}
// A private copy of the built bin: a rebuild of server/dist during the run (another checkout's build, a
// watcher) must not turn into failed processes here. Same files, same node_modules.
const install = mkdtempSync(join(tmpdir(), 'cm-bench-bin-'));
cpSync(join(root, 'server/bin'), join(install, 'bin'), { recursive: true });
cpSync(join(root, 'server/dist'), join(install, 'dist'), { recursive: true });
symlinkSync(join(root, 'node_modules'), join(install, 'node_modules'));
const BIN = join(install, 'bin/context-mode.cjs');

const home = mkdtempSync(join(tmpdir(), 'cm-bench-home-'));
const project = mkdtempSync(join(tmpdir(), 'cm-bench-proj-'));
mkdirSync(join(project, '.git'));
const env = { ...process.env, CONTEXT_MODE_HOME: home, CONTEXT_MODE_HOOK_STDIN_IDLE_MS: '60000' };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
function timed(fn: () => void): number {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}
const payload = (i: number) =>
  JSON.stringify({
    session_id: 'bench',
    cwd: project,
    hook_event_name: 'PostToolUse',
    tool_name: 'Edit',
    tool_input: { file_path: join(project, `src/f${i}.ts`), old_string: 'a', new_string: 'b' },
    tool_response: { filePath: join(project, `src/f${i}.ts`) },
  });

// 1. Start-up ratio.
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const base: number[] = [];
const post: number[] = [];
spawnSync(process.execPath, [BIN, 'hook', 'claude-code', 'PostToolUse'], { input: payload(-1), env }); // warm the page cache and create the store
for (let i = 0; i < RUNS; i++) {
  base.push(timed(() => spawnSync(process.execPath, ['-e', '0'])));
  post.push(
    timed(() => spawnSync(process.execPath, [BIN, 'hook', 'claude-code', 'PostToolUse'], { input: payload(i), env })),
  );
}
const baseMs = median(base);
const postMs = median(post);
log(`node -e 0 ${baseMs.toFixed(1)} ms, post-tool ${postMs.toFixed(1)} ms over ${RUNS} interleaved runs`);

// 2. Snapshot size under adversarial sessions.
let id = 0;
const cats: Array<[MemoryCategory, string]> = [
  ['user-prompt', 'user_prompt'],
  ['goal', 'goal'],
  ['decision', 'decision'],
  ['rule', 'rule_file'],
  ['error', 'error_tool'],
  ['file', 'file_edit'],
  ['file', 'file_write'],
  ['file', 'file_read'],
  ['git', 'git_commit'],
  ['git', 'git'],
  ['env', 'cwd'],
  ['env', 'env'],
  ['task', 'task_list'],
  ['subagent', 'subagent'],
  ['skill', 'skill'],
  ['plan', 'plan_exit'],
  ['constraint', 'constraint'],
  ['blocker', 'blocker'],
];
let maxSnapshot = 0;
let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
for (let s = 0; s < 30; s++) {
  const events: MemoryEvent[] = [];
  for (let i = 0; i < 1000; i++) {
    const [category, type] = cats[Math.floor(rnd() * cats.length)]!;
    const text = `${type} ${i} ${'😀ü€<>&"'.repeat(Math.floor(rnd() * 300))} /p/${'dir/'.repeat(Math.floor(rnd() * 20))}f${i}.ts`;
    events.push({
      id: ++id,
      sessionId: 's',
      leg: Math.floor(i / 400),
      category,
      type,
      priority: 3,
      data: text,
      key: `k${Math.floor(rnd() * 50)}`,
      pinned: false,
      createdAt: id,
    });
  }
  const snap = buildSnapshot(events, {
    sessionId: `s${s}-${'x'.repeat(s * 3)}`,
    leg: 2,
    compactCount: 2,
    searchTool: 'mcp__plugin_context-mode_context-mode__ctx_search',
  });
  maxSnapshot = Math.max(maxSnapshot, Buffer.byteLength(snap));
}
log(`largest snapshot ${maxSnapshot} B`);

// 3. Concurrency.
const concProject = mkdtempSync(join(tmpdir(), 'cm-bench-conc-'));
mkdirSync(join(concProject, '.git'));
const runAsync = (input: string) =>
  new Promise<number | null>((resolve) => {
    const c = spawn(process.execPath, [BIN, 'hook', 'claude-code', 'PostToolUse'], {
      env,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    c.on('close', resolve);
    c.stdin.end(input);
  });
const started = Date.now();
let nonZero = 0;
await Promise.all(
  Array.from({ length: 32 }, async (_, w) => {
    for (let i = 0; i < 10; i++) {
      const input = JSON.stringify({
        session_id: 'conc',
        cwd: concProject,
        tool_name: 'Edit',
        tool_input: { file_path: join(concProject, `w${w}-${i}.ts`) },
        tool_response: {},
      });
      if ((await runAsync(input)) !== 0) nonZero++;
    }
  }),
);
const store = openMemoryStore(concProject, env);
const stored = store.sessionEvents('conc').length;
store.close();
log(`concurrency: ${stored}/320 stored in ${Date.now() - started} ms`);

rmSync(install, { recursive: true, force: true });
rmSync(home, { recursive: true, force: true });
rmSync(project, { recursive: true, force: true });
rmSync(concProject, { recursive: true, force: true });
process.stdout.write(
  JSON.stringify({
    postToolHook: {
      nodeBaselineMs: +baseMs.toFixed(1),
      postToolMs: +postMs.toFixed(1),
      ratio: +(postMs / baseMs).toFixed(2),
      goal: 1.5,
      incumbent: 2.79,
      runs: RUNS,
    },
    resumeSnapshot: {
      maxBytes: maxSnapshot,
      budget: SNAPSHOT_BUDGET,
      sessions: 30,
      eventsPerSession: 1000,
      withinBudget: maxSnapshot <= SNAPSHOT_BUDGET,
    },
    concurrency: { processes: 32, eventsEach: 10, stored, expected: 320, nonZeroExits: nonZero },
  }) + '\n',
);
