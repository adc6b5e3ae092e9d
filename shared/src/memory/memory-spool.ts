import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtractedEvent } from './event-types.js';

/**
 * The post-tool hook runs after every tool call, so it must not pay for loading SQLite. It writes its events
 * to a spool file instead (one small file per call, written under a temporary name and renamed, so a reader
 * never sees half of one), and the next hook that opens the store anyway (prompt, pre-compact, session-start,
 * stop) or any reader (CLI, timeline search) moves the spool into memory.db in one transaction.
 */
export interface SpoolEntry {
  sessionId: string;
  host: string;
  worktree: string;
  /** ms since epoch: becomes the events' time. */
  now: number;
  events: ExtractedEvent[];
  call?: { key: string; failed: boolean; label: string };
}

export const SPOOL_DIR = 'memory-spool';
/** Past this many pending files, post-tool ingests them itself so the spool stays bounded without readers. */
export const SPOOL_INGEST_THRESHOLD = 256;
/** A claimed file older than this belongs to an ingester that died: it is claimed again. */
const STALE_CLAIM_MS = 60_000;

let counter = 0;
let claimCounter = 0;
/** `<name>.json.claimed-<pid>-<claim time ms>-<n>`; older versions wrote `<name>.json.claimed-<pid>`. */
const CLAIMED = /^(.+\.json)\.claimed-(\d+)(?:-(\d+)-\d+)?$/;

/** Writes one spool entry. Returns how many files are pending (so the caller can decide to ingest). */
export function spoolEntry(projectDataDir: string, entry: SpoolEntry): number {
  const dir = join(projectDataDir, SPOOL_DIR);
  mkdirSync(dir, { recursive: true });
  // Names sort by time, then by process, so ingestion replays calls in the order they finished.
  const name = `${String(entry.now).padStart(15, '0')}-${String(process.pid).padStart(8, '0')}-${String(counter++).padStart(4, '0')}.json`;
  writeFileSync(join(dir, `${name}.tmp`), JSON.stringify(entry));
  renameSync(join(dir, `${name}.tmp`), join(dir, name));
  try {
    return readdirSync(dir).length;
  } catch {
    return 0;
  }
}

/**
 * Claims the pending spool files of a project (renaming each to `<name>.claimed-<pid>`, which only one
 * process can win) and returns their entries in time order with a function that deletes them once stored.
 */
export function claimSpool(projectDataDir: string, now = Date.now()): { entries: SpoolEntry[]; done(): void } {
  const dir = join(projectDataDir, SPOOL_DIR);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return { entries: [], done: () => {} };
  }
  const claimed: Array<{ path: string; order: string }> = [];
  for (const name of names) {
    const isPending = name.endsWith('.json');
    const m = CLAIMED.exec(name);
    if (!isPending && !m) continue;
    if (m) {
      // The claim time is in the name: a file's mtime is its write time, so a claim of a file older than the
      // stale limit looked stale at once and a second reader took it again (200 events became 553 rows).
      let claimedAt = m[3] ? Number(m[3]) : NaN;
      if (!Number.isFinite(claimedAt)) {
        try {
          claimedAt = statSync(join(dir, name)).mtimeMs;
        } catch {
          continue;
        }
      }
      if (now - claimedAt < STALE_CLAIM_MS) continue;
    }
    const base = m ? m[1]! : name;
    const target = join(dir, `${base}.claimed-${process.pid}-${now}-${claimCounter++}`);
    try {
      renameSync(join(dir, name), target);
      claimed.push({ path: target, order: base });
    } catch {
      // Another process claimed it first.
    }
  }
  claimed.sort((a, b) => a.order.localeCompare(b.order));
  const entries: SpoolEntry[] = [];
  for (const c of claimed) {
    try {
      const e = JSON.parse(readFileSync(c.path, 'utf8')) as SpoolEntry;
      if (e && typeof e.sessionId === 'string' && Array.isArray(e.events)) entries.push(e);
    } catch {
      // A damaged file cannot be replayed; it is removed with the rest.
    }
  }
  return {
    entries,
    done: () => {
      for (const c of claimed) rmSync(c.path, { force: true });
    },
  };
}
