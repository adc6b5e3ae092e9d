import { existsSync, renameSync, rmSync } from 'node:fs';
import { makeDirs } from '../project/data-home.js';
import { dirname } from 'node:path';
import { openRaw, pickDriver, wrapDatabase } from './drivers.js';
import { noteStoreBroken, noteStoreOpened, storeUnusableReason } from './engine-health.js';
import { failedForReadOnlyDir, openReadOnlyCopy } from './read-only-copy.js';
import type { Database, DriverName } from './types.js';
import { errorMessage } from '../errors/error-message.js';

export interface OpenOptions {
  /** Ordered schema migrations; migration i brings `user_version` from i to i + 1. Never edit a shipped one. */
  migrations?: readonly string[];
  driver?: DriverName;
  busyTimeoutMs?: number;
  /** Called when a corrupt file was moved aside, so the caller can tell the user. */
  onRecovered?: (info: { movedTo: string; reason: string }) => void;
}

export interface OpenedDatabase extends Database {
  /** Set when a corrupt file was found and moved aside; a fresh store was created. */
  readonly recovered?: { movedTo: string; reason: string };
  /** Set when the store's directory is read-only: it is read from a copy and writes fail with this reason. */
  readonly readOnly?: string;
}

const CORRUPT = /SQLITE_(CORRUPT|NOTADB)|file is not a database|database disk image is malformed/i;
const DISK_FULL = /SQLITE_FULL|database or disk is full|ENOSPC|no space left/i;

function errorText(err: unknown): string {
  return `${(err as { code?: string })?.code ?? ''} ${errorMessage(err)}`;
}

/** True for the errors a damaged file produces (a bad header or garbage in interior pages). */
function isCorruptionError(err: unknown): boolean {
  return CORRUPT.test(errorText(err));
}

/** True for "database or disk is full" and the file system's ENOSPC. */
export function isDiskFullError(err: unknown): boolean {
  return DISK_FULL.test(errorText(err));
}

/** Renames a damaged file (and its -wal/-shm) to `<file>.corrupt-<time>`; returns the new name. Never deletes. */
export function moveAside(path: string): string {
  const movedTo = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(path, movedTo);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, movedTo + suffix);
  }
  return movedTo;
}

/** Deletes a database file with its -wal/-shm (purge on a full disk: nothing needs to be written to do it). */
export function deleteDatabaseFiles(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
}

function configure(db: Database, migrations: readonly string[]): void {
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  // Reading the schema is what surfaces a corrupt or foreign file; do it before any migration.
  db.prepare('SELECT count(*) AS n FROM sqlite_master').get();
  const current = Number(db.prepare('PRAGMA user_version').get<{ user_version: number }>()?.user_version ?? 0);
  for (let v = current; v < migrations.length; v++) {
    db.transaction(() => {
      // A concurrent process may have migrated while we waited for the write lock.
      const now = Number(db.prepare('PRAGMA user_version').get<{ user_version: number }>()?.user_version ?? 0);
      if (now > v) return;
      db.exec(migrations[v]!);
      db.exec(`PRAGMA user_version = ${v + 1}`);
    });
  }
}

/**
 * Opens (creating if needed) an SQLite file with WAL, a busy timeout and migrations applied.
 * A corrupt file is never deleted: it is renamed `<file>.corrupt-<timestamp>` (with its -wal/-shm) and a fresh
 * store is created, so nothing the user had is lost and the reason is reported through `recovered`.
 */
export function openDatabase(path: string, options: OpenOptions = {}): OpenedDatabase {
  try {
    const db = openDatabaseOnce(path, options);
    if (path !== ':memory:') noteStoreOpened();
    return db;
  } catch (err) {
    const unusable = storeUnusableReason(err);
    if (unusable !== undefined) noteStoreBroken(unusable);
    throw err;
  }
}

function openDatabaseOnce(path: string, options: OpenOptions): OpenedDatabase {
  const driver = options.driver ?? pickDriver();
  const busy = options.busyTimeoutMs ?? 10_000;
  const migrations = options.migrations ?? [];
  if (path !== ':memory:' && !existsSync(dirname(path))) makeDirs(dirname(path));
  let db: Database;
  try {
    db = wrapDatabase(driver, path, openRaw(driver, path, busy));
  } catch (err) {
    if (failedForReadOnlyDir(path, err)) return openReadOnlyCopy(path, (copy) => openDatabase(copy, options));
    throw err;
  }
  try {
    configure(db, migrations);
    return db;
  } catch (err) {
    const reason = errorMessage(err);
    if (failedForReadOnlyDir(path, err)) {
      db.close();
      return openReadOnlyCopy(path, (copy) => openDatabase(copy, options));
    }
    if (path === ':memory:' || !isCorruptionError(err)) {
      db.close();
      throw err;
    }
    try {
      db.close();
    } catch {
      // Closing a handle on a corrupt file may itself fail; the rename below is what matters.
    }
    const movedTo = moveAside(path);
    db = wrapDatabase(driver, path, openRaw(driver, path, busy));
    configure(db, migrations);
    const recovered = { movedTo, reason };
    options.onRecovered?.(recovered);
    return Object.assign(db, { recovered });
  }
}

/**
 * A store found damaged while in use (garbage in interior pages only shows when a query reads them): when
 * `PRAGMA quick_check` confirms it, the file is moved aside and a fresh store opened in its place, as at open.
 * Returns undefined when the check passes (the error was something else).
 */
export function reopenIfCorrupt(db: Database, options: OpenOptions, cause: unknown): OpenedDatabase | undefined {
  if (db.path === ':memory:' || !isCorruptionError(cause)) return undefined;
  let verdict: string;
  try {
    verdict = db.quickCheck();
  } catch (err) {
    verdict = errorMessage(err);
  }
  if (verdict === 'ok') return undefined;
  try {
    db.close();
  } catch {
    // The rename is what matters.
  }
  const movedTo = moveAside(db.path);
  const reason = `${errorMessage(cause)} (quick_check: ${verdict.split('\n')[0]})`;
  const fresh = openDatabase(db.path, options);
  const recovered = { movedTo, reason };
  options.onRecovered?.(recovered);
  return Object.assign(fresh, { recovered });
}
