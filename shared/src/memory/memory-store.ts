import { createHash } from 'node:crypto';
import type { Database } from '../db/types.js';
import { redactText } from '../policy/redact.js';
import { claimSpool } from './memory-spool.js';
import type { ExtractedEvent, MemoryCategory, MemoryEvent, Priority } from './event-types.js';
import { MAX_EVENT_DATA } from './event-types.js';
import { DEFAULT_RETENTION_DAYS, readSetting } from '../settings/settings.js';
import { DEDUP_WINDOW } from './memory-schema.js';
import {
  claimSnapshot,
  hasPendingSnapshot,
  saveSnapshot,
  type ClaimedSnapshot,
  type ClaimSnapshotOptions,
  type SaveSnapshotOptions,
  type SnapshotOrigin,
} from './resume-snapshots.js';

export interface SessionInfo {
  sessionId: string;
  host: string;
  worktree: string;
  startedAt: number;
  lastEventAt: number;
  eventCount: number;
  compactCount: number;
  leg: number;
  resumeDelivered: boolean;
}

export interface AddEventsOptions {
  host?: string;
  worktree?: string;
  now?: number;
  /** The tool call the events came from: a success resolves an open error with the same key. */
  call?: { key: string; failed: boolean; label: string };
}

export interface ListOptions {
  sessionId?: string;
  category?: string;
  /** Every whitespace-separated term must appear in the data, category or type (case-insensitive). */
  search?: string;
  limit?: number;
  /** Only events of this leg and later (current-leg views). */
  fromLeg?: number;
}

function hash(data: string): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 16);
}

function rowToEvent(r: Record<string, unknown>): MemoryEvent {
  return {
    id: Number(r.id),
    sessionId: String(r.session_id),
    leg: Number(r.leg),
    category: String(r.category) as MemoryCategory,
    type: String(r.type),
    priority: Number(r.priority) as Priority,
    data: String(r.data),
    key: String(r.key ?? ''),
    pinned: Number(r.pinned) === 1,
    createdAt: Number(r.created_at),
  };
}

function rowToSession(r: Record<string, unknown>): SessionInfo {
  return {
    sessionId: String(r.session_id),
    host: String(r.host),
    worktree: String(r.worktree),
    startedAt: Number(r.started_at),
    lastEventAt: Number(r.last_event_at),
    eventCount: Number(r.event_count),
    compactCount: Number(r.compact_count),
    leg: Number(r.leg),
    resumeDelivered: Number(r.resume_delivered) === 1,
  };
}

/** LIKE pattern with `%`, `_` and the escape char itself escaped, for a user's search term. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Session memory of one project. Every write is one BEGIN IMMEDIATE transaction, so concurrent hook processes
 * queue on SQLite's busy timeout (a blocking wait inside SQLite, not a spin) instead of failing.
 */
export class MemoryStore {
  readonly maxEvents: number;

  constructor(
    readonly db: Database,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.maxEvents = readSetting('memoryMaxEvents', env);
  }

  private touchSession(sessionId: string, host: string, worktree: string, now: number): SessionInfo {
    this.db
      .prepare(
        `INSERT INTO sessions (session_id, host, worktree, started_at, last_event_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(session_id) DO UPDATE SET last_event_at = excluded.last_event_at,
           host = CASE WHEN excluded.host <> '' THEN excluded.host ELSE sessions.host END`,
      )
      .run(sessionId, host, worktree, now, now);
    return rowToSession(this.db.prepare('SELECT * FROM sessions WHERE session_id = ?').get(sessionId)!);
  }

  /** Creates the session row if needed and returns it. */
  ensureSession(sessionId: string, opts: { host?: string; worktree?: string; now?: number } = {}): SessionInfo {
    return this.db.transaction(() =>
      this.touchSession(sessionId, opts.host ?? '', opts.worktree ?? '', opts.now ?? Date.now()),
    );
  }

  session(sessionId: string): SessionInfo | undefined {
    const r = this.db.prepare('SELECT * FROM sessions WHERE session_id = ?').get(sessionId);
    return r ? rowToSession(r) : undefined;
  }

  sessions(): SessionInfo[] {
    return this.db.prepare('SELECT * FROM sessions ORDER BY last_event_at DESC').all().map(rowToSession);
  }

