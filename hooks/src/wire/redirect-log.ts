import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataHome, makeDirs } from '@context-mode/shared/project/data-home';
import type { RedirectMeta } from '../routing/decision.js';

/** One redirect, as appended to `<dataHome>/run/redirects/<session>.jsonl` by the pre-tool hook. */
export interface RedirectRecord extends RedirectMeta {
  at: number;
  sessionId: string;
}

function safeName(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120) || 'unknown';
}

/** Where a session's redirects are noted; consumers read and truncate it. */
export function redirectLogPath(env: NodeJS.ProcessEnv, sessionId: string): string {
  return join(dataHome(env), 'run', 'redirects', `${safeName(sessionId)}.jsonl`);
}

/**
 * Notes a redirect without opening SQLite (pre-tool must start fast). A line under PIPE_BUF is appended
 * atomically, so concurrent hooks never interleave. Failures are swallowed: the note is bookkeeping.
 */
export function recordRedirect(env: NodeJS.ProcessEnv, sessionId: string, meta: RedirectMeta, at: number): void {
  try {
    const path = redirectLogPath(env, sessionId);
    makeDirs(join(path, '..'));
    const rec: RedirectRecord = { at, sessionId, ...meta, summary: meta.summary.slice(0, 200) };
    appendFileSync(path, `${JSON.stringify(rec)}\n`);
  } catch {
    // Read-only or full disk: the redirect itself still happens.
  }
}
