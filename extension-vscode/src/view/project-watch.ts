/**
 * Watches one project's data folder so the status bar and sidebar follow what hooks and the MCP server write
 * from other processes. A new project has no data folder until its first tool call, and a purge can delete it:
 * until the folder is there this probes every WATCH_PROBE_MS (the rule every shell shares), and it
 * re-attaches when the folder goes away. The post-tool hook writes into the `memory-spool/` subfolder only, so
 * that folder is watched too. No `vscode` import: the file system and the clock are handed in.
 */
import { existsSync, watch } from 'node:fs';
import { join } from 'node:path';
import { isStoreEvent, SPOOL_DIR, WATCH_PROBE_MS } from '../../../shared/src/state/watch-rule.js';

export interface Watcher {
  close(): void;
}

export interface WatchDeps {
  exists(path: string): boolean;
  /** Starts a non-recursive watch; `onError` when the watch breaks (the folder was deleted, for one). */
  watch(path: string, onEvent: (file: string | undefined) => void, onError: () => void): Watcher;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** The real file system and clock; the probe timer does not keep the extension host alive. */
export const nodeWatchDeps: WatchDeps = {
  exists: existsSync,
  watch: (path, onEvent, onError) =>
    watch(path, (_event, file) => onEvent(file ? String(file) : undefined)).on('error', onError),
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export class ProjectWatch {
  private dir: string | undefined;
  private root: Watcher | undefined;
  private spool: Watcher | undefined;
  private probe: unknown;

  constructor(
    private readonly deps: WatchDeps,
    /** Something the user may see changed; the caller debounces. */
    private readonly onChange: () => void,
  ) {}

  /** Watches `dir` from now on (a no-op when it already does). */
  follow(dir: string): void {
    if (this.dir === dir) return;
    this.detach();
    this.dir = dir;
    this.attach(false);
  }

  get folder(): string | undefined {
    return this.dir;
  }

  get watching(): { root: boolean; spool: boolean; probing: boolean } {
    return { root: !!this.root, spool: !!this.spool, probing: this.probe !== undefined };
  }

  /**
   * Attaches whatever exists now; keeps probing while something is missing. `late` (found by the probe): what
   * created the folder also wrote to it before anyone was looking, so that counts as a change.
   */
  private attach(late: boolean): void {
    const dir = this.dir;
    if (!dir) return;
    if (!this.root && this.deps.exists(dir)) {
      this.root = this.tryWatch(dir, (file) => {
        if (file === SPOOL_DIR && !this.spool) this.attach(false);
        if (isStoreEvent(file)) this.onChange();
      });
      if (this.root && late) this.onChange();
    }
    const spoolDir = join(dir, SPOOL_DIR);
    if (this.root && !this.spool && this.deps.exists(spoolDir)) {
      this.spool = this.tryWatch(spoolDir, () => this.onChange());
      if (this.spool && late) this.onChange();
    }
    const complete = !!this.root && !!this.spool;
    if (complete && this.probe !== undefined) {
      this.deps.clearInterval(this.probe);
      this.probe = undefined;
    } else if (!complete && this.probe === undefined) {
      this.probe = this.deps.setInterval(() => this.attach(true), WATCH_PROBE_MS);
    }
  }

  private tryWatch(path: string, onEvent: (file: string | undefined) => void): Watcher | undefined {
    try {
      // Linux reports a deleted folder as one more event, not as an error: look before trusting the watch.
      const w: Watcher = this.deps.watch(
        path,
        (file) => (this.deps.exists(path) ? onEvent(file) : this.broken(w)),
        () => this.broken(w),
      );
      return w;
    } catch {
      // Gone between the check and the watch, or out of watches: the probe tries again.
      return undefined;
    }
  }

  /** A watch that broke is dropped (the spool's with it when the project folder went) and probed for again. */
  private broken(w: Watcher): void {
    if (w === this.root) {
      this.root.close();
      this.spool?.close();
      this.root = this.spool = undefined;
    } else if (w === this.spool) {
      this.spool.close();
      this.spool = undefined;
    } else return;
    this.attach(true);
  }

  private detach(): void {
    if (this.probe !== undefined) this.deps.clearInterval(this.probe);
    this.probe = undefined;
    this.root?.close();
    this.spool?.close();
    this.root = this.spool = undefined;
    this.dir = undefined;
  }

  dispose(): void {
    this.detach();
  }
}
