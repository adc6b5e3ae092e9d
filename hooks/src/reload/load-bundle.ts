/**
 * While the engine is being replaced (`ctxmode upgrade` runs `npm install` over the runtime; a rebuild removes
 * dist/ first), a hook can start with its lazily loaded handler bundle briefly absent. Losing the event or
 * failing the host for that would be wrong: wait for the new files, briefly here; a longer wait runs the hook
 * again in a fresh process (fresh-process.ts), which also gets past failures the module loader has cached.
 */
const BUNDLE_WAIT_MS = 1000;
const STEP_MS = 100;

/** A module that could not be found (yet); any other load error is a real fault and is not retried. */
function missingModule(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/**
 * Runs `load` (a dynamic import) again every 100 ms while it fails because the module is missing, for at most
 * `waitMs`; then the last error is thrown. A module that was found but vanished while being read stays cached
 * as failed by the ES module loader, so only the not-found case can be retried.
 */
export async function loadBundle<T>(load: () => Promise<T>, waitMs = BUNDLE_WAIT_MS): Promise<T> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return await load();
    } catch (err) {
      if (!missingModule(err) || Date.now() >= until) throw err;
      await new Promise((r) => setTimeout(r, STEP_MS));
    }
  }
}
