import { accessSync, constants, copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Database } from './types.js';
import { errorMessage } from '../errors/error-message.js';

const CANNOT_WRITE = /SQLITE_(CANTOPEN|READONLY)|unable to open database file|readonly database|EROFS|EACCES|EPERM/i;

/**
 * True when an open failed only because the store's directory cannot be written (a read-only mount, a data
 * dir owned by someone else): the data is there and can still be read.
 */
export function failedForReadOnlyDir(path: string, err: unknown): boolean {
  if (path === ':memory:' || !existsSync(path)) return false;
  const text = `${(err as { code?: string })?.code ?? ''} ${errorMessage(err)}`;
  if (!CANNOT_WRITE.test(text)) return false;
  try {
    accessSync(dirname(path), constants.W_OK);
    accessSync(path, constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

/**
 * A WAL store cannot be opened in place when its directory is read-only (SQLite must create the -shm file),
 * so it is read from a private copy in the temp dir, with writes refused (`query_only`) and a message that
 * says why. The copy is removed when the handle closes.
 */
export function openReadOnlyCopy<T extends Database>(
  path: string,
  open: (copy: string) => T,
): T & { readOnly: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cm-readonly-'));
  const copy = join(dir, basename(path));
  try {
    copyFileSync(path, copy);
    if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, `${copy}-wal`);
    const db = open(copy);
    db.exec('PRAGMA query_only = ON');
    const reason = `the data directory ${dirname(path)} is read-only: reading works, changes cannot be saved`;
    const transaction = db.transaction.bind(db);
    const close = db.close.bind(db);
    return Object.assign(db, {
      readOnly: reason,
      transaction: <R>(fn: () => R): R => {
        try {
          return transaction(fn);
        } catch (err) {
          throw /readonly|query_only/i.test(String(err)) ? new Error(reason) : err;
        }
      },
      close: () => {
        try {
          close();
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
