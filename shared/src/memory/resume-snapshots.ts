import type { Database } from '../db/types.js';

/**
 * The snapshots table: one resume snapshot per session, claimed at most once. Kept apart from events and
 * sessions because its concern is hand-over between sessions, not what a session did.
 */

/** Why a snapshot was made: 'compact' (the context is about to be cut) or 'turn' (kept fresh at turn end). */
export type SnapshotOrigin = 'compact' | 'turn';

export interface SaveSnapshotOptions {
  leg?: number;
  now?: number;
  origin?: SnapshotOrigin;
}

export interface ClaimSnapshotOptions {
  own?: boolean;
  others?: boolean;
  now?: number;
  maxAgeMs?: number;
  ownOrigin?: 'compact';
}

export interface ClaimedSnapshot {
  sessionId: string;
  snapshot: string;
  createdAt: number;
}

/**
 * Stores (replacing) the session's resume snapshot, unconsumed. A 'turn' snapshot exists for hosts that never
 * announce compaction; only another session may claim it.
 */
export function saveSnapshot(db: Database, sessionId: string, snapshot: string, opts: SaveSnapshotOptions = {}): void {
  db.transaction(() => {
    db.prepare(
      `INSERT INTO snapshots (session_id, snapshot, leg, created_at, consumed_at, consumed_by, origin) VALUES (?, ?, ?, ?, NULL, NULL, ?)
       ON CONFLICT(session_id) DO UPDATE SET snapshot = excluded.snapshot, leg = excluded.leg,
         created_at = excluded.created_at, consumed_at = NULL, consumed_by = NULL, origin = excluded.origin`,
    ).run(sessionId, snapshot, opts.leg ?? 0, opts.now ?? Date.now(), opts.origin ?? 'compact');
  });
}

/**
 * Claims a snapshot atomically (one UPDATE … RETURNING inside BEGIN IMMEDIATE): the session's own unconsumed
 * snapshot when `own` is set, else the newest unconsumed snapshot of another session of this project (no
 * older than `maxAgeMs`). Two sessions resuming at once never get the same snapshot.
 */
export function claimSnapshot(
  db: Database,
  sessionId: string,
  opts: ClaimSnapshotOptions = {},
): ClaimedSnapshot | undefined {
  const now = opts.now ?? Date.now();
  const minCreated = opts.maxAgeMs ? now - opts.maxAgeMs : 0;
  return db.transaction(() => {
    const claim = (where: string, ...params: Array<string | number>) =>
      db
        .prepare(
          `UPDATE snapshots SET consumed_at = ?, consumed_by = ?
           WHERE session_id = (SELECT session_id FROM snapshots WHERE consumed_at IS NULL AND created_at >= ? AND ${where}
                               ORDER BY created_at DESC LIMIT 1)
           RETURNING session_id, snapshot, created_at`,
        )
        .get<{ session_id: string; snapshot: string; created_at: number }>(now, sessionId, minCreated, ...params);
    let row =
      opts.own === false
        ? undefined
        : opts.ownOrigin
          ? claim('session_id = ? AND origin = ?', sessionId, opts.ownOrigin)
          : claim('session_id = ?', sessionId);
    if (!row && opts.others) row = claim('session_id <> ?', sessionId);
    return row ? { sessionId: row.session_id, snapshot: row.snapshot, createdAt: Number(row.created_at) } : undefined;
  });
}

/** True when the session has an unconsumed snapshot of this origin. */
export function hasPendingSnapshot(db: Database, sessionId: string, origin: SnapshotOrigin): boolean {
  return !!db
    .prepare('SELECT 1 AS hit FROM snapshots WHERE session_id = ? AND origin = ? AND consumed_at IS NULL')
    .get(sessionId, origin);
}
