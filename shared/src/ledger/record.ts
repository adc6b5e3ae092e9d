import type { Database, Statement } from '../db/types.js';
import { projectPaths } from '../project/project-identity.js';
import { openLedgerForRoot } from './ledger-db.js';
import type { LedgerEntry, LedgerKind } from './types.js';
import { readSetting } from '../settings/settings.js';
import { redactText } from '../policy/redact.js';
import { errorMessage } from '../errors/error-message.js';

const KINDS: ReadonlySet<LedgerKind> = new Set([
  'sandbox',
  'index',
  'fetch',
  'search',
  'hook-replace',
  'hook-redirect',
  'own-cost',
]);

interface Handle {
  db: Database;
  insert: Statement;
}

// One handle per project data dir for the life of the process: recordLedger runs on every MCP tool call and
// must cost one prepared INSERT, not an open + migration check.
const handles = new Map<string, Handle>();

// projectPaths hashes the real path of the root: worth remembering per (root, data home) for a hot path.
const dirs = new Map<string, string>();

function handleFor(projectRoot: string, env: NodeJS.ProcessEnv): Handle {
  const memo = `${projectRoot}\0${readSetting('home', env) ?? ''}\0${env.HOME ?? ''}`;
  let key = dirs.get(memo);
  if (key === undefined) {
    key = projectPaths(projectRoot, env).dir;
    dirs.set(memo, key);
  }
  const cached = handles.get(key);
  if (cached?.db.open) return cached;
  const db = openLedgerForRoot(projectRoot, env);
  const insert = db.prepare(
    `INSERT INTO ledger (time, session_id, host, tool, kind, raw_bytes, returned_bytes, source_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const handle = { db, insert };
  handles.set(key, handle);
  return handle;
}

function bytes(n: unknown): number {
  const v = typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : 0;
  return v > 0 ? v : 0;
}

/**
 * The one write path into the savings ledger. Never throws: a ledger failure must not fail the tool call that
 * produced the bytes. Returns why the entry was dropped (undefined when stored); the caller decides whether to
 * say so (shared does no process I/O: hook processes inherit it, and the protocol owns stdout).
 */
export function recordLedger(
  projectRoot: string,
  entry: LedgerEntry,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  try {
    if (!entry || !KINDS.has(entry.kind)) throw new Error(`unknown ledger kind ${String(entry?.kind)}`);
    const { insert } = handleFor(projectRoot, env);
    insert.run(
      typeof entry.time === 'number' && Number.isFinite(entry.time) ? Math.round(entry.time) : Date.now(),
      String(entry.sessionId || 'unknown'),
      String(entry.host || 'unknown'),
      String(entry.tool || 'unknown'),
      entry.kind,
      bytes(entry.rawBytes),
      bytes(entry.returnedBytes),
      // A source label can carry the command that produced it; stored text goes through the one redactor.
      entry.sourceId === undefined ? null : redactText(entry.sourceId),
    );
    return undefined;
  } catch (err) {
    return `ledger entry dropped: ${errorMessage(err)}`;
  }
}

/** Closes every cached ledger handle (server shutdown, tests, purge of a project). */
export function closeLedgerHandles(projectDataDir?: string): void {
  for (const [key, h] of handles) {
    if (projectDataDir && key !== projectDataDir) continue;
    try {
      h.db.close();
    } catch {
      // Already closed.
    }
    handles.delete(key);
  }
}
