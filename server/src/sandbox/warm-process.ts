import { spawn, type ChildProcess } from 'node:child_process';
import { basename } from 'node:path';
import { tmpdir } from 'node:os';
import { CALL_MARKER_VAR, closeMarker, openMarker } from './contain.js';
import { sandboxEnv } from './sandbox-env.js';
import { LAUNCHER_BOOT, NODE_BOOT, PYTHON_BOOT } from './warm-boot.js';
import { afterAnswer } from '../run/after-answer.js';
import { readSetting } from '@context-mode/shared/settings/settings';

/**
 * Spare processes started ahead of the next call, so a call does not wait for a spawn (Node blocks its event
 * loop ~4–5 ms per spawn on this kind of machine) or, for JavaScript, a whole Node boot (~100 ms). Each spare
 * runs exactly one call and is replaced after it, so calls stay as isolated as fresh processes. Kinds:
 * - `javascript`, `typescript`: a booted Node (for TypeScript, with the runtime's loader flags) and `python`: a
 *   booted interpreter, each reading one JSON line (the job) and running the script in-process;
 * - `launcher`: a bash that reads NUL-terminated fields (cwd, TMPDIR, FILE_CONTENT_PATH, argv…), then sources
 *   a shell script itself or execs any other interpreter in its own place, stdin from /dev/null as for a fresh
 *   spawn.
 * The server pre-starts the JavaScript spare and the launcher shortly after start-up; the TypeScript spare
 * (it loads a compiler) and the Python one only after a first call of theirs. Each costs one process per kind
 * while calls are paced (a Node ~40 MiB, Python ~10 MiB), a few more during a burst of calls or a batch (see Pool).
 * Turned off with CONTEXT_MODE_WARM=0. A spare whose server dies sees EOF on stdin and exits.
 */
export type WarmKind = 'javascript' | 'typescript' | 'python' | 'launcher';
const isNode = (kind: WarmKind) => kind === 'javascript' || kind === 'typescript';

function bootArgv(kind: WarmKind, command: string[]): string[] {
  if (isNode(kind)) return [...command, '--input-type=module', '-e', NODE_BOOT];
  if (kind === 'python') return [...command, '-c', PYTHON_BOOT];
  // --norc --noprofile: the launcher's stdin is a socket pair, and a bash built with SSH_SOURCE_BASHRC (Debian's)
  // reads ~/.bashrc when its stdin is a socket and SHLVL is unset or 1 — the MCP SDK's default child environment
  // and GUI-started editors have no SHLVL, so a user's .bashrc ran inside the sandbox (and could block it).
  return [command[0]!, '--norc', '--noprofile', '-c', LAUNCHER_BOOT];
}

export interface WarmJob {
  cwd: string;
  tmp: string;
  /** The script file (always written; the node spare imports it when the code is an ES module). */
  file: string;
  filePath?: string;
  /** javascript: the code as an async function body, when it uses no module syntax. */
  functionBody?: string;
  /** launcher: the command to exec. */
  argv?: string[];
  /** launcher: argv is [the launcher's bash, script]; source the script in place. */
  source?: boolean;
}

let closed = false;

interface Spare {
  child: ChildProcess;
  env: NodeJS.ProcessEnv;
  marker: string;
}

/**
 * The spares of one kind. One waits between calls, and the one a call takes is replaced once the call's answer
 * has been written. When calls of a kind come back to back (a loop of ctx_execute calls, a model that retries
 * at once: the next call starts while one runs or within `BURST_GAP_MS` of its end) the pool grows, one spare per
 * burst call up to `BURST_MAX`, and a burst call's replacement starts as the call begins, so the next call finds
 * one booted. A batch that will run k calls at once reserves k spares before its first call (`reserveWarm`, up
 * to `POOL_CAP`). After `POOL_IDLE_MS` without a call the pool shrinks back to one spare, so idle memory stays
 * one process per kind.
 */
interface Pool {
  spares: Spare[];
  target: number;
  /** Calls of this kind that have no answer yet. */
  running: number;
  /** When the last of them had its answer. */
  lastEnd: number;
  shrinkTimer?: NodeJS.Timeout;
}

/**
 * Most spares a burst of single calls grows a kind to. A Node spare is ~40 MiB and its boot takes a core for
 * ~50–150 ms, so beyond three the boots only compete with the calls for the CPU.
 */
