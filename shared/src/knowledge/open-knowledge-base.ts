import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import {
  deleteDatabaseFiles,
  openDatabase,
  reopenIfCorrupt,
  type OpenedDatabase,
  type OpenOptions,
} from '../db/open-database.js';
import type { DriverName } from '../db/types.js';
import { CHUNK_CAP_BYTES, utf8Length } from './chunkers/chunk.js';
import { existingOutput } from './duplicate-output.js';
import { contentHash } from './content-hash.js';
import { PENDING_KIND } from './pending-source.js';
import { staleSourceRefresher } from './refresh-stale-sources.js';
import { prepareContent, prepareContentInSlices, type PreparedChunk, type PreparedContent } from './prepare-index.js';
import { searchKnowledge } from './rank-search.js';
import { KNOWLEDGE_MIGRATIONS } from './schema.js';
import { TypoCorrector } from './typo-fallback.js';
import type {
  IndexInput,
  IndexResult,
  KnowledgeBase,
  SearchHit,
  SearchOptions,
  SearchReport,
  SourceInfo,
} from './types.js';

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

interface SourceRow {
  id: number;
  label: string;
  kind: string;
  format: string;
  language: string | null;
  file_path: string | null;
  content_hash: string | null;
  mtime_ms: number | null;
  session_id: string | null;
  meta: string | null;
  chunk_count: number;
  code_chunk_count: number;
  bytes: number;
  indexed_at: string;
}

function toInfo(r: SourceRow): SourceInfo {
  const info: SourceInfo = {
    id: r.id,
    source: r.label,
    kind: r.kind,
    chunks: r.chunk_count,
    codeChunks: r.code_chunk_count,
    bytes: r.bytes,
    indexedAt: r.indexed_at,
  };
  if (r.file_path) info.filePath = r.file_path;
  if (r.session_id) info.sessionId = r.session_id;
  if (r.meta) {
    try {
      info.meta = JSON.parse(r.meta) as Record<string, unknown>;
    } catch {
      // A damaged meta blob must not hide the source itself.
    }
  }
  return info;
}

