/** Values SQLite can bind. Booleans are not bindable on every driver: pass 0/1. */
type SqlValue = string | number | bigint | null | Uint8Array;
export type SqlParams = SqlValue[] | [Record<string, SqlValue>];
export type Row = Record<string, unknown>;

export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

/** A prepared statement. Named parameters are passed as one object: `stmt.get({ id: 1 })` for `:id`. */
export interface Statement {
  run(...params: SqlParams): RunResult;
  get<T = Row>(...params: SqlParams): T | undefined;
  all<T = Row>(...params: SqlParams): T[];
}

export type DriverName = 'node:sqlite' | 'better-sqlite3' | 'bun:sqlite';

/**
 * One small interface over the SQLite drivers. Every store in the engine talks to this and nothing else,
 * so the whole store test suite runs unchanged on `node:sqlite` (Node >= 22.5), `better-sqlite3@12` and, in
 * Bun (OpenCode's plugin host), `bun:sqlite`.
 */
export interface Database {
  readonly driver: DriverName;
  readonly path: string;
  exec(sql: string): void;
  prepare(sql: string): Statement;
  /**
   * Runs `fn` in a write transaction (BEGIN IMMEDIATE, so concurrent writers queue on busy_timeout instead of
   * failing on a lock upgrade). Nested calls become savepoints. Throws whatever `fn` throws, after rollback.
   */
  transaction<T>(fn: () => T): T;
  /** `PRAGMA integrity_check` → 'ok' or the first problems found. */
  integrityCheck(): string;
  /** `PRAGMA quick_check` (page-level damage, faster than integrity_check) → 'ok' or the first problems. */
  quickCheck(): string;
  close(): void;
  readonly open: boolean;
}
