/**
 * Schema of `ledger.db` (one per project, beside memory.db and knowledge.db). The ledger has its own file so
 * that purging memory never rewrites savings history by accident, and so the MCP server's per-call insert does
 * not queue behind hook writers of memory.db. Migration i brings user_version from i to i + 1; never edit one.
 */
export const LEDGER_MIGRATIONS: readonly string[] = [
  `CREATE TABLE ledger (
     id INTEGER PRIMARY KEY,
     time INTEGER NOT NULL,
     session_id TEXT NOT NULL,
     host TEXT NOT NULL,
     tool TEXT NOT NULL,
     kind TEXT NOT NULL,
     raw_bytes INTEGER NOT NULL,
     returned_bytes INTEGER NOT NULL,
     source_id TEXT
   );
   CREATE INDEX ledger_session ON ledger(session_id, time);
   CREATE INDEX ledger_time ON ledger(time);`,
];

/** Kinds whose raw bytes were produced in the sandbox or replaced by a hook: the only ones that can save. */
const SAVING_KINDS = ['sandbox', 'index', 'fetch', 'hook-replace'] as const;

/** The one formula (docs/architecture.md#ledger), as SQL over one row: raw − returned for saving kinds, never negative. */
export const SAVED_SQL = `CASE WHEN kind IN (${SAVING_KINDS.map((k) => `'${k}'`).join(', ')})
  THEN MAX(raw_bytes - returned_bytes, 0) ELSE 0 END`;

/** Bytes per token used for every token estimate shown to a user; labelled "estimated" wherever shown. */
export const BYTES_PER_TOKEN = 4;
