import { join } from 'node:path';
import { openDatabase } from '../db/open-database.js';
import type { Database } from '../db/types.js';
import { ensureProject } from '../project/project-identity.js';
import { LEDGER_MIGRATIONS } from './ledger-schema.js';

/** Path of a project's ledger file, from the project's data dir. */
export function ledgerPathForDir(projectDataDir: string): string {
  return join(projectDataDir, 'ledger.db');
}

/** Opens (creating) the ledger of a project root: the write path. */
export function openLedgerForRoot(projectRoot: string, env: NodeJS.ProcessEnv = process.env): Database {
  const paths = ensureProject(projectRoot, env);
  return openDatabase(ledgerPathForDir(paths.dir), { migrations: LEDGER_MIGRATIONS });
}

/** Opens an existing ledger file for reading (stats); migrations only run if the file is older than us. */
export function openLedgerFile(path: string): Database {
  return openDatabase(path, { migrations: LEDGER_MIGRATIONS });
}