  /**
   * Stores events of one session in one transaction: skips duplicates of the last few events, records the
   * resolution of an open error, and evicts the least important events past the per-session cap.
   * Returns the ids of the events stored.
   */
  addEvents(sessionId: string, events: readonly ExtractedEvent[], opts: AddEventsOptions = {}): number[] {
    const now = opts.now ?? Date.now();
    const all = [...events];
    // Every stored text column goes through the redactor, the key too (`shell:PGPASSWORD=… psql` was kept raw);
    // the call's key is redacted the same way so it still matches the keys stored for it.
    const callKey = opts.call ? redactText(opts.call.key) : '';
    return this.db.transaction(() => {
      const session = this.touchSession(sessionId, opts.host ?? '', opts.worktree ?? '', now);
      if (opts.call && !opts.call.failed) {
        const last = this.db
          .prepare(
            `SELECT type, data FROM events WHERE session_id = ? AND category = 'error' AND key = ? ORDER BY id DESC LIMIT 1`,
          )
          .get<{ type: string; data: string }>(sessionId, callKey);
        if (last?.type === 'error_tool') {
          all.push({
            category: 'error',
            type: 'error_resolved',
            priority: 3,
            data: `resolved: ${opts.call.label}`,
            key: callKey,
          });
        }
      }
      if (all.length === 0) return [];
      const recent = this.db.prepare(
        `SELECT 1 AS hit FROM (SELECT type, data_hash FROM events WHERE session_id = ? ORDER BY id DESC LIMIT ${DEDUP_WINDOW})
         WHERE type = ? AND data_hash = ?`,
      );
      const insert = this.db.prepare(
        `INSERT INTO events (session_id, leg, category, type, priority, data, key, data_hash, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const ids: number[] = [];
      for (const e of all) {
        // The last line of defence: whatever an extractor let through, no secret is stored (it would be replayed
        // into the model by every resume snapshot).
        const clean = redactText(e.data);
        const data = clean.length > MAX_EVENT_DATA ? `${clean.slice(0, MAX_EVENT_DATA - 1)}…` : clean;
        const h = hash(data);
        if (recent.get(sessionId, e.type, h)) continue;
        const key = redactText(e.key ?? '');
        const r = insert.run(sessionId, session.leg, e.category, e.type, e.priority, data, key, h, now);
        ids.push(Number(r.lastInsertRowid));
      }
      if (ids.length) {
        const count = session.eventCount + ids.length;
        this.db.prepare('UPDATE sessions SET event_count = ? WHERE session_id = ?').run(count, sessionId);
        if (count > this.maxEvents) this.evict(sessionId);
      }
      return ids;
    });
  }

  /** Deletes the least important, oldest unpinned events until the session is back at its cap. */
  private evict(sessionId: string): void {
    const n = Number(
      this.db.prepare('SELECT count(*) AS n FROM events WHERE session_id = ?').get<{ n: number }>(sessionId)?.n ?? 0,
    );
    const excess = n - this.maxEvents;
    if (excess > 0) {
      this.db
        .prepare(
          `DELETE FROM events WHERE id IN (SELECT id FROM events WHERE session_id = ? AND pinned = 0
             ORDER BY priority ASC, id ASC LIMIT ?)`,
        )
        .run(sessionId, excess);
    }
    const left =
      this.db.prepare('SELECT count(*) AS n FROM events WHERE session_id = ?').get<{ n: number }>(sessionId)?.n ?? 0;
    this.db.prepare('UPDATE sessions SET event_count = ? WHERE session_id = ?').run(Number(left), sessionId);
  }

  /** Starts a new leg (after a compaction or a resume): later snapshots treat earlier legs as history. */
  startLeg(sessionId: string, opts: { host?: string; compacted?: boolean; now?: number } = {}): SessionInfo {
    const now = opts.now ?? Date.now();
    return this.db.transaction(() => {
      this.touchSession(sessionId, opts.host ?? '', '', now);
      this.db
        .prepare(`UPDATE sessions SET leg = leg + 1, compact_count = compact_count + ? WHERE session_id = ?`)
        .run(opts.compacted ? 1 : 0, sessionId);
      return rowToSession(this.db.prepare('SELECT * FROM sessions WHERE session_id = ?').get(sessionId)!);
    });
  }

  /** Events, newest first. */
  listEvents(opts: ListOptions = {}): MemoryEvent[] {
    const where: string[] = [];
    const params: Array<string | number> = [];
    if (opts.sessionId) {
      where.push('session_id = ?');
      params.push(opts.sessionId);
    }
    if (opts.category) {
      where.push('category = ?');
      params.push(opts.category);
    }
    if (opts.fromLeg !== undefined) {
      where.push('leg >= ?');
      params.push(opts.fromLeg);
    }
    for (const term of (opts.search ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
      where.push(`(data LIKE ? ESCAPE '\\' OR category LIKE ? ESCAPE '\\' OR type LIKE ? ESCAPE '\\')`);
      const p = likePattern(term);
      params.push(p, p, p);
    }
    const limit = Math.max(1, Math.min(opts.limit ?? 200, 10_000));
    const sql = `SELECT * FROM events ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
    return this.db
      .prepare(sql)
      .all(...params)
      .map(rowToEvent);
  }

  /** All events of a session in order, oldest first (snapshot building). */
  sessionEvents(sessionId: string): MemoryEvent[] {
    return this.db.prepare('SELECT * FROM events WHERE session_id = ? ORDER BY id ASC').all(sessionId).map(rowToEvent);
  }

  event(id: number): MemoryEvent | undefined {
    const r = this.db.prepare('SELECT * FROM events WHERE id = ?').get(id);
    return r ? rowToEvent(r) : undefined;
  }

  /** Pins (kept past eviction and retention) or unpins an event. False when the id does not exist. */
  pin(id: number, pinned = true): boolean {
    return this.db.transaction(
      () => this.db.prepare('UPDATE events SET pinned = ? WHERE id = ?').run(pinned ? 1 : 0, id).changes > 0,
    );
  }

  /** Deletes one event. False when the id does not exist. */
  deleteEvent(id: number): boolean {
    return this.db.transaction(() => {
      const e = this.db.prepare('SELECT session_id FROM events WHERE id = ?').get<{ session_id: string }>(id);
      if (!e) return false;
      this.db.prepare('DELETE FROM events WHERE id = ?').run(id);
      this.db
        .prepare('UPDATE sessions SET event_count = max(event_count - 1, 0) WHERE session_id = ?')
        .run(e.session_id);
      return true;
    });
  }

  /** Stores (replacing) the session's resume snapshot, unconsumed (see resume-snapshots.ts). */
  saveSnapshot(sessionId: string, snapshot: string, opts: SaveSnapshotOptions = {}): void {
    saveSnapshot(this.db, sessionId, snapshot, opts);
  }

  /** Claims the session's own or another session's snapshot, atomically (see resume-snapshots.ts). */
  claimSnapshot(sessionId: string, opts: ClaimSnapshotOptions = {}): ClaimedSnapshot | undefined {
    return claimSnapshot(this.db, sessionId, opts);
  }

  /** True when the session has an unconsumed snapshot of this origin (see resume-snapshots.ts). */
  hasPendingSnapshot(sessionId: string, origin: SnapshotOrigin): boolean {
    return hasPendingSnapshot(this.db, sessionId, origin);
  }

  /** Marks that this session already got a resume context (hosts that deliver it once, e.g. via followup). */
  markResumeDelivered(sessionId: string): boolean {
    return this.db.transaction(
      () =>
        this.db
          .prepare('UPDATE sessions SET resume_delivered = 1 WHERE session_id = ? AND resume_delivered = 0')
          .run(sessionId).changes > 0,
    );
  }

  /**
   * Retention: sessions idle longer than `days` go with their events and snapshots; pinned events stay (and so
   * does their session row). Events whose session row is gone and that are older than the cutoff go too.
   */
  cleanup(opts: { days?: number; now?: number } = {}): { sessions: number; events: number } {
    const cutoff = (opts.now ?? Date.now()) - (opts.days ?? DEFAULT_RETENTION_DAYS) * 86_400_000;
    return this.db.transaction(() => {
      const events = this.db
        .prepare(
          `DELETE FROM events WHERE pinned = 0 AND (
             session_id IN (SELECT session_id FROM sessions WHERE last_event_at < ?)
             OR (session_id NOT IN (SELECT session_id FROM sessions) AND created_at < ?))`,
        )
        .run(cutoff, cutoff).changes;
      this.db.prepare('DELETE FROM snapshots WHERE created_at < ?').run(cutoff);
      const sessions = this.db
        .prepare(
          `DELETE FROM sessions WHERE last_event_at < ? AND session_id NOT IN (SELECT DISTINCT session_id FROM events)`,
        )
        .run(cutoff).changes;
      return { sessions, events };
    });
  }

  /** Removes everything of one session. Returns the events removed. */
  purgeSession(sessionId: string): number {
    return this.db.transaction(() => {
      const n = this.db.prepare('DELETE FROM events WHERE session_id = ?').run(sessionId).changes;
      this.db.prepare('DELETE FROM snapshots WHERE session_id = ?').run(sessionId);
      this.db.prepare('DELETE FROM sessions WHERE session_id = ?').run(sessionId);
      return n;
    });
  }

  /** Removes every session, event and snapshot of the project. Returns the events removed. */
  purgeAll(): number {
    return this.db.transaction(() => {
      const n = this.db.prepare('DELETE FROM events').run().changes;
      this.db.exec('DELETE FROM snapshots; DELETE FROM sessions;');
      return n;
    });
  }

  /**
   * Moves the post-tool spool of the project into the store, in one transaction, in the order the calls
   * finished. Returns the number of spool entries stored.
   */
  ingestSpool(projectDataDir: string): number {
    const { entries, done } = claimSpool(projectDataDir);
    if (entries.length === 0) {
      done();
      return 0;
    }
    this.db.transaction(() => {
      for (const e of entries) {
        this.addEvents(e.sessionId, e.events, {
          host: e.host,
          worktree: e.worktree,
          now: e.now,
          ...(e.call ? { call: e.call } : {}),
        });
      }
    });
    done();
    return entries.length;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** Retention in days from CONTEXT_MODE_RETENTION_DAYS (default 7). */
export function retentionDays(env: NodeJS.ProcessEnv = process.env): number {
  return readSetting('retentionDays', env);
}
