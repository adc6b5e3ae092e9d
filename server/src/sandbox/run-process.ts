import { spawn, type ChildProcess } from 'node:child_process';
import type { BinaryStream } from './binary-output.js';
import { OutputSink } from './output-sink.js';
import { closeMarker, killAllMarked, killMarked, type Containment } from './contain.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

export interface RunOptions {
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Combined stdout + stderr cap in bytes; past it the process group is killed. */
  capBytes: number;
  /** On timeout, leave the process running (detached) and return what it printed so far. */
  background?: boolean;
  /** Called when a backgrounded process finally exits (to remove its temp files). */
  onBackgroundExit?: () => void;
  /** A pre-spawned process (own group, piped stdio) to use instead of spawning `argv`; `input` goes to its stdin. */
  child?: ChildProcess;
  input?: string;
  /** The call's marker (contain.ts): processes that left the group are found by it and killed. */
  marker?: string;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  capped: boolean;
  backgrounded: boolean;
  durationMs: number;
  /** The process could not be started (ENOENT, EACCES). */
  spawnError?: string;
  /**
   * The pipes were still open, with nothing arriving, a grace period after the process exited: something outside
   * its group holds them, and what it may still write is not in the answer.
   */
  outputIncomplete?: boolean;
  /** Streams judged binary by their first bytes (binary-output.ts): their text above is empty. */
  binary?: { stdout?: BinaryStream | undefined; stderr?: BinaryStream | undefined };
  /** After a timeout or the cap: what left the process group, killed or not (contain.ts). */
  escaped?: Containment;
}

const background = new Set<ChildProcess>();

