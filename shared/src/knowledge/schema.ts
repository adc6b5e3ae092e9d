/**
 * knowledge.db migrations (never edit a shipped one; append). Chunks live once in `chunks`; two FTS5 indexes
 * hold the searchable text keyed by the same rowid: `chunks_fts` (porter stemming over unicode61, diacritics
 * folded) and `chunks_tri` (trigram, for substrings, partial identifiers and CJK). The FTS body is the chunk
 * content plus identifier expansions (see identifierExpansions), so they cannot be external-content tables;
 * they are contentless (`content = ''`, rows deletable since SQLite 3.43) because only rowids and bm25 are
 * ever read from them, which keeps the text stored once. `vocabulary` feeds the typo fallback.
 */
export const KNOWLEDGE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE sources (
    id INTEGER PRIMARY KEY,
    label TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL DEFAULT 'manual',
    format TEXT NOT NULL DEFAULT 'text',
    language TEXT,
    file_path TEXT,
    content_hash TEXT,
    mtime_ms REAL,
    session_id TEXT,
    meta TEXT,
    chunk_count INTEGER NOT NULL DEFAULT 0,
    code_chunk_count INTEGER NOT NULL DEFAULT 0,
    bytes INTEGER NOT NULL DEFAULT 0,
    indexed_at TEXT NOT NULL
  );
  CREATE INDEX sources_session ON sources(session_id);
  CREATE INDEX sources_file ON sources(file_path) WHERE file_path IS NOT NULL;
  CREATE TABLE chunks (
    id INTEGER PRIMARY KEY,
    source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    ord INTEGER NOT NULL,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    content_type TEXT NOT NULL CHECK (content_type IN ('code', 'prose'))
  );
  CREATE INDEX chunks_source ON chunks(source_id, ord);
  CREATE VIRTUAL TABLE chunks_fts USING fts5(title, body, content = '', contentless_delete = 1, tokenize = 'porter unicode61 remove_diacritics 2');
  CREATE VIRTUAL TABLE chunks_tri USING fts5(title, body, content = '', contentless_delete = 1, tokenize = 'trigram');
  CREATE TABLE vocabulary (word TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE INDEX vocabulary_length ON vocabulary(length(word));
  `,
];
