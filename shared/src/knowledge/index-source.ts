import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import type { Database } from '../db/types.js';
import { utf8Length } from './chunkers/chunk.js';
import { contentHash } from './content-hash.js';
import { existingOutput } from './duplicate-output.js';
import type { KnowledgeInternals } from './open-knowledge-base.js';
import { PENDING_KIND } from './pending-source.js';
import { prepareContent, prepareContentInSlices, type PreparedChunk, type PreparedContent } from './prepare-index.js';
import { removeSource, sourceRow } from './source-table.js';
import type { IndexInput, IndexResult } from './types.js';

/** What writing a source needs from the open store. `state.db` is read at each use: a recovery may swap it. */
export interface IndexContext {
  state: KnowledgeInternals;
  /** Chunk cap in UTF-8 bytes. */
  cap: number;
  now: () => Date;
}

function insertSource(
  db: Database,
  input: IndexInput,
  label: string,
  kind: string,
  prepared: PreparedContent,
  hash: string,
  mtime: number | null,
  indexedAt: Date,
): number {
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
      indexedAt.toISOString(),
    );
  return Number(ins.lastInsertRowid);
}

function insertChunks(db: Database, sourceId: number, chunks: PreparedChunk[], firstOrd: number): void {
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
}

function insertWords(db: Database, words: Set<string>): void {
  const insWord = db.prepare('INSERT OR IGNORE INTO vocabulary (word) VALUES (?)');
  for (const w of words) insWord.run(w);
}

function fileMtime(input: IndexInput, fileState?: { mtimeMs: number }): number | null {
  if (fileState) return fileState.mtimeMs;
  if (!input.filePath) return null;
  try {
    return statSync(input.filePath).mtimeMs;
  } catch {
    return null;
  }
}

function resultOf(input: IndexInput, sourceId: number, prepared: PreparedContent, replaced: boolean): IndexResult {
  return {
    source: input.source,
    sourceId,
    chunks: prepared.chunks.length,
    codeChunks: prepared.chunks.filter((c) => c.contentType === 'code').length,
    bytes: utf8Length(prepared.text),
    replaced,
    redactions: prepared.redactions,
  };
}

function checkInput(input: IndexInput): void {
  if (!input.source || !input.source.trim()) throw new Error('index: a source label is required');
}

/** Indexes one source in one transaction, replacing an older version of the same label. */
export function indexSource(ctx: IndexContext, input: IndexInput, fileState?: { mtimeMs: number }): IndexResult {
  const { state, cap, now } = ctx;
  const db = state.db;
  checkInput(input);
  const hash = contentHash(input.content ?? '');
  const same = sourceRow(db, input.source) ? undefined : existingOutput(db, input, hash);
  if (same) return same;
  const prepared = prepareContent(input.content ?? '', input.format, cap);
  const mtime = fileMtime(input, fileState);
  const result = db.transaction(() => {
    const old = sourceRow(db, input.source);
    if (old) removeSource(db, old.id);
    const sourceId = insertSource(
      db,
      input,
      input.source,
      input.kind ?? (input.filePath ? 'file' : 'manual'),
      prepared,
      hash,
      mtime,
      now(),
    );
    insertChunks(db, sourceId, prepared.chunks, 0);
    insertWords(db, prepared.words);
    return resultOf(input, sourceId, prepared, old !== undefined);
  });
  state.generation++;
  return result;
}

/**
 * The same outcome as `indexSource`, without holding the event loop: the text is prepared in slices, the chunks
 * are written in short transactions under a hidden pending source (search never returns pending chunks), and one
 * last transaction swaps it in for the old version, so readers still see the old version or the new one.
 */
export async function indexSourceInSlices(ctx: IndexContext, input: IndexInput, sliceMs = 15): Promise<IndexResult> {
  const { state, cap, now } = ctx;
  checkInput(input);
  const same = sourceRow(state.db, input.source)
    ? undefined
    : existingOutput(state.db, input, contentHash(input.content ?? ''));
  if (same) return same;
  const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
  const prepared = await prepareContentInSlices(input.content ?? '', input.format, cap, pause, sliceMs);
  const hash = contentHash(input.content ?? '');
  const mtime = fileMtime(input);
  const pendingLabel = `${input.source} (pending ${process.pid}:${randomUUID()})`;
  const pendingId = state.db.transaction(() =>
    insertSource(state.db, input, pendingLabel, PENDING_KIND, prepared, hash, mtime, now()),
  );
  try {
    let at = 0;
    while (at < prepared.chunks.length) {
      const sliceStart = performance.now();
      state.db.transaction(() => {
        // A handful of chunks per transaction, as many as fit in the time slice.
        do {
          const batch = prepared.chunks.slice(at, at + 8);
          insertChunks(state.db, pendingId, batch, at);
          at += batch.length;
        } while (at < prepared.chunks.length && performance.now() - sliceStart < sliceMs);
      });
      await pause();
    }
    const result = state.db.transaction(() => {
      const old = sourceRow(state.db, input.source);
      if (old) removeSource(state.db, old.id);
      state.db
        .prepare('UPDATE sources SET label = ?, kind = ?, file_path = ?, indexed_at = ? WHERE id = ?')
        .run(
          input.source,
          input.kind ?? (input.filePath ? 'file' : 'manual'),
          input.filePath ?? null,
          now().toISOString(),
          pendingId,
        );
      insertWords(state.db, prepared.words);
      return resultOf(input, pendingId, prepared, old !== undefined);
    });
    state.generation++;
    return result;
  } catch (err) {
    try {
      state.db.transaction(() => removeSource(state.db, pendingId));
    } catch {
      // Left for the next open's sweep of abandoned pending sources.
    }
    throw err;
  }
}
