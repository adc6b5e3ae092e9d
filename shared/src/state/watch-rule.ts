/**
 * The one rule every shell (the browser server, the VS Code sidebar, the JetBrains tool window, ported to Kotlin
 * against the same cases in shared/test/state/watch-rule-cases.json) uses to decide that a project's data changed.
 *
 * A file event alone is not enough: reading the stores for a refresh makes SQLite create and delete its
 * `-wal`/`-shm`/`-journal` files, so a shell that refreshed on every event would refresh itself forever. A shell
 * therefore (1) listens only to events for the stores and the memory spool, (2) waits WATCH_DEBOUNCE_MS after
 * the last one, then (3) refreshes only when storeSignature() differs from the one it last showed. A reader leaves
 * each database's size and time and a non-empty WAL alone; a writer changes one of them, and a hook's spool entry
 * adds a `.json` file.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SPOOL_DIR } from '../memory/memory-spool.js';

export { SPOOL_DIR };
/** Quiet time after the last event before the signature is taken: folds a burst of writes into one refresh. */
export const WATCH_DEBOUNCE_MS = 250;
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

/**
 * Debounce + signature compare, with the clock handed in. `event(file)` for each file event (spool-folder events
 * pass SPOOL_DIR); `changed` runs at most once per burst, and only when the signature moved.
 */
export class ChangeGate {
  private timer: unknown;
  private shown: string;

  constructor(
    private readonly dir: string,
    private readonly changed: () => void,
    private readonly clock: {
      setTimeout(fn: () => void, ms: number): unknown;
      clearTimeout(handle: unknown): void;
    } = {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    },
    private readonly fs: SignatureFs = nodeSignatureFs,
  ) {
    this.shown = storeSignature(dir, fs);
  }

  event(file: string | undefined): void {
    if (!isStoreEvent(file)) return;
    this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => this.settle(), WATCH_DEBOUNCE_MS);
  }

  /** Takes the signature now; fires `changed` when it moved since the last one shown. */
  settle(): void {
    this.timer = undefined;
    const now = storeSignature(this.dir, this.fs);
    if (now === this.shown) return;
    this.shown = now;
    this.changed();
  }

  dispose(): void {
    this.clock.clearTimeout(this.timer);
  }
}
