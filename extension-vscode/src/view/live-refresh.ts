/**
 * The sidebar's live refresh: the project's data folder watched by ProjectWatch, its events put through the shells'
 * one ChangeGate (shared/src/state/watch-rule.ts), so the sidebar refreshes by the same rule as the browser
 * dashboard and the JetBrains tool window: a debounce capped at WATCH_MAX_WAIT_MS, then only when the stores'
 * signature moved. No `vscode` import, so the unit tests run it over real files.
 */
import { ChangeGate, type GateClock } from '../../../shared/src/state/watch-rule.js';
import { ProjectWatch, type WatchDeps } from './project-watch.js';

export class LiveRefresh {
  private gate: ChangeGate | undefined;
  private readonly watch: ProjectWatch;
  private disposed = false;

  constructor(
    deps: WatchDeps,
    /** The stores changed since the last state shown: fetch a fresh one. */
    private readonly refresh: () => void,
    private readonly clock?: GateClock,
  ) {
    // ProjectWatch passes on only store and spool events (and a watch attached late), so each one counts.
    this.watch = new ProjectWatch(deps, () => this.gate?.poke());
  }

  /**
   * A fresh state of the project whose data folder is `dir` was just shown: what the stores hold now is the
   * baseline (the refresh itself may have written, draining the spool). Another folder (the workspace switched
   * projects) is followed from now on, and a look still pending for the old one is dropped.
   */
  shown(dir: string): void {
    // A refresh in flight when the view went still answers: it must not start watching again.
    if (this.disposed) return;
    if (this.gate && this.watch.folder === dir) {
      this.gate.markShown();
      return;
    }
    this.gate?.dispose();
    this.gate = new ChangeGate(dir, this.refresh, this.clock);
    this.watch.follow(dir);
  }

  dispose(): void {
    this.disposed = true;
    this.gate?.dispose();
    this.gate = undefined;
    this.watch.dispose();
  }
}
