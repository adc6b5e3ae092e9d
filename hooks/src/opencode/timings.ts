import { appendFileSync } from 'node:fs';
import { readSetting } from '@context-mode/shared/settings/settings';
import type { OpenCodeHooks } from './opencode-types.js';

/**
 * Names the file that gets one JSON line per plugin hook call (`{"hook":…,"ms":…}`). OpenCode runs plugins
 * in-process and logs no per-hook time, so this is how the real-host suite and a user measure what our plugin
 * adds to each event (docs/hosts.md). Unset: the hooks are returned untouched, nothing is timed.
 */
type AnyHook = (...args: never[]) => Promise<void>;

/** `hooks` with each one timed into the file named by the env variable; a failed write never reaches OpenCode. */
export function withTimings(hooks: OpenCodeHooks, env: NodeJS.ProcessEnv): OpenCodeHooks {
  const file = readSetting('pluginTimingsFile', env);
  if (!file) return hooks;
  const record = (hook: string, started: number) => {
    try {
      const ms = Math.round((performance.now() - started) * 1000) / 1000;
      appendFileSync(file, JSON.stringify({ hook, ms }) + '\n');
    } catch {
      // Timing is a diagnostic; the host carries on without it.
    }
  };
  const timed: Record<string, AnyHook> = {};
  for (const [name, fn] of Object.entries(hooks) as [string, AnyHook][]) {
    timed[name] = async (...args) => {
      const started = performance.now();
      // A deny is a throw (OpenCode shows its message): it is timed and passed on unchanged.
      try {
        await fn(...args);
      } finally {
        record(name === 'event' ? `event:${busEventType(args[0])}` : name, started);
      }
    };
  }
  return timed as OpenCodeHooks;
}

/** Bus events share one hook; each type is timed apart (most return at once). */
function busEventType(input: unknown): string {
  const event = (input as { event?: { type?: unknown } } | undefined)?.event;
  return typeof event?.type === 'string' ? event.type : 'unknown';
}
