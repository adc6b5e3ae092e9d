/** What the sidebar relays: the page's actions go to the engine as they are; the engine validates them. */

import type { DashboardAction } from '../../../shared/src/protocol/dashboard.js';

/** Only the shape needed to route a message: the engine validates the rest of the action (`ctxmode action`). */
export function isAction(msg: unknown): msg is DashboardAction {
  return typeof msg === 'object' && msg !== null && typeof (msg as { type?: unknown }).type === 'string';
}