/** Kills every process group left running in the background (server shutdown). */
export function killBackgroundProcesses(): void {
  for (const child of background) killGroup(child);
  background.clear();
  killAllMarked(); // what left the groups of this server's calls, background ones included
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    try {
      child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/**
 * Runs one command in its own process group with stdin closed. On timeout or past the output cap the whole
 * group is killed (grandchildren included); when the leader exits, stragglers in its group are killed too, so
 * no call leaves processes behind unless it asked for `background`. Output is decoded as UTF-8 across chunk
 * boundaries.
 */
/** How long the pipes may stay open and silent after the process exits before the answer stops waiting for them. */
const PIPE_GRACE_MS = 2_000;
const ESCAPE_CHECK_MS = 250;

export function runProcess(options: RunOptions): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child =
        options.child ??
        spawn(options.argv[0]!, options.argv.slice(1), {
          cwd: options.cwd,
          env: options.env,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
    } catch (err) {
      resolve(failed(err, started));
      return;
    }
    const out = new OutputSink();
    const err = new OutputSink();
    let total = 0;
    let timedOut = false;
    let capped = false;
    let settled = false;
    let keep = true;
    let escapedEarly: Containment | undefined;
    /** Chunks read so far, from either pipe: the pipes are only "held" while this stops moving. */
    let received = 0;
    let outputIncomplete = false;
    let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;

    const finish = (exitCode: number | null, signal: NodeJS.Signals | null, backgrounded = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const stdout = out.end();
      const stderr = err.end();
      const binary = out.binary || err.binary ? { stdout: out.binary, stderr: err.binary } : undefined;
      if (!backgrounded) killGroup(child); // stragglers of a finished leader
      const result: RunResult = {
        stdout,
        stderr,
        exitCode,
        signal,
        timedOut,
        capped,
        backgrounded,
        durationMs: Date.now() - started,
        ...(outputIncomplete ? { outputIncomplete } : {}),
        ...(binary ? { binary } : {}),
      };
      const marker = options.marker;
      if (!marker || backgrounded) {
        resolve(result); // a background call's marker stays live: what it started may keep running
        return;
      }
      if (!timedOut && !capped) {
        resolve(withEscaped(result, escapedEarly));
        closeMarker(marker); // leftovers that left the group are swept shortly, off the answer's path
        return;
      }
      // A call that had to be killed: find what escaped the group before answering, and say so.
      void killMarked(marker)
        .then((escaped) => resolve(withEscaped(result, escapedEarly, escaped)))
        .catch(() => resolve(withEscaped(result, escapedEarly)))
        .finally(() => closeMarker(marker));
    };
    const onData = (which: 'out' | 'err') => (chunk: Buffer) => {
      received++;
      if (!keep) return; // backgrounded: keep draining so the process never blocks on a full pipe
      total += chunk.length;
      if (total > options.capBytes) {
        capped = true;
        keep = false;
        killGroup(child);
        return;
      }
      (which === 'out' ? out : err).write(chunk);
    };
    child.stdout!.on('data', onData('out'));
    child.stderr!.on('data', onData('err'));
    child.on('error', (e) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(failed(e, started));
      }
    });
    child.on('exit', (code, signal) => {
      if (settled) return;
      exited = { code, signal };
      // Everything the process wrote is in the pipes; the answer is finished when they close, never a fixed time
      // after the exit (on a busy server the exit was handled, the loop then blocked past that time, and the timer
      // came due before the pipes were read: "(no output)"). Stragglers left in the group are killed now so they
      // cannot hold the pipes open; a process that left the group is killed by the call's marker shortly after.
      killGroup(child);
      const escapeCheck = options.marker
        ? setTimeout(() => {
            void killMarked(options.marker!)
              .then((e) => (escapedEarly = e))
              .catch(() => undefined);
          }, ESCAPE_CHECK_MS)
        : undefined;
      // Only pipes that stay open with nothing arriving for a whole grace period, across a full turn of the event
      // loop (the check runs after the poll phase that reads them), are held by something we could not kill: the
      // answer then says its output may be incomplete.
      let seen = -1;
      const quiet = () => {
        if (settled) return;
        if (received !== seen) {
          seen = received;
          held = setTimeout(() => setImmediate(quiet), PIPE_GRACE_MS);
          return;
        }
        outputIncomplete = true;
        finish(code, signal);
      };
      let held = setTimeout(() => setImmediate(quiet), 0);
      child.once('close', () => {
        clearTimeout(held);
        clearTimeout(escapeCheck);
        finish(code, signal);
      });
    });
    // A warm Node spare reports "done <code>" on fd 3 and closes its stdout/stderr when the code finished on
    // its own: with both pipes at EOF, the answer need not wait for the process to tear down.
    const doneChannel = child.stdio[3] as NodeJS.ReadableStream | null | undefined;
    if (doneChannel) {
      let note = '';
      let doneCode: number | undefined;
      let open = 2;
      const maybeDone = () => {
        if (doneCode !== undefined && open === 0) finish(doneCode, null);
      };
      doneChannel.on('data', (c: Buffer) => {
        note += c.toString('utf8');
        const m = /^done (\d+)\n/.exec(note);
        if (m) doneCode = Number(m[1]);
        maybeDone();
      });
      doneChannel.on('error', () => undefined);
      for (const s of [child.stdout!, child.stderr!]) {
        s.once('end', () => {
          open--;
          maybeDone();
        });
      }
    }
    if (options.child) {
      // A warm process may have died while it waited; its exit is then reported like any other.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(options.input ?? '');
    }
    const timer = setTimeout(() => {
      timedOut = true;
      if (options.background) {
        keep = false;
        background.add(child);
        child.once('exit', () => {
          background.delete(child);
          options.onBackgroundExit?.();
        });
        child.unref();
        finish(null, null, true);
        return;
      }
      killGroup(child);
      if (exited) {
        // The process is gone but its pipes never went quiet: whatever holds them is not waited for past the time.
        outputIncomplete = true;
        finish(exited.code, exited.signal);
      }
    }, options.timeoutMs);
  });
}

/** The result with what escaped its process group, when anything did. */
function withEscaped(result: RunResult, ...found: Array<Containment | undefined>): RunResult {
  const killed = found.reduce((n, c) => n + (c?.killed ?? 0), 0);
  const failedPids = found.flatMap((c) => c?.failed ?? []);
  return killed || failedPids.length ? { ...result, escaped: { killed, failed: failedPids } } : result;
}

function failed(err: unknown, started: number): RunResult {
  return {
    stdout: '',
    stderr: '',
    exitCode: null,
    signal: null,
    timedOut: false,
    capped: false,
    backgrounded: false,
    durationMs: Date.now() - started,
    spawnError: errorMessage(err),
  };
}
