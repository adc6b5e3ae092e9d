/** Set in a hook run again by `rerunInFreshProcess`; such a run reports a still-missing bundle with RETRY_EXIT. */
export const RERUN_ENV = 'CONTEXT_MODE_HOOK_RERUN';
/** Only ever seen by the parent hook (EX_TEMPFAIL), never by a host. */
export const RETRY_EXIT = 75;
const BUDGET_MS = 10_000;
const STEP_MS = 200;

/**
 * A handler bundle that was found and then vanished (the engine being replaced) stays failed in this process:
 * Node's module loader caches the failed module. Only a new process can load the new files.
 */
export function bundleVanished(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const message = String(e?.message);
  // Our own bundle files only: a missing package (a broken install) is not fixed by waiting.
  if (e?.code === 'ENOENT') return /[\\/]hook-events[\\/]/.test(message);
  return e?.code === 'ERR_MODULE_NOT_FOUND' && /Cannot find module '[^']*[\\/]hook-events[\\/]/.test(message);
}

export interface FreshResult {
  stdout: string;
  exitCode: number;
}

/**
 * Runs the same hook (`argv`: the script and its arguments) again with `payload` on stdin, until it loads or
 * the budget is spent; what it answered is the answer. Undefined when no run got through.
 */
export async function rerunInFreshProcess(
  argv: string[],
  payload: string,
  env: NodeJS.ProcessEnv,
  budgetMs = BUDGET_MS,
): Promise<FreshResult | undefined> {
  // Loaded only on this rare path: every hook start would pay for it otherwise.
  const { spawnSync } = await import('node:child_process');
  const until = Date.now() + budgetMs;
  for (;;) {
    const remaining = until - Date.now();
    if (remaining <= 0) return undefined;
    const r = spawnSync(process.execPath, [...process.execArgv, ...argv], {
      input: payload,
      env: { ...env, [RERUN_ENV]: '1' },
      encoding: 'utf8',
      timeout: remaining,
      stdio: ['pipe', 'pipe', 'ignore'],
      maxBuffer: 16 * 1024 * 1024,
    });
    if (r.status !== null && r.status !== RETRY_EXIT) return { stdout: r.stdout ?? '', exitCode: r.status };
    if (r.status === null) return undefined; // killed at the budget
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, STEP_MS);
  }
}
