import { existsSync } from 'node:fs';
import { deleteDatabaseFiles, isDiskFullError, openDatabase } from '../db/open-database.js';
import type { KnowledgeBase } from '../knowledge/types.js';
import { ledgerPathForDir } from '../ledger/ledger-db.js';
import { LEDGER_MIGRATIONS } from '../ledger/ledger-schema.js';
import { closeLedgerHandles } from '../ledger/record.js';
import { projectPaths, type ProjectPaths } from '../project/project-identity.js';
import type { PurgeResult, PurgeScope } from '../protocol/purge.js';
import { openExistingMemoryStore } from './open-memory-store.js';

export type { PurgeResult, PurgeScope };

export interface PurgeOptions {
  scope: PurgeScope;
  /** Sessions to purge (scope session): the memory session and, when different, the server's own id. */
  sessionIds?: string[];
  /** The project's knowledge base, when there is one (the server's open handle, or one opened by the CLI). */
  knowledge?: KnowledgeBase;
  env?: NodeJS.ProcessEnv;
}

/**
 * Removes a session's or a whole project's data. Session scope: its memory events, snapshots and knowledge
 * chunks; the ledger keeps its rows (savings history holds no content). Project scope: all memory, the whole
 * knowledge base and the project's ledger.
 */
function purgeProjectRows(
  projectRoot: string,
  dir: string,
  opts: PurgeOptions,
  env: NodeJS.ProcessEnv,
  result: PurgeResult,
): void {
  const memory = openExistingMemoryStore(projectRoot, env);
  try {
    if (memory) result.memoryEvents = memory.purgeAll();
  } finally {
    memory?.close();
  }
  if (opts.knowledge) {
    opts.knowledge.purgeAll();
    result.knowledgeChunks = 'all';
  }
  const ledger = ledgerPathForDir(dir);
  if (existsSync(ledger)) {
    closeLedgerHandles(dir);
    const db = openDatabase(ledger, { migrations: LEDGER_MIGRATIONS });
    try {
      result.ledgerRows = db.transaction(() => db.prepare('DELETE FROM ledger').run().changes);
    } finally {
      db.close();
    }
  }
}

/**
 * Emptied tables leave the file at its old size (SQLite keeps freed pages for reuse: a purged 131 MiB knowledge
 * base stayed 131 MiB). VACUUM through a connection of its own hands them back; the checkpoint moves the result
 * out of the WAL so the file itself shrinks. Safe with other connections open (SQLite's locks); when another
 * process holds the store busy, the space stays for reuse and the purge still succeeds.
 */
function reclaimSpace(path: string): void {
  if (!existsSync(path)) return;
  let db: ReturnType<typeof openDatabase> | undefined;
  try {
    db = openDatabase(path, { busyTimeoutMs: 2000 });
    if (db.readOnly) return;
    db.exec('VACUUM');
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } catch {
    // Busy or unwritable: the freed pages are reused by later writes.
  } finally {
    db?.close();
  }
}

/** The full-disk purge: every store file of the project deleted (the server's knowledge base reopened empty). */
function purgeProjectFiles(paths: ProjectPaths, opts: PurgeOptions, result: PurgeResult): void {
  closeLedgerHandles(paths.dir);
  deleteDatabaseFiles(paths.memoryDb);
  deleteDatabaseFiles(ledgerPathForDir(paths.dir));
  if (opts.knowledge?.resetFile) opts.knowledge.resetFile();
  else deleteDatabaseFiles(paths.knowledgeDb);
  result.knowledgeChunks = 'all';
  result.byDeletingFiles = true;
}

export function purgeProjectData(projectRoot: string, opts: PurgeOptions): PurgeResult {
  const env = opts.env ?? process.env;
  const result: PurgeResult = { scope: opts.scope, memoryEvents: 0, knowledgeChunks: 0, ledgerRows: 0 };
  const paths = projectPaths(projectRoot, env);
  const dir = paths.dir;
  if (opts.scope === 'project') {
    try {
      purgeProjectRows(projectRoot, dir, opts, env, result);
      reclaimSpace(paths.knowledgeDb);
      reclaimSpace(paths.memoryDb);
    } catch (err) {
      // Deleting rows needs journal space; on a full disk the purge that should free space would fail.
      // Deleting the files needs none.
      if (!isDiskFullError(err)) throw err;
      purgeProjectFiles(paths, opts, result);
    }
    return result;
  }
  const memory = openExistingMemoryStore(projectRoot, env);
  try {
    const ids = [...new Set((opts.sessionIds ?? []).filter(Boolean))];
    if (ids[0]) result.sessionId = ids[0];
    for (const id of ids) {
      if (memory) result.memoryEvents += memory.purgeSession(id);
      if (opts.knowledge) result.knowledgeChunks = (result.knowledgeChunks as number) + opts.knowledge.purgeSession(id);
    }
  } finally {
    memory?.close();
  }
  return result;
}
