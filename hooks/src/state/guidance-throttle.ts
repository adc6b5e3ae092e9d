import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataHome, makeDirs } from '@context-mode/shared/project/data-home';

/**
 * Nudges (guidance context) are shown once per session per kind, or every Nth call for periodic kinds.
 * Each hook is its own process, so the memory lives on disk: an O_EXCL marker file per kind under
 * `<dataHome>/run/guidance/<session>/` — the first process to create it wins the nudge.
 */
export interface GuidanceThrottle {
  /** True the first time `kind` is asked for in this session. */
  once(kind: string): boolean;
  /** True on calls 1, N+1, 2N+1, … of `kind` in this session. */
  every(kind: string, n: number): boolean;
}

function safeName(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120) || 'unknown';
}

export function guidanceThrottle(env: NodeJS.ProcessEnv, sessionId: string): GuidanceThrottle {
  let dir: string | undefined;
  const ensureDir = (): string => {
    if (!dir) {
      dir = join(dataHome(env), 'run', 'guidance', safeName(sessionId));
      makeDirs(dir);
    }
    return dir;
  };
  return {
    once(kind) {
      try {
        closeSync(openSync(join(ensureDir(), safeName(kind)), 'wx'));
        return true;
      } catch (err) {
        // EEXIST: someone already nudged. Any other error (read-only disk): stay quiet rather than repeat.
        void err;
        return false;
      }
    },
    every(kind, n) {
      try {
        const file = join(ensureDir(), `${safeName(kind)}.count`);
        let count = 0;
        try {
          count = Number.parseInt(readFileSync(file, 'utf8'), 10) || 0;
        } catch {
          // First call in this session.
        }
        writeFileSync(file, String(count + 1));
        return count % Math.max(1, n) === 0;
      } catch {
        return false;
      }
    },
  };
}
