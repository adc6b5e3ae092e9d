import { statSync } from 'node:fs';
import type { Database } from '../db/types.js';
import { contentHash } from './content-hash.js';
import { refreshBasis } from './converted-source.js';
import { readTextFile } from './read-text-file.js';
import type { IndexInput } from './types.js';

/** The columns of a file-backed source the refresh reads. */
interface FileSourceRow {
  id: number;
  label: string;
  kind: string;
  format: string;
  language: string | null;
  file_path: string;
  content_hash: string | null;
  mtime_ms: number | null;
  session_id: string | null;
  meta: string | null;
}

/** Re-indexes one source from its file's current text, in one transaction (the old version stays if it throws). */
export type Reindex = (input: IndexInput, fileState: { mtimeMs: number }) => void;

/** Stores with more file-backed sources than this are checked at most once a second. */
const STAT_EVERY_SEARCH_UP_TO = 300;
/**
 * A changed file larger than this is not re-indexed during a search: that runs on the caller's event loop, and a
 * few megabytes of JSON take seconds. The search answers from its old text and says so.
 */
const REFRESH_DURING_SEARCH_MAX_BYTES = 1024 * 1024;

/** What one refresh did: sources re-indexed, and changed ones left for an explicit re-index. */
export interface RefreshResult {
  refreshed: string[];
  /** Changed files too large to re-index during a search (REFRESH_DURING_SEARCH_MAX_BYTES). */
  notRefreshed: string[];
}

/**
 * The search-time refresh: before a search, file-backed sources whose file changed (mtime moved and the text
 * hashes differently) are re-indexed, so a search never answers from an edited file's old text. The file is read
 * exactly as indexing reads it (readTextFile), so a file with a BOM or in UTF-16 matches its own hash. Returns a
 * function that runs one refresh and names the sources re-indexed, and the changed ones too large to re-index
 * during a search.
 *
 * A file that fails to re-index keeps its old chunks and never makes the search fail; it is not retried until its
 * mtime moves again, so one bad file does not cost every search a failed re-index.
 */
export function staleSourceRefresher(reindex: Reindex): (db: Database) => RefreshResult {
  let lastCheck = 0;
  /** Source id → the mtime whose re-index failed. */
  const failed = new Map<number, number>();
  return (db) => {
    const count = Number(
      db.prepare('SELECT count(*) AS n FROM sources WHERE file_path IS NOT NULL').get<{ n: number }>()?.n ?? 0,
    );
    const none: RefreshResult = { refreshed: [], notRefreshed: [] };
    if (count === 0) return none;
    // A stat per file is cheap for a few hundred files; for thousands, checking once a second is plenty.
    if (count > STAT_EVERY_SEARCH_UP_TO && Date.now() - lastCheck < 1000) return none;
    lastCheck = Date.now();
    const rows = db.prepare('SELECT * FROM sources WHERE file_path IS NOT NULL').all<FileSourceRow>();
    const refreshed: string[] = [];
    const notRefreshed: string[] = [];
    for (const r of rows) {
      let st;
      try {
        st = statSync(r.file_path);
      } catch {
        continue; // A vanished file keeps its last indexed text; deleting it is the user's call.
      }
      if (!st.isFile() || st.mtimeMs === r.mtime_ms || failed.get(r.id) === st.mtimeMs) continue;
      if (st.size > REFRESH_DURING_SEARCH_MAX_BYTES) {
        notRefreshed.push(r.label);
        continue;
      }
      // Unreadable, binary or over the size cap now: the last indexed text stays searchable, and the file is not
      // read again until it changes again.
      const { text } = readTextFile(r.file_path);
      if (text === undefined) {
        failed.set(r.id, st.mtimeMs);
        continue;
      }
      const basis = refreshBasis(r);
      if (contentHash(text) === basis.hash) {
        db.prepare('UPDATE sources SET mtime_ms = ? WHERE id = ?').run(st.mtimeMs, r.id);
        continue;
      }
      const input: IndexInput = { source: r.label, content: text, format: basis.format, filePath: r.file_path };
      input.kind = r.kind;
      if (r.session_id) input.sessionId = r.session_id;
      if (r.language) input.language = r.language;
      if (basis.meta) input.meta = basis.meta;
      try {
        reindex(input, { mtimeMs: st.mtimeMs });
      } catch {
        failed.set(r.id, st.mtimeMs);
        continue;
      }
      failed.delete(r.id);
      refreshed.push(r.label);
    }
    return { refreshed, notRefreshed };
  };
}
