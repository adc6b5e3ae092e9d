/**
 * Schema of `memory.db`, one per project (so nothing can bleed across projects; a linked git worktree is its
 * own project). Rows are scoped by session; `leg` counts the compactions/resumes of a session so the snapshot
 * can tell current state from an earlier leg's. Migration i brings user_version from i to i + 1.
 */
export const MEMORY_MIGRATIONS: readonly string[] = [
  `CREATE TABLE sessions (
     session_id TEXT PRIMARY KEY,
     host TEXT NOT NULL DEFAULT '',
     worktree TEXT NOT NULL DEFAULT '',
     started_at INTEGER NOT NULL,
     last_event_at INTEGER NOT NULL,
     event_count INTEGER NOT NULL DEFAULT 0,
     compact_count INTEGER NOT NULL DEFAULT 0,
     leg INTEGER NOT NULL DEFAULT 0,
     resume_delivered INTEGER NOT NULL DEFAULT 0
   );
   CREATE TABLE events (
     id INTEGER PRIMARY KEY,
     session_id TEXT NOT NULL,
     leg INTEGER NOT NULL DEFAULT 0,
     category TEXT NOT NULL,
     type TEXT NOT NULL,
     priority INTEGER NOT NULL,
     data TEXT NOT NULL,
     key TEXT NOT NULL DEFAULT '',
     data_hash TEXT NOT NULL,
     pinned INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX events_session ON events(session_id, id);
   CREATE INDEX events_evict ON events(session_id, pinned, priority, id);
   CREATE INDEX events_time ON events(created_at);
   CREATE TABLE snapshots (
     session_id TEXT PRIMARY KEY,
     snapshot TEXT NOT NULL,
     leg INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     consumed_at INTEGER,
     consumed_by TEXT,
     origin TEXT NOT NULL DEFAULT 'compact'
   );
   CREATE INDEX snapshots_unconsumed ON snapshots(consumed_at, created_at);`,
];

/** Dedup window: an event equal (type + data) to one of the session's last N events is skipped. */
export const DEDUP_WINDOW = 5;
