/**
 * What the dashboard exchanges with its host, whatever carries it (VS Code postMessage, the JetBrains JCEF
 * bridge, HTTP to `ctxmode dashboard`): the engine's own contract types.
 */
export type {
  DashboardAction,
  DashboardMessage as HostMessage,
  DashboardState,
  SearchHitView,
} from '../../src/protocol/dashboard.js';
export type { MemoryEventView as MemoryHitView } from '../../src/protocol/memory.js';
