/**
 * A fingerprint of what a project's stores hold, cheap enough to take on every file event. The engine's own
 * refresh opens the databases, and SQLite creates and deletes `-wal`/`-shm` files even for a reader: without
 * this, each refresh would trigger the next one forever. A reader leaves the databases' size and time and a
 * non-empty WAL alone; a writer changes one of them, and a hook's spool entry adds a `.json` file.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SPOOL_DIR } from './project-watch.js';

export interface SignatureFs {
  /** Size and modification time, or undefined when the file does not exist. */
  stat(path: string): { size: number; mtimeMs: number } | undefined;
  /** The folder's entries, or [] when it does not exist. */
  list(dir: string): string[];
}

export const nodeSignatureFs: SignatureFs = {
  stat: (path) => statSync(path, { throwIfNoEntry: false }),
  list: (dir) => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  },
};

const STORES = ['ledger.db', 'memory.db', 'knowledge.db'];

export function storeSignature(dir: string, fs: SignatureFs): string {
  const parts: string[] = [];
  for (const name of STORES) {
    const db = fs.stat(join(dir, name));
    const wal = fs.stat(join(dir, `${name}-wal`));
    parts.push(
      `${name}:${db ? `${db.size}@${db.mtimeMs}` : '-'}:${wal && wal.size > 0 ? `${wal.size}@${wal.mtimeMs}` : '-'}`,
    );
  }
  // Pending entries only: half-written (.tmp) and claimed ones are on their way in or out.
  const pending = fs
    .list(join(dir, SPOOL_DIR))
    .filter((n) => n.endsWith('.json'))
    .sort();
  parts.push(`spool:${pending.join(',')}`);
  return parts.join('|');
}
