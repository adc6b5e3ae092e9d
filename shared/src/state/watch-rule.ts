/**
 * The one rule every shell (the browser server, the VS Code sidebar, the JetBrains tool window, ported to Kotlin
 * against the same cases in shared/test/state/watch-rule-cases.json) uses to decide that a project's data changed.
 *
 * A file event alone is not enough: reading the stores for a refresh makes SQLite create and delete its
 * `-wal`/`-shm`/`-journal` files, so a shell that refreshed on every event would refresh itself forever. A shell
 * therefore (1) listens only to events for the stores and the memory spool, (2) waits WATCH_DEBOUNCE_MS after
 * the last one, but no longer than WATCH_MAX_WAIT_MS after the first one not yet answered, then (3) refreshes
 * only when storeSignature() differs from the one it last showed. A reader leaves each database's size and time
 * and a non-empty WAL alone; a writer changes one of them, and a hook's spool entry adds a `.json` file.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SPOOL_DIR } from '../memory/memory-spool.js';

export { SPOOL_DIR };
/** Quiet time after the last event before the signature is taken: folds a burst of writes into one refresh. */
export const WATCH_DEBOUNCE_MS = 250;
/**
 * The longest a look waits after the first event it answers. Each event re-arms the debounce, so a store written
 * more often than every WATCH_DEBOUNCE_MS (a hook storm, `ctx_execute` in a loop, a long index run) would postpone
 * the look until the writes stop; with the cap a shell still looks at least this often while they go on.
 */
export const WATCH_MAX_WAIT_MS = 4 * WATCH_DEBOUNCE_MS;
/**
 * How often a shell looks for a data folder (or spool) that does not exist yet: a new project's first hook event
 * creates both, and must show within 1 s (probe + debounce + the refresh stay under it). A probe is two stat
 * calls; an idle shell still refreshes nothing, since the signature does not move.
 */
export const WATCH_PROBE_MS = 250;

const STORES = ['ledger.db', 'memory.db', 'knowledge.db'] as const;

export interface SignatureFs {
  /** Size and modification time, or undefined when the file does not exist. */
  stat(path: string): { size: number; mtimeMs: number } | undefined;
  /** The folder's entries, or [] when it does not exist. */
  list(dir: string): string[];
}

const nodeSignatureFs: SignatureFs = {
  stat: (path) => {
    try {
      return statSync(path, { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
  },
  list: (dir) => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  },
};

/** Whether an event for this entry of the data folder may mean new numbers (a store, its WAL/journal, the spool). */
export function isStoreEvent(file: string | undefined): boolean {
  if (!file) return false;
  return /^(ledger|memory|knowledge)\.db(-wal|-shm|-journal)?$/.test(file) || file === SPOOL_DIR;
}

/** A fingerprint of what the stores hold, cheap enough to take after every burst of events. */
export function storeSignature(dir: string, fs: SignatureFs = nodeSignatureFs): string {
  const parts: string[] = [];
  for (const name of STORES) {
    const db = fs.stat(join(dir, name));
    const wal = fs.stat(join(dir, `${name}-wal`));
    parts.push(
      `${name}:${db ? `${db.size}@${db.mtimeMs}` : '-'}:${wal && wal.size > 0 ? `${wal.size}@${wal.mtimeMs}` : '-'}`,
    );
  }
  // Pending entries only: half-written (.tmp) and claimed ones are on their way in or out.
  const pending = fs
    .list(join(dir, SPOOL_DIR))
    .filter((n) => n.endsWith('.json'))
    .sort();
  parts.push(`spool:${pending.join(',')}`);
  return parts.join('|');
}

/** The timer and the time a ChangeGate runs on; `now()` in ms, and only differences between its values count. */
export interface GateClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

// Monotonic: a wall-clock step (NTP, sleep) must not make a look look overdue or far away.
const nodeClock: GateClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/**
 * Debounce with a cap + signature compare, with the clock handed in. `event(file)` for each file event
 * (spool-folder events pass SPOOL_DIR); a look (settle) runs WATCH_DEBOUNCE_MS after the last event, and no later
 * than WATCH_MAX_WAIT_MS after the first event it answers; `changed` runs only when the signature moved.
 */
export class ChangeGate {
  private timer: unknown;
  /** When the pending look runs, and when the first event it answers came (clock.now()); valid while timer is set. */
  private due = 0;
  private first = 0;
  private shown: string;

  constructor(
    private readonly dir: string,
    private readonly changed: () => void,
    private readonly clock: GateClock = nodeClock,
    private readonly fs: SignatureFs = nodeSignatureFs,
  ) {
    this.shown = storeSignature(dir, fs);
  }

  event(file: string | undefined): void {
    if (isStoreEvent(file)) this.poke();
  }

  /**
   * Something that counts happened without a file name to check: an event the caller already filtered, or a watch
   * that just attached over data written before anyone was looking.
   */
  poke(): void {
    const now = this.clock.now();
    if (this.timer === undefined) this.first = now;
    // One thread: an overdue look has not read the stores yet, so it answers this event too. Re-arming it would
    // let a busy event loop postpone it again and again.
    else if (this.due <= now) return;
    const due = Math.min(now + WATCH_DEBOUNCE_MS, this.first + WATCH_MAX_WAIT_MS);
    // Capped: the look already set for then answers this event too.
    if (this.timer !== undefined && due <= this.due) return;
    this.clock.clearTimeout(this.timer);
    this.due = due;
    this.timer = this.clock.setTimeout(() => this.settle(), due - now);
  }

  /** Takes the signature now; fires `changed` when it moved since the last one shown. */
  settle(): void {
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    const now = storeSignature(this.dir, this.fs);
    if (now === this.shown) return;
    this.shown = now;
    this.changed();
  }

  /**
   * The caller just showed data it read itself (a refresh of its own, which may have written too, e.g. drained the
   * spool): what the stores hold now is what the next look compares against.
   */
  markShown(): void {
    this.shown = storeSignature(this.dir, this.fs);
  }

  dispose(): void {
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
