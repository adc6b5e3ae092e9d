/**
 * The JSON printed by `ctxmode state --json` and served to the dashboard (VS Code sidebar, JetBrains tool
 * window, `ctxmode dashboard` in a browser): everything the dashboard shows, read in one process without
 * writing to the data directory. The numbers are the engine's; the UI only formats them.
 */
import type { MemoryEventView, MemoryReport } from './memory.js';
import type { StatsReport } from './stats.js';

/** One bar of the savings chart: a day (UTC) or a session. */
export interface SavingsPoint {
  /** `YYYY-MM-DD` for days, the session id for sessions. */
  key: string;
  label: string;
  savedBytes: number;
  ownCostBytes: number;
  netBytes: number;
  /** Pre-tool redirect estimates: unconfirmed, never part of savedBytes. */
  redirectEstimateBytes: number;
}

export interface SourceView {
  source: string;
  kind: string;
  chunks: number;
  bytes: number;
  /** ISO 8601. */
  indexedAt: string;
}

export interface DashboardState {
  schema: 'context-mode.dashboard-state/1';
  generatedAt: string;
  project: { id: string; root: string; name: string };
  stats: StatsReport;
  /** Oldest first: the last 30 days with ledger rows, and the last 30 sessions. */
  series: { days: SavingsPoint[]; sessions: SavingsPoint[] };
  /** A page of the memory timeline, newest first; `totalEvents` counts every event the project holds. */
  memory: MemoryReport & { totalEvents: number; limit: number };
  sources: { total: number; chunks: number; bytes: number; items: SourceView[] };
}

/** What the dashboard page sends its host; the engine performs it (`ctxmode action`). See docs/dashboard.md. */
export type DashboardAction =
  | { type: 'refresh'; memoryLimit?: number }
  | { type: 'purge'; scope: 'session' | 'project' }
  | { type: 'deleteEvent'; id: number }
  | { type: 'pinEvent'; id: number; pinned: boolean }
  | { type: 'deleteSource'; label: string }
  | { type: 'search'; query: string };

export interface SearchHitView {
  source: string;
  title: string;
  snippet: string;
}

/** What the host sends the page: the engine's answer to an action. */
export type DashboardMessage =
  | { type: 'state'; state: DashboardState }
  | {
      type: 'searchResult';
      query: string;
      result: { knowledge: { hits: SearchHitView[] }; memory: { events: MemoryEventView[] } };
    }
  | { type: 'error'; action: string; message: string; hint?: string };
