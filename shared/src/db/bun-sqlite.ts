import { createRequire } from 'node:module';
import type { RawDb, RawStatement } from './drivers.js';

const require = createRequire(import.meta.url);

/** True inside Bun (OpenCode runs its plugins there), where neither node:sqlite nor better-sqlite3 loads. */
export function runningOnBun(): boolean {
  return typeof process.versions.bun === 'string';
}

interface BunStatement {
  run(...p: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...p: unknown[]): unknown;
  all(...p: unknown[]): unknown[];
}
interface BunDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): BunStatement;
  close(): void;
}
type BunDatabaseClass = new (
  path: string,
  options?: { strict?: boolean; create?: boolean; readwrite?: boolean },
) => BunDatabase;

/**
 * Opens a store with Bun's built-in SQLite, shaped like the other two drivers: `strict` so `{ id: 1 }` binds
 * `:id` (without it Bun binds only `{ ':id': 1 }` and silently stores NULL), `get` answers undefined for no
 * row (Bun says null), and the busy timeout is a pragma because Bun's constructor has no option for it.
 */
export function openBunSqlite(path: string, busyTimeoutMs: number): RawDb {
  let Database: BunDatabaseClass;
  try {
    // Resolved at run time only (a literal import would make Node and esbuild look for a module that is not there).
    ({ Database } = require('bun:sqlite') as { Database: BunDatabaseClass });
  } catch {
    throw new Error(`the bun:sqlite driver needs Bun; this is Node ${process.version}`);
  }
  const raw = new Database(path, { strict: true, create: true, readwrite: true });
  try {
    raw.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  } catch (err) {
    raw.close();
    throw err;
  }
  return {
    exec: (sql) => raw.exec(sql),
    prepare: (sql) => wrapBunStatement(raw.prepare(sql)),
    close: () => raw.close(),
  };
}

function wrapBunStatement(st: BunStatement): RawStatement {
  return {
    run: (...p) => st.run(...p),
    get: (...p) => st.get(...p) ?? undefined,
    all: (...p) => st.all(...p),
  };
}
