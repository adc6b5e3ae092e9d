import {
  deleteDatabaseFiles,
  openDatabase,
  reopenIfCorrupt,
  type OpenedDatabase,
  type OpenOptions,
} from '../db/open-database.js';
import type { DriverName } from '../db/types.js';
import { CHUNK_CAP_BYTES } from './chunkers/chunk.js';
import { indexSource, indexSourceInSlices, type IndexContext } from './index-source.js';
import { staleSourceRefresher } from './refresh-stale-sources.js';
import { searchKnowledge } from './rank-search.js';
import { KNOWLEDGE_MIGRATIONS } from './schema.js';
import {
  listSourceInfos,
  removeAllSources,
  removeSessionSources,
  removeSource,
  sourceInfo,
  sourceRow,
  sourceStats,
  sweepAbandonedPending,
} from './source-table.js';
import { TypoCorrector } from './typo-fallback.js';
import type { IndexInput, KnowledgeBase, SearchHit, SearchOptions, SearchReport } from './types.js';

export interface OpenKnowledgeBaseOptions {
  /** Path of knowledge.db, or ':memory:'. */
  path: string;
  /** Force a SQLite driver (tests); default: CONTEXT_MODE_SQLITE_DRIVER or the built-in one when present. */
  driver?: DriverName;
  /** Chunk cap in UTF-8 bytes (default 4,096). */
  chunkCapBytes?: number;
  /** Clock, for tests. */
  now?: () => Date;
}

/** Mutable state shared with the search and index modules. */
export interface KnowledgeInternals {
  db: OpenedDatabase;
  typos: TypoCorrector;
  /** Bumped on every write so caches keyed on store contents invalidate. */
  generation: number;
}

/**
 * Opens (creating and migrating) a project's knowledge base. A corrupt file is moved aside by openDatabase and
 * reported through `recovered`. Every write is one transaction: a re-indexed source is replaced atomically,
 * so a concurrent reader sees the old version or the new one, never a mix.
 */
export function openKnowledgeBase(
  options: OpenKnowledgeBaseOptions,
): KnowledgeBase & Required<Pick<KnowledgeBase, 'searchWithReport' | 'indexAsync'>> {
  const openOptions: OpenOptions = {
    migrations: KNOWLEDGE_MIGRATIONS,
    ...(options.driver ? { driver: options.driver } : {}),
  };
  let db = openDatabase(options.path, openOptions);
  const cap = options.chunkCapBytes ?? CHUNK_CAP_BYTES;
  const now = options.now ?? (() => new Date());
  const state: KnowledgeInternals = { db, typos: new TypoCorrector(db), generation: 0 };

  /** Puts a fresh store in place of the current one (after page-level corruption, or a purge by deletion). */
  const swap = (next: OpenedDatabase) => {
    db = next;
    state.db = next;
    state.typos = new TypoCorrector(next);
    state.generation++;
  };

  /**
   * Runs `fn`; when it fails on a damaged file (confirmed by quick_check), the file is moved aside, a fresh
   * store takes its place and `fn` runs once more on it, so the store does not fail "malformed" forever.
   */
  const guarded = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (err) {
      const fresh = reopenIfCorrupt(db, openOptions, err);
      if (!fresh) throw err;
      swap(fresh);
      return fn();
    }
  };

  const ctx: IndexContext = { state, cap, now };
  const index = (input: IndexInput, fileState?: { mtimeMs: number }) => indexSource(ctx, input, fileState);
  const indexAsync = (input: IndexInput) => indexSourceInSlices(ctx, input);

  // A pending source older than an hour was abandoned by a process that died mid-index.
  if (!db.readOnly) sweepAbandonedPending(db, now());

  const refreshStale = staleSourceRefresher((input, fileState) => index(input, fileState));

  let dataVersion = -1;
  const searchWithReport = (query: string, opts: SearchOptions = {}): SearchReport => {
    // Another process (the CLI, a hook, a second server) may have written since our last look: caches keyed on
    // the store's contents (document frequencies, typo corrections) must not outlive that.
    const dv = Number(db.prepare('PRAGMA data_version').get<{ data_version: number }>()?.data_version ?? 0);
    if (dv !== dataVersion) {
      if (dataVersion !== -1) state.generation++;
      dataVersion = dv;
    }
    const { refreshed, notRefreshed } = refreshStale(db);
    const report = searchKnowledge(state, query, opts);
    return { ...report, refreshed, ...(notRefreshed.length ? { notRefreshed } : {}) };
  };

  const kb = {
    get recovered() {
      return db.recovered;
    },
    index: (input: IndexInput) => guarded(() => index(input)),
    indexAsync: async (input: IndexInput) => {
      try {
        return await indexAsync(input);
      } catch (err) {
        const fresh = reopenIfCorrupt(db, openOptions, err);
        if (!fresh) throw err;
        swap(fresh);
        return indexAsync(input);
      }
    },
    /**
     * Empties the store by deleting its file and starting a fresh one: works on a full disk, where deleting
     * rows cannot (it needs journal space).
     */
    resetFile: () => {
      const path = db.path;
      if (path === ':memory:') return;
      db.close();
      deleteDatabaseFiles(path);
      swap(openDatabase(path, openOptions));
    },
    search: (query: string, opts?: SearchOptions): SearchHit[] => guarded(() => searchWithReport(query, opts)).hits,
    searchWithReport: (query: string, opts?: SearchOptions) => guarded(() => searchWithReport(query, opts)),
    getSource: (label: string) => sourceInfo(db, label),
    listSources: () => guarded(() => listSourceInfos(db)),
    deleteSource: (label: string) => {
      const r = sourceRow(db, label);
      if (!r) return false;
      db.transaction(() => removeSource(db, r.id));
      state.generation++;
      return true;
    },
    purgeSession: (sessionId: string) => {
      const removed = removeSessionSources(db, sessionId);
      state.generation++;
      return removed;
    },
    purgeAll: () => {
      removeAllSources(db);
      state.generation++;
    },
    stats: () => sourceStats(db),
    close: () => {
      // No FTS 'optimize' here: on a large store it rewrites the whole index; FTS5's automerge keeps it healthy.
      if (db.open) db.close();
    },
  };
  return kb;
}
