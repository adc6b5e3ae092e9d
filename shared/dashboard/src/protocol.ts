/**
 * What the dashboard exchanges with its host, whatever carries it (VS Code postMessage, the JetBrains JCEF
 * bridge, HTTP to `ctxmode dashboard`). The host runs each action through the engine and answers with messages.
 */
import type { DashboardState } from '../../src/protocol/dashboard.js';

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

export interface MemoryHitView {
  id: number;
  category: string;
  data: string;
  time: string;
}

export type HostMessage =
  | { type: 'state'; state: DashboardState }
  | { type: 'searchResult'; query: string; result: { knowledge?: { hits?: SearchHitView[] }; memory?: { events?: MemoryHitView[] } } }
  | { type: 'error'; action: string; message: string; hint?: string }
  | { type: 'busy'; action: string };

export type { DashboardState };
