import { existsSync, statSync } from 'node:fs';
import { formatBytes } from '../budget/format-bytes.js';
import { openRaw, pickDriver, wrapDatabase } from './drivers.js';
import { errorMessage } from '../errors/error-message.js';

export interface StoreHealth {
  state: 'missing' | 'empty' | 'ok' | 'corrupt';
  /** One line for doctor. */
  detail: string;
}

/**
 * What state a store file is in, read without changing it: missing, a zero-length file (treated as a new,
 * empty store), healthy, or damaged (PRAGMA quick_check finds garbage in interior pages, which a successful
 * open does not reveal). A damaged file is moved aside by the next open or query that trips on it.
 */
export function storeHealth(path: string): StoreHealth {
  if (!existsSync(path)) return { state: 'missing', detail: 'not created yet' };
  const size = statSync(path).size;
  if (size === 0) return { state: 'empty', detail: 'zero-length file: it is treated as a new, empty store' };
  let verdict: string;
  try {
    const driver = pickDriver();
    const db = wrapDatabase(driver, path, openRaw(driver, path, 2000));
    try {
      verdict = db.quickCheck();
    } finally {
      db.close();
    }
  } catch (err) {
    verdict = errorMessage(err);
  }
  if (verdict === 'ok') return { state: 'ok', detail: `ok (${formatBytes(size)})` };
  return { state: 'corrupt', detail: `damaged: ${verdict.split('\n')[0]}` };
}
