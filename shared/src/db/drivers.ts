import { createRequire } from 'node:module';
import { openBunSqlite, runningOnBun } from './bun-sqlite.js';
import type { Database, DriverName, RunResult, Row, SqlParams, Statement } from './types.js';
import { readSetting } from '../settings/settings.js';

const require = createRequire(import.meta.url);

/**
 * `require('node:sqlite')` without Node's one-time "SQLite is an experimental feature" warning: on the Node 22 we
 * recommend it would open every `ctxmode` command's and hook's stderr with a line the user can do nothing about.
 * Only that warning is dropped; any other goes through.
 */
function requireNodeSqlite(): unknown {
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (/SQLite is an experimental feature/.test(String(warning))) return;
    (emit as (w: string | Error, ...r: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return require('node:sqlite');
  } finally {
    process.emitWarning = emit;
  }
}

/** node:sqlite exists from Node 22.5 (unflagged from 22.13); earlier Nodes fall back to better-sqlite3. */
export function nodeSqliteAvailable(): boolean {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 5)) return false;
  try {
    requireNodeSqlite();
    return true;
  } catch {
    return false;
  }
}

/**
 * Which driver to use. Inside Bun (OpenCode's plugin host) always Bun's own, the only one that loads there,
 * whatever the environment says. Elsewhere `CONTEXT_MODE_SQLITE_DRIVER` forces one (tests, doctor); otherwise
 * the built-in one when present.
 */
export function pickDriver(env: NodeJS.ProcessEnv = process.env): DriverName {
  if (runningOnBun()) return 'bun:sqlite';
  const forced = readSetting('sqliteDriver', env);
  if (forced) return forced;
  return nodeSqliteAvailable() ? 'node:sqlite' : 'better-sqlite3';
}

export interface RawStatement {
  run(...p: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...p: unknown[]): unknown;
  all(...p: unknown[]): unknown[];
}
export interface RawDb {
  exec(sql: string): unknown;
  prepare(sql: string): RawStatement;
  close(): void;
}

function wrapStatement(raw: RawStatement, plainRows: boolean): Statement {
  // node:sqlite returns null-prototype rows; callers (and deepEqual in tests) expect plain objects.
  const plain = (row: unknown) => (plainRows && row ? { ...(row as object) } : row);
  return {
    run: (...params: SqlParams): RunResult => {
      const r = raw.run(...params);
      return { changes: Number(r.changes), lastInsertRowid: r.lastInsertRowid };
    },
    get: <T = Row>(...params: SqlParams) => plain(raw.get(...params)) as T | undefined,
    all: <T = Row>(...params: SqlParams) => (plainRows ? raw.all(...params).map(plain) : raw.all(...params)) as T[],
  };
}

export function openRaw(driver: DriverName, path: string, busyTimeoutMs: number): RawDb {
  if (driver === 'bun:sqlite') return openBunSqlite(path, busyTimeoutMs);
  if (driver === 'node:sqlite') {
    // Loaded lazily so Node 20 never touches it.
    const { DatabaseSync } = requireNodeSqlite() as {
      DatabaseSync: new (p: string, o?: Record<string, unknown>) => RawDb;
    };
    return new DatabaseSync(path, { timeout: busyTimeoutMs });
  }
  return new (loadBetterSqlite())(path, { timeout: busyTimeoutMs });
}

/** Thrown when this Node has no built-in SQLite and the optional native driver is not installed. */
export class NoSqliteDriverError extends Error {
  readonly hint =
    'Run context-mode with Node 22.13 or newer (built-in node:sqlite), or install the optional driver where ctxmode is installed: npm install better-sqlite3';
}

function loadBetterSqlite(): new (p: string, o?: Record<string, unknown>) => RawDb {
  try {
    return require('better-sqlite3') as new (p: string, o?: Record<string, unknown>) => RawDb;
  } catch (err) {
    // better-sqlite3 is an optional dependency of the package: Nodes with node:sqlite never need it compiled.
    if ((err as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw err;
    throw new NoSqliteDriverError(
      `no SQLite driver: Node ${process.version} has no node:sqlite and better-sqlite3 is not installed`,
    );
  }
}

function checkPragma(raw: RawDb, pragma: 'integrity_check' | 'quick_check'): string {
  const rows = raw.prepare(`PRAGMA ${pragma}`).all() as Array<Record<string, string>>;
  const lines = rows.map((r) => Object.values(r)[0] ?? '');
  return lines.length === 1 && lines[0] === 'ok' ? 'ok' : lines.slice(0, 10).join('\n');
}

export function wrapDatabase(driver: DriverName, path: string, raw: RawDb): Database {
  let depth = 0;
  let isOpen = true;
  const cache = new Map<string, Statement>();
  const db: Database = {
    driver,
    path,
    get open() {
      return isOpen;
    },
    exec: (sql) => {
      raw.exec(sql);
    },
    prepare: (sql) => {
      let st = cache.get(sql);
      if (!st) {
        st = wrapStatement(raw.prepare(sql), driver === 'node:sqlite');
        cache.set(sql, st);
      }
      return st;
    },
    transaction: <T>(fn: () => T): T => {
      // The depth is restored from this frame's own level whatever fails (fn, COMMIT, RELEASE): decrementing
      // on each path once broke every later write after a failed COMMIT (a savepoint named `sp_-1`).
      const level = depth;
      const savepoint = `sp_${level}`;
      raw.exec(level === 0 ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${savepoint}`);
      depth = level + 1;
      try {
        const out = fn();
        raw.exec(level === 0 ? 'COMMIT' : `RELEASE ${savepoint}`);
        return out;
      } catch (err) {
        try {
          // After a failed COMMIT SQLite may already have rolled back (disk full); then this throws harmlessly.
          raw.exec(level === 0 ? 'ROLLBACK' : `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
        } catch {
          // The original error is the one worth reporting.
        }
        throw err;
      } finally {
        depth = level;
      }
    },
    integrityCheck: () => checkPragma(raw, 'integrity_check'),
    quickCheck: () => checkPragma(raw, 'quick_check'),
    close: () => {
      if (!isOpen) return;
      isOpen = false;
      cache.clear();
      try {
        raw.exec('PRAGMA optimize');
      } catch {
        // A read-only or busy database can still be closed.
      }
      raw.close();
    },
  };
  return db;
}
