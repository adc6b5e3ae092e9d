import type { Database } from '../db/types.js';
import { PENDING_KIND } from './pending-source.js';
import type { SourceInfo } from './types.js';

/**
 * Reads and deletes on the sources table and the chunks under it. Writing a source lives in index-source.ts;
 * both run inside the caller's transaction where they need one, so a re-index replaces a source atomically.
 */

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

export function sourceRow(db: Database, label: string): SourceRow | undefined {
  return db.prepare('SELECT * FROM sources WHERE label = ?').get<SourceRow>(label);
}

export function sourceInfo(db: Database, label: string): SourceInfo | undefined {
  const r = sourceRow(db, label);
  return r ? toInfo(r) : undefined;
}

/** Every finished source, newest first (pending ones are still being written). */
export function listSourceInfos(db: Database): SourceInfo[] {
  return db
    .prepare('SELECT * FROM sources WHERE kind <> ? ORDER BY indexed_at DESC, id DESC')
    .all<SourceRow>(PENDING_KIND)
    .map(toInfo);
}

export function sourceStats(db: Database): { sources: number; chunks: number; bytes: number } {
  const r = db
    .prepare(
      'SELECT count(*) AS sources, coalesce(sum(chunk_count), 0) AS chunks, coalesce(sum(bytes), 0) AS bytes FROM sources WHERE kind <> ?',
    )
    .get<{ sources: number; chunks: number; bytes: number }>(PENDING_KIND)!;
  return { sources: Number(r.sources), chunks: Number(r.chunks), bytes: Number(r.bytes) };
}

/** Deletes a source with its chunks and their rows in both FTS tables; the caller holds the transaction. */
export function removeSource(db: Database, id: number): void {
  db.prepare('DELETE FROM chunks_fts WHERE rowid IN (SELECT id FROM chunks WHERE source_id = ?)').run(id);
  db.prepare('DELETE FROM chunks_tri WHERE rowid IN (SELECT id FROM chunks WHERE source_id = ?)').run(id);
  db.prepare('DELETE FROM chunks WHERE source_id = ?').run(id);
  db.prepare('DELETE FROM sources WHERE id = ?').run(id);
}

/** Deletes every source a session indexed, in one transaction. Returns the chunks removed. */
export function removeSessionSources(db: Database, sessionId: string): number {
  return db.transaction(() => {
    const rows = db
      .prepare('SELECT id, chunk_count FROM sources WHERE session_id = ?')
      .all<{ id: number; chunk_count: number }>(sessionId);
    let n = 0;
    for (const r of rows) {
      removeSource(db, r.id);
      n += r.chunk_count;
    }
    return n;
  });
}

export function removeAllSources(db: Database): void {
  db.transaction(() => {
    db.exec(
      "INSERT INTO chunks_fts(chunks_fts) VALUES ('delete-all'); INSERT INTO chunks_tri(chunks_tri) VALUES ('delete-all');" +
        ' DELETE FROM chunks; DELETE FROM sources; DELETE FROM vocabulary;',
    );
  });
}

/** Deletes pending sources older than an hour: a process that died mid-index left them. */
export function sweepAbandonedPending(db: Database, now: Date): void {
  db.transaction(() => {
    const cutoff = new Date(now.getTime() - 3_600_000).toISOString();
    for (const r of db
      .prepare('SELECT id FROM sources WHERE kind = ? AND indexed_at < ?')
      .all<{ id: number }>(PENDING_KIND, cutoff)) {
      removeSource(db, r.id);
    }
  });
}