const BURST_MAX: Record<WarmKind, number> = { javascript: 3, typescript: 1, python: 2, launcher: 1 };
/** Most spares a kind may hold at all (a batch's reservation included): bash launchers are ~4 MiB each. */
const POOL_CAP: Record<WarmKind, number> = { javascript: 4, typescript: 2, python: 4, launcher: 8 };
/**
 * A call that starts this soon after the previous call of its kind had its answer is part of a burst. Back to
 * back, the gap is the client's own turnaround (a few ms); an agent that thinks between calls takes far longer,
 * and its calls must not pay for spares started during them (paced 300 ms apart, one run: JavaScript 0.19×
 * `node -e 0` with a 1 s window measured from the previous call's start, 0.14× now; bench/sandbox-paced.ts).
 */
const BURST_GAP_MS = 100;
const POOL_IDLE_MS = 15_000;
const pools = new Map<WarmKind, Pool>();

function poolOf(kind: WarmKind): Pool {
  let pool = pools.get(kind);
  if (!pool) pools.set(kind, (pool = { spares: [], target: 1, running: 0, lastEnd: 0 }));
  return pool;
}

/** A call as the pool sees it. */
export interface WarmCall {
  /** The spare that serves it, with the call marker it was started with (it serves exactly that one call); none: cold. */
  spare?: { child: ChildProcess; marker: string };
  /** The call has its answer (foreground done, or backgrounded): what it used may be replaced. Call it always. */
  release: () => void;
}
const UNPOOLED: WarmCall = { release: () => undefined };

function spawnSpare(kind: WarmKind, env: NodeJS.ProcessEnv, command: string[]): void {
  const pool = poolOf(kind);
  // Concurrent calls each ask for a replacement; the pool's target bounds how many wait.
  if (closed || pool.spares.length >= pool.target) return;
  const argv = bootArgv(kind, command);
  const marker = openMarker();
  try {
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd: tmpdir(),
      env: { ...sandboxEnv(env, tmpdir()), [CALL_MARKER_VAR]: marker },
      detached: true,
      stdio: isNode(kind) ? ['pipe', 'pipe', 'pipe', 'pipe'] : ['pipe', 'pipe', 'pipe'],
    });
    child.on('error', () => undefined);
    const spare: Spare = { child, env, marker };
    child.once('exit', () => {
      const at = pool.spares.indexOf(spare);
      if (at < 0) return;
      pool.spares.splice(at, 1);
      closeMarker(marker);
    });
    // An idle spare must not keep the server alive.
    child.unref();
    for (const s of child.stdio) (s as { unref?: () => void } | null)?.unref?.();
    pool.spares.push(spare);
  } catch {
    closeMarker(marker);
  }
}

function fill(kind: WarmKind, env: NodeJS.ProcessEnv, command: string[]): void {
  const pool = poolOf(kind);
  while (!closed && pool.spares.length < pool.target) {
    const before = pool.spares.length;
    spawnSpare(kind, env, command);
    if (pool.spares.length === before) return; // the spawn failed: no busy loop
  }
}

// Outside a burst, replacements never start while a spare is serving a call: a spawn blocks the event loop ~5–15
// ms and a Node boot takes a core, both of which the call would pay for. An interpreter spare is replaced as soon
// as its call's answer is out (a ~100–300 ms boot needs the head start); a launcher once the server has been idle
// a moment, because its spawn costs about what it saves, so spawning between back-to-back calls would only move
// that cost onto the next call.
const LAUNCHER_REFILL_IDLE_MS = 30;
let launcherTimer: NodeJS.Timeout | undefined;
/** Launchers taken for a call and still running. */
const serving = new Set<ChildProcess>();

function refillLater(kind: WarmKind, env: NodeJS.ProcessEnv, command: string[]): void {
  if (kind !== 'launcher') {
    setImmediate(() => fill(kind, env, command));
    return;
  }
  clearTimeout(launcherTimer);
  // While a launcher still serves a call (a batch's others), the last one to end arms this again.
  launcherTimer = setTimeout(() => serving.size === 0 && fill(kind, env, command), LAUNCHER_REFILL_IDLE_MS);
  launcherTimer.unref();
}

/**
 * Whether this call is part of a burst (another call of its kind still running, or the last one just answered);
 * grows the pool for one, and arms the pool's shrink back to one spare.
 */
function noteCall(pool: Pool, kind: WarmKind): boolean {
  const burst = pool.running > 0 || Date.now() - pool.lastEnd < BURST_GAP_MS;
  if (burst && pool.target < BURST_MAX[kind]) pool.target++;
  armShrink(pool);
  return burst;
}

