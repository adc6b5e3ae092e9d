import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import { readdir } from 'node:fs/promises';

/**
 * Finds processes that left a call's process group (`setsid`, `nohup … & disown`, Node `spawn({detached})`,
 * Python `fork()`+`setsid()`), so killing the group is not enough. Every call — and every spare, which serves
 * exactly one call — runs with its own marker in CONTEXT_MODE_SANDBOX_CALL; descendants inherit it whatever
 * session or group they move to, and the kernel keeps a process's start-up environment readable in
 * /proc/<pid>/environ. A process that exec's with a cleared environment (`env -i`) is not found, nor is anything
 * on a system without /proc (macOS): there only the process group is contained.
 * Markers of calls still running (and of background calls, spares waiting) are live; a sweep kills every
 * process of this server whose marker is not. After ordinary calls the sweep runs off the answer's path, once
 * calls pause (at most ~1 s late); after a timeout it runs before the answer, which reports it.
 * A scan reads every process's environment into one reused buffer, in slices of `SCAN_SLICE` processes with a
 * turn of the event loop between. (Through fs/promises readFile it allocated 64 KiB per process — /proc files
 * report size 0 — about 20 MB per scan here, and the server's garbage collector then ran full collections
 * during the next calls: 4–6 ms each, measured inside paced javascript calls.)
 */
export const CALL_MARKER_VAR = 'CONTEXT_MODE_SANDBOX_CALL';
const serverTag = randomBytes(6).toString('hex');
const needle = Buffer.from(`${CALL_MARKER_VAR}=${serverTag}-`);
let seq = 0;
const live = new Set<string>();

/** A new marker, live until closeMarker. */
export function openMarker(): string {
  const marker = `${serverTag}-${++seq}`;
  live.add(marker);
  return marker;
}

/** The marker's call is over: its leftovers are killed by the next sweep, shortly. */
export function closeMarker(marker: string): void {
  if (live.delete(marker)) scheduleSweep();
}

export interface Containment {
  /** Processes that had left the call's process group and were killed. */
  killed: number;
  /** Pids that could not be killed (EPERM: a setuid program, say). */
  failed: number[];
}

function markerIn(environ: Buffer): string | undefined {
  const at = environ.indexOf(needle);
  if (at < 0 || (at > 0 && environ[at - 1] !== 0)) return undefined;
  const start = at + CALL_MARKER_VAR.length + 1;
  const end = environ.indexOf(0, start);
  return environ.subarray(start, end < 0 ? environ.length : end).toString();
}

function kill(pids: number[]): Containment {
  const out: Containment = { killed: 0, failed: [] };
  for (const pid of pids) {
    if (pid === process.pid) continue;
    try {
      process.kill(pid, 'SIGKILL');
      out.killed++;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ESRCH') out.failed.push(pid);
    }
  }
  return out;
}

let scratch = Buffer.allocUnsafe(16 * 1024);

/** The marker in /proc/<pid>/environ, if any (read into `scratch`, grown for a larger environment). */
function markerOf(pid: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(`/proc/${pid}/environ`, 'r');
  } catch {
    return undefined; // gone, or not ours to read
  }
  try {
    let total = 0;
    for (;;) {
      if (total === scratch.length) {
        const bigger = Buffer.allocUnsafe(scratch.length * 2);
        scratch.copy(bigger, 0, 0, total);
        scratch = bigger;
      }
      const n = readSync(fd, scratch, total, scratch.length - total, null);
      if (n === 0) break;
      total += n;
    }
    return markerIn(scratch.subarray(0, total));
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Processes read per turn of the event loop: ~1 ms of reads on a loaded 2-core machine. */
const SCAN_SLICE = 64;
const isPid = (e: string) => /^\d+$/.test(e);

async function markedProcesses(): Promise<Array<{ pid: number; marker: string }>> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter(isPid);
  } catch {
    return [];
  }
  const found: Array<{ pid: number; marker: string }> = [];
  for (let i = 0; i < pids.length; i += SCAN_SLICE) {
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    for (const pid of pids.slice(i, i + SCAN_SLICE)) {
      const marker = markerOf(pid);
      if (marker) found.push({ pid: Number(pid), marker });
    }
  }
  return found;
}

/** Kills every process carrying `marker` now (a timed-out or capped call, before its answer). */
export async function killMarked(marker: string): Promise<Containment> {
  const procs = await markedProcesses();
  return kill(procs.filter((p) => p.marker === marker).map((p) => p.pid));
}

let sweepTimer: NodeJS.Timeout | undefined;
let sweepAsked = 0;
let sweeping = false;
// The sweep waits for calls to pause, so a run of back-to-back calls (each of which would otherwise pay for a
// scan overlapping it) scans about once a second instead of after every few calls.
const SWEEP_DELAY_MS = 150;
const SWEEP_MAX_DELAY_MS = 1000;

function scheduleSweep(): void {
  const now = Date.now();
  if (!sweepTimer) sweepAsked = now;
  clearTimeout(sweepTimer);
  sweepTimer = setTimeout(
    () => {
      sweepTimer = undefined;
      if (sweeping) return scheduleSweep();
      sweeping = true;
      void markedProcesses()
        .then((procs) => kill(procs.filter((p) => !live.has(p.marker)).map((p) => p.pid)))
        .catch(() => undefined)
        .finally(() => (sweeping = false));
    },
    Math.max(0, Math.min(SWEEP_DELAY_MS, sweepAsked + SWEEP_MAX_DELAY_MS - now)),
  );
  sweepTimer.unref();
}

/** Server shutdown: every process of this server's calls, background ones included (synchronous). */
export function killAllMarked(): Containment {
  clearTimeout(sweepTimer);
  const pids: number[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter(isPid);
  } catch {
    // No /proc: only process groups are contained here.
  }
  for (const e of entries) if (markerOf(e)) pids.push(Number(e));
  return kill(pids);
}
