import { appendFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { dataHome, makeDirs } from '@context-mode/shared/project/data-home';

/** The log rotates once it passes this size; one previous file (`.1`) is kept. */
const LOG_ROTATE_BYTES = 1024 * 1024;

/** `<dataHome>/logs/hook-errors.log`, or undefined when the data home itself is unusable. */
function hookLogPath(env: NodeJS.ProcessEnv): string | undefined {
  try {
    return join(dataHome(env), 'logs', 'hook-errors.log');
  } catch {
    return undefined;
  }
}

/**
 * Appends one line `[ISO] pid=N host/event message` to the hook error log. It never throws: a read-only or
 * full disk must not turn a logged problem into a failed hook.
 */
export function appendHookLog(env: NodeJS.ProcessEnv, message: string, now: Date = new Date()): void {
  const path = hookLogPath(env);
  if (!path) return;
  try {
    makeDirs(join(path, '..'));
    try {
      if (statSync(path).size > LOG_ROTATE_BYTES) renameSync(path, `${path}.1`);
    } catch {
      // No log yet, or rotation raced with another hook process: append to whatever is there.
    }
    const line = `[${now.toISOString()}] pid=${process.pid} ${message.replace(/\r?\n/g, '\n    ')}\n`;
    appendFileSync(path, line.length > 16_384 ? `${line.slice(0, 16_384)}…\n` : line);
  } catch {
    // Unwritable log: nothing else can be done without touching stdout, which belongs to the host.
  }
}
