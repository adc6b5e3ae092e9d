import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, reopenIfCorrupt } from '../db/open-database.js';
import { ensureProject, projectPaths } from '../project/project-identity.js';
import { MEMORY_MIGRATIONS } from './memory-schema.js';
import { SPOOL_DIR } from './memory-spool.js';
import { MemoryStore } from './memory-store.js';

/** Opens (creating) a project's memory store, with the post-tool spool moved in: the write path. */
export function openMemoryStore(projectRoot: string, env: NodeJS.ProcessEnv = process.env): MemoryStore {
  const paths = ensureProject(projectRoot, env);
  return openWithSpool(paths.memoryDb, paths.dir, env);
}

/** Opens a project's memory store only if the project has memory (read paths never create a project). */
export function openExistingMemoryStore(
  projectRoot: string,
  env: NodeJS.ProcessEnv = process.env,
): MemoryStore | undefined {
  const paths = projectPaths(projectRoot, env);
  if (!existsSync(paths.memoryDb) && !existsSync(join(paths.dir, SPOOL_DIR))) return undefined;
  return openWithSpool(paths.memoryDb, paths.dir, env);
}

/**
 * Opens the store and moves the spool in. When that trips on garbage in interior pages (confirmed by
 * quick_check), the file is moved aside and a fresh store used, so memory does not fail at every hook.
 */
function openWithSpool(path: string, dataDir: string, env: NodeJS.ProcessEnv): MemoryStore {
  const options = { migrations: MEMORY_MIGRATIONS };
  let store = new MemoryStore(openDatabase(path, options), env);
  try {
    store.ingestSpool(dataDir);
  } catch (err) {
    const fresh = reopenIfCorrupt(store.db, options, err);
    if (!fresh) {
      store.close();
      throw err;
    }
    store = new MemoryStore(fresh, env);
    store.ingestSpool(dataDir);
  }
  return store;
}
