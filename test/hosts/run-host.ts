import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Which host a run was of, for every failure message: a host changes its behaviour between versions. */
export interface HostLabel {
  id: string;
  version: string;
}

export interface HostRun {
  /** `<host id> <version>`, the prefix of every failure message about this run. */
  label: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Why the executable could not be started at all (missing, not executable), when it could not. */
  startError?: string;
  /** Processes killed after the run (the group and any descendant that left it), by pid. */
  killed: number[];
  ms: number;
}

export function labelOf(host: HostLabel): string {
  return `${host.id} ${host.version}`;
}

/** pid → parent pid for every process, from /proc (Linux); empty where /proc is absent. */
function parentMap(): Map<number, number> {
  const map = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return map;
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    try {
      // The command name (field 2) is in parentheses and may hold spaces: the fields after its last ')' are fixed.
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      map.set(Number(e), ppid);
    } catch {
      /* exited while listing */
    }
  }
  return map;
}

/** Every live descendant of `pid`, including those that started a session or group of their own. */
function descendantsOf(pid: number): number[] {
  const parents = parentMap();
  const out: number[] = [];
  const frontier = [pid];
  while (frontier.length) {
    const p = frontier.pop()!;
    for (const [child, parent] of parents) {
      if (parent === p && !out.includes(child)) {
        out.push(child);
        frontier.push(child);
      }
    }
  }
  return out;
}

/** Whether `pid` still runs; a zombie (killed, not yet reaped: some container inits never reap) does not. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** Process groups of runs still going, killed if this test process is stopped first. */
const liveGroups = new Set<number>();
let exitHooked = false;

/**
 * The test runner stops a test file that overruns its bound by signalling the file's process, whose own children
 * would then live on (each host runs in a group of its own): kill those groups on the way out.
 */
function killLiveGroupsOnExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const pgid of liveGroups) {
      for (const pid of [-pgid, ...descendantsOf(pgid)]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }
  });
  for (const [sig, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)
    process.once(sig, () => process.exit(code));
}

/**
 * Runs a host headless in its own process group and kills that group by pid when it ends or overruns, so no
 * MCP server or hook outlives the run. Descendants that left the group are found through their parent chain
 * while the host still lives. Never hangs: after the timeout and a grace period the run is given up even if a
 * stray process still holds the host's output pipes.
 */
export function runHost(
  bin: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; stdin?: string; host: HostLabel; graceMs?: number },
): Promise<HostRun> {
  const started = Date.now();
  const label = labelOf(opts.host);
  const graceMs = opts.graceMs ?? 3000;
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd: opts.cwd, env: opts.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    killLiveGroupsOnExit();
    if (child.pid !== undefined) liveGroups.add(child.pid);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let startError: string | undefined;
    let done = false;
    const strays = new Set<number>();
    const killed = new Set<number>();
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    // A host that exits before reading its stdin makes the write fail with EPIPE: not the run's failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.stdin ?? '');
    const kill = (pid: number, sig: NodeJS.Signals) => {
      try {
        process.kill(pid, sig);
        killed.add(Math.abs(pid));
      } catch {
        /* already gone */
      }
    };
    const killAll = (sig: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      if (child.exitCode === null && child.signalCode === null) for (const p of descendantsOf(child.pid)) strays.add(p);
      kill(-child.pid, sig);
      for (const p of strays) kill(p, sig);
    };
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(giveUp);
      clearTimeout(graceKill); // its pids may belong to someone else once the run is over
      // Leftovers of the group (MCP server, a slow hook) go too.
      killAll('SIGKILL');
      if (child.pid !== undefined) liveGroups.delete(child.pid);
      child.stdout.destroy();
      child.stderr.destroy();
      const ran = { label, code, signal, stdout, stderr, timedOut, killed: [...killed], ms: Date.now() - started };
      resolve(startError ? { ...ran, startError } : ran);
    };
    let graceKill: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      killAll('SIGTERM');
      graceKill = setTimeout(() => killAll('SIGKILL'), graceMs);
      graceKill.unref();
    }, opts.timeoutMs);
    // A grandchild that escaped the group keeps the pipes open and 'close' never comes: give up on it.
    const giveUp = setTimeout(() => finish(child.exitCode, child.signalCode), opts.timeoutMs + graceMs + 2000);
    child.on('error', (err) => {
      startError = `${bin}: ${err.message}`;
      finish(null, null);
    });
    child.on('close', (code, signal) => finish(code, signal));
  });
}

/** What went wrong with a run (without the host label), or undefined when it started, ended in time and exited 0. */
export function runProblem(run: HostRun): string | undefined {
  const tail = (s: string) => s.trim().split('\n').slice(-8).join('\n').slice(-800);
  if (run.startError) return `could not start (${run.startError})`;
  if (run.timedOut)
    return `no end within ${Math.round(run.ms / 1000)} s, killed (pids ${run.killed.join(', ')}); stderr: ${tail(run.stderr)}`;
  if (run.code !== 0) return `exited ${run.code ?? `on ${run.signal}`} after ${run.ms} ms; stderr: ${tail(run.stderr)}`;
  return undefined;
}

/** Why a run failed, naming host and version, or undefined when it did not. */
function runFailure(run: HostRun): string | undefined {
  const problem = runProblem(run);
  return problem && `${run.label}: ${problem}`;
}

/** Throws the run's failure (host, version, what happened) when it did not end cleanly. */
export function assertRan(run: HostRun): void {
  const failure = runFailure(run);
  if (failure) throw new Error(failure);
}
