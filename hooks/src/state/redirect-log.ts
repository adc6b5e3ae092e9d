import { appendFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeDirs } from '@context-mode/shared/project/data-home';
import { redirectNotePath, type RedirectNote } from '@context-mode/shared/ledger/redirect-notes';
import type { RedirectMeta } from '../core/decision.js';

/**
 * Notes a redirect without opening SQLite (pre-tool must start fast); stats fold the notes into the ledger. A
 * line under PIPE_BUF is appended atomically, so concurrent hooks never interleave. Failures are swallowed:
 * the note is bookkeeping.
 */
export function recordRedirect(
  env: NodeJS.ProcessEnv,
  where: { sessionId: string; host: string; projectDir: string },
  meta: RedirectMeta,
  at: number,
): void {
  try {
    const path = redirectNotePath(env, where.sessionId);
    makeDirs(dirname(path));
    const note: RedirectNote = { at, ...where, ...meta, summary: meta.summary.slice(0, 200) };
    appendFileSync(path, `${JSON.stringify(note)}\n`);
  } catch {
    // Read-only or full disk: the redirect itself still happens.
  }
}
