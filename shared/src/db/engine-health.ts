import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataHome } from '../project/data-home.js';
import { errorMessage } from '../errors/error-message.js';

/**
 * A marker that the engine cannot open its store on this machine (no SQLite driver, no FTS5), written where the
 * store is opened (server, CLI, doctor, the hooks' memory events) and removed by the next open that works. The
 * pre-tool hook reads it instead of opening SQLite on its hot path: while it exists, hooks redirect nothing,
 * since every ctx_* tool they would send the model to would fail the same way. Best effort: a marker that
 * cannot be written or read changes nothing.
 */
function markerPath(env: NodeJS.ProcessEnv): string {
  return join(dataHome(env), 'run', 'store-broken.json');
}

/** Why the store could not be opened, when an engine error means none can: missing driver or FTS5. */
export function storeUnusableReason(err: unknown): string | undefined {
  const message = errorMessage(err);
  if (/no SQLite driver|no such module: fts5/i.test(message)) return message;
  return undefined;
}

export function noteStoreBroken(reason: string, env: NodeJS.ProcessEnv = process.env): void {
  try {
    const file = markerPath(env);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, JSON.stringify({ reason, node: process.version, at: new Date().toISOString() }) + '\n');
  } catch {
    // The marker only saves a wasted redirect; failing to write it must not hide the real error.
  }
}

export function noteStoreOpened(env: NodeJS.ProcessEnv = process.env): void {
  try {
    rmSync(markerPath(env), { force: true });
  } catch {
    // As above: best effort.
  }
}

/** The reason recorded by the last failed open, or undefined when the store last opened (or never failed). */
export function storeBrokenReason(env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    const parsed = JSON.parse(readFileSync(markerPath(env), 'utf8')) as { reason?: unknown };
    return typeof parsed.reason === 'string' ? parsed.reason : 'the store could not be opened';
  } catch {
    return undefined;
  }
}