/** Mutable state shared with the search module. */
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

  const getRow = (label: string) => db.prepare('SELECT * FROM sources WHERE label = ?').get<SourceRow>(label);

  const removeSource = (id: number) => {
    db.prepare('DELETE FROM chunks_fts WHERE rowid IN (SELECT id FROM chunks WHERE source_id = ?)').run(id);
    db.prepare('DELETE FROM chunks_tri WHERE rowid IN (SELECT id FROM chunks WHERE source_id = ?)').run(id);
    db.prepare('DELETE FROM chunks WHERE source_id = ?').run(id);
    db.prepare('DELETE FROM sources WHERE id = ?').run(id);
  };

  const insertSource = (
    input: IndexInput,
    label: string,
    kind: string,
    prepared: PreparedContent,
    hash: string,
    mtime: number | null,
  ) => {
    const codeChunks = prepared.chunks.filter((c) => c.contentType === 'code').length;
    const ins = db
      .prepare(
        `INSERT INTO sources (label, kind, format, language, file_path, content_hash, mtime_ms, session_id, meta,
           chunk_count, code_chunk_count, bytes, indexed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        label,
        kind,
        input.format,
        input.language ?? null,
        kind === PENDING_KIND ? null : (input.filePath ?? null),
        hash,
        mtime,
        input.sessionId ?? null,
        input.meta ? JSON.stringify(input.meta) : null,
        prepared.chunks.length,
        codeChunks,
        utf8Length(prepared.text),
        now().toISOString(),
      );
    return Number(ins.lastInsertRowid);
  };

  const insertChunks = (sourceId: number, chunks: PreparedChunk[], firstOrd: number) => {
    const insChunk = db.prepare(
      'INSERT INTO chunks (source_id, ord, title, content, content_type) VALUES (?, ?, ?, ?, ?)',
    );
    const insFts = db.prepare('INSERT INTO chunks_fts (rowid, title, body) VALUES (?, ?, ?)');
    const insTri = db.prepare('INSERT INTO chunks_tri (rowid, title, body) VALUES (?, ?, ?)');
    chunks.forEach((c, i) => {
      const id = Number(insChunk.run(sourceId, firstOrd + i, c.title, c.content, c.contentType).lastInsertRowid);
      insFts.run(id, c.ftsTitle, c.ftsBody);
      insTri.run(id, c.title, c.content);
    });
  };

  const insertWords = (words: Set<string>) => {
    const insWord = db.prepare('INSERT OR IGNORE INTO vocabulary (word) VALUES (?)');
    for (const w of words) insWord.run(w);
  };

  const fileMtime = (input: IndexInput, fileState?: { mtimeMs: number }): number | null => {
    if (fileState) return fileState.mtimeMs;
    if (!input.filePath) return null;
    try {
      return statSync(input.filePath).mtimeMs;
    } catch {
      return null;
    }
  };

  const resultOf = (
    input: IndexInput,
    sourceId: number,
    prepared: PreparedContent,
    replaced: boolean,
  ): IndexResult => ({
    source: input.source,
    sourceId,
    chunks: prepared.chunks.length,
    codeChunks: prepared.chunks.filter((c) => c.contentType === 'code').length,
    bytes: utf8Length(prepared.text),
    replaced,
    redactions: prepared.redactions,
  });

  const checkInput = (input: IndexInput) => {
    if (!input.source || !input.source.trim()) throw new Error('index: a source label is required');
  };

  const index = (input: IndexInput, fileState?: { mtimeMs: number }): IndexResult => {
    checkInput(input);
    const hash = contentHash(input.content ?? '');
    const same = getRow(input.source) ? undefined : existingOutput(db, input, hash);
    if (same) return same;
    const prepared = prepareContent(input.content ?? '', input.format, cap);
    const mtime = fileMtime(input, fileState);
    const result = db.transaction(() => {
      const old = getRow(input.source);
      if (old) removeSource(old.id);
      const sourceId = insertSource(
        input,
        input.source,
        input.kind ?? (input.filePath ? 'file' : 'manual'),
        prepared,
        hash,
        mtime,
      );
      insertChunks(sourceId, prepared.chunks, 0);
      insertWords(prepared.words);
      return resultOf(input, sourceId, prepared, old !== undefined);
    });
    state.generation++;
    return result;
  };

  /**
   * The same outcome as `index`, without holding the event loop: the text is prepared in slices, the chunks are
   * written in short transactions under a hidden pending source (search never returns pending chunks), and one
   * last transaction swaps it in for the old version, so readers still see the old version or the new one.
   */
  const indexAsync = async (input: IndexInput, sliceMs = 15): Promise<IndexResult> => {
    checkInput(input);
    const same = getRow(input.source) ? undefined : existingOutput(db, input, contentHash(input.content ?? ''));
    if (same) return same;
    const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
    const prepared = await prepareContentInSlices(input.content ?? '', input.format, cap, pause, sliceMs);
    const hash = contentHash(input.content ?? '');
    const mtime = fileMtime(input);
    const pendingLabel = `${input.source} (pending ${process.pid}:${randomUUID()})`;
    const pendingId = db.transaction(() => insertSource(input, pendingLabel, PENDING_KIND, prepared, hash, mtime));
    try {
      let at = 0;
      while (at < prepared.chunks.length) {
        const sliceStart = performance.now();
        db.transaction(() => {
          // A handful of chunks per transaction, as many as fit in the time slice.
          do {
            const batch = prepared.chunks.slice(at, at + 8);
            insertChunks(pendingId, batch, at);
            at += batch.length;
          } while (at < prepared.chunks.length && performance.now() - sliceStart < sliceMs);
        });
        await pause();
      }
      const result = db.transaction(() => {
        const old = getRow(input.source);
        if (old) removeSource(old.id);
        db.prepare('UPDATE sources SET label = ?, kind = ?, file_path = ?, indexed_at = ? WHERE id = ?').run(
          input.source,
          input.kind ?? (input.filePath ? 'file' : 'manual'),
          input.filePath ?? null,
          now().toISOString(),
          pendingId,
        );
        insertWords(prepared.words);
        return resultOf(input, pendingId, prepared, old !== undefined);
      });
      state.generation++;
      return result;
    } catch (err) {
      try {
        db.transaction(() => removeSource(pendingId));
      } catch {
        // Left for the next open's sweep of abandoned pending sources.
      }
      throw err;
    }
  };

  // A pending source older than this was abandoned by a process that died mid-index.
  if (!db.readOnly)
    db.transaction(() => {
      const cutoff = new Date(now().getTime() - 3_600_000).toISOString();
      for (const r of db
        .prepare('SELECT id FROM sources WHERE kind = ? AND indexed_at < ?')
        .all<{ id: number }>(PENDING_KIND, cutoff)) {
        removeSource(r.id);
      }
    });

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
    getSource: (label: string) => {
      const r = getRow(label);
      return r ? toInfo(r) : undefined;
    },
    listSources: () =>
      guarded(() =>
        db
          .prepare('SELECT * FROM sources WHERE kind <> ? ORDER BY indexed_at DESC, id DESC')
          .all<SourceRow>(PENDING_KIND)
          .map(toInfo),
      ),
    deleteSource: (label: string) => {
      const r = getRow(label);
      if (!r) return false;
      db.transaction(() => removeSource(r.id));
      state.generation++;
      return true;
    },
    purgeSession: (sessionId: string) => {
      const removed = db.transaction(() => {
        const rows = db
          .prepare('SELECT id, chunk_count FROM sources WHERE session_id = ?')
          .all<{ id: number; chunk_count: number }>(sessionId);
        let n = 0;
        for (const r of rows) {
          removeSource(r.id);
          n += r.chunk_count;
        }
        return n;
      });
      state.generation++;
      return removed;
    },
    purgeAll: () => {
      db.transaction(() => {
        db.exec(
          "INSERT INTO chunks_fts(chunks_fts) VALUES ('delete-all'); INSERT INTO chunks_tri(chunks_tri) VALUES ('delete-all');" +
            ' DELETE FROM chunks; DELETE FROM sources; DELETE FROM vocabulary;',
        );
      });
      state.generation++;
    },
    stats: () => {
      const r = db
        .prepare(
          'SELECT count(*) AS sources, coalesce(sum(chunk_count), 0) AS chunks, coalesce(sum(bytes), 0) AS bytes FROM sources WHERE kind <> ?',
        )
        .get<{ sources: number; chunks: number; bytes: number }>(PENDING_KIND)!;
      return { sources: Number(r.sources), chunks: Number(r.chunks), bytes: Number(r.bytes) };
    },
    close: () => {
      // No FTS 'optimize' here: on a large store it rewrites the whole index; FTS5's automerge keeps it healthy.
      if (db.open) db.close();
    },
  };
  return kb;
}