function armShrink(pool: Pool): void {
  clearTimeout(pool.shrinkTimer);
  if (pool.target <= 1) return;
  pool.shrinkTimer = setTimeout(() => {
    pool.target = 1;
    for (const extra of pool.spares.splice(1)) {
      killSpare(extra.child);
      closeMarker(extra.marker);
    }
  }, POOL_IDLE_MS);
  pool.shrinkTimer.unref();
}

/**
 * Starts a call of this kind: with a spare for this environment if one is waiting (none on the first call of a
 * kind), marked as in use. Its replacement follows the call's answer, or starts at once during a burst.
 * `command`: the Node runtime's argv prefix, or for the launcher the bash to use (bash only: it needs
 * `read -d ''`).
 */
export function takeWarm(kind: WarmKind, env: NodeJS.ProcessEnv, command: string[]): WarmCall {
  if (!readSetting('warm', env)) return UNPOOLED;
  if (command.length === 0 || (kind === 'launcher' && basename(command[0]!) !== 'bash')) return UNPOOLED;
  const pool = poolOf(kind);
  const burst = noteCall(pool, kind);
  let spare: Spare | undefined;
  while ((spare = pool.spares.shift())) {
    if (spare.env === env && spare.child.exitCode === null && spare.child.signalCode === null) break;
    killSpare(spare.child);
    closeMarker(spare.marker);
  }
  // In a burst the next call is due before this one ends: its spare starts now (a launcher's never during a
  // call, see refillLater). Otherwise once this call's answer is out.
  const refillNow = burst && kind !== 'launcher';
  if (refillNow) refillLater(kind, env, command);
  pool.running++;
  // The call is over for the pool when its answer is in (a backgrounded process may live on for hours) or, for a
  // spare, when its process ends, whichever comes first.
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    pool.running--;
    pool.lastEnd = Date.now();
    if (spare) serving.delete(spare.child);
    if (!refillNow) afterAnswer(() => refillLater(kind, env, command));
  };
  if (!spare) return { release };
  const { child, marker } = spare;
  if (kind === 'launcher') serving.add(child);
  child.once('close', release);
  child.ref();
  for (const s of child.stdio) (s as { ref?: () => void } | null)?.ref?.();
  return { spare: { child, marker }, release };
}

/** Starts a spare of this kind ahead of its first call (server start-up, once the handshake is done). */
export function prewarm(kind: WarmKind, env: NodeJS.ProcessEnv, command: string[]): void {
  if (!readSetting('warm', env) || command.length === 0) return;
  if (kind === 'launcher' && basename(command[0]!) !== 'bash') return;
  fill(kind, env, command);
}

/**
 * Makes `count` spares of this kind ready now (bounded by `POOL_CAP`), for a batch about to run that many calls
 * at once: each of them then starts in a booted process instead of only the first. The pool keeps that size
 * while calls follow and shrinks back to one spare after `POOL_IDLE_MS` idle.
 */
export function reserveWarm(kind: WarmKind, count: number, env: NodeJS.ProcessEnv, command: string[]): void {
  if (!readSetting('warm', env) || command.length === 0) return;
  if (kind === 'launcher' && basename(command[0]!) !== 'bash') return;
  const pool = poolOf(kind);
  pool.target = Math.max(pool.target, Math.min(POOL_CAP[kind], Math.floor(count)));
  armShrink(pool);
  fill(kind, env, command);
}

/** Spares waiting per kind (tests and the benchmark). */
export function warmPoolSizes(): Partial<Record<WarmKind, number>> {
  return Object.fromEntries([...pools].map(([kind, pool]) => [kind, pool.spares.length]));
}

/** What to write on the spare's stdin to start `job`. */
export function warmInput(kind: WarmKind, job: WarmJob): string {
  if (kind !== 'launcher') return JSON.stringify(job) + '\n';
  return [job.source ? 'source' : 'exec', job.cwd, job.tmp, job.filePath ?? '', ...(job.argv ?? []), '']
    .map((f) => `${f}\0`)
    .join('');
}

/** Kills every waiting spare (server shutdown). */
export function killWarmProcesses(): void {
  closed = true;
  clearTimeout(launcherTimer);
  for (const pool of pools.values()) {
    clearTimeout(pool.shrinkTimer);
    for (const { child } of pool.spares) killSpare(child);
    pool.spares.length = 0;
  }
}

function killSpare(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
