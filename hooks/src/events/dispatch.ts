import type { CanonicalEvent } from '@context-mode/shared/platforms/types';
import { loadBundle } from '../reload/load-bundle.js';
import type { Handler } from '../core/types.js';

/**
 * Canonical event → handler module. Each handler is imported only when its event runs, so the pre-tool path
 * never loads the memory store (SQLite) that the other handlers use. Every canonical event has an entry: an
 * event a host sends that we do not act on still gets a handler, which answers the host's no-op.
 */
const HANDLERS: Record<CanonicalEvent, () => Promise<Handler>> = {
  'pre-tool': async () => (await import('./pre-tool.js')).preToolHandler,
  'post-tool': async () => (await import('./post-tool.js')).postToolHandler,
  prompt: async () => (await import('./prompt.js')).promptHandler,
  'pre-compact': async () => (await import('./pre-compact.js')).preCompactHandler,
  'session-start': async () => (await import('./session-start.js')).sessionStartHandler,
  stop: async () => (await import('./stop.js')).stopHandler,
};

/** The handler for a canonical event. */
export function loadHandler(event: CanonicalEvent): Promise<Handler> {
  return loadBundle(HANDLERS[event]);
}
