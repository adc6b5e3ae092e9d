import { join } from 'node:path';
import { dataHome } from '../project/data-home.js';

/**
 * A pre-tool redirect, noted by the hook as one JSON line in `<dataHome>/run/redirects/<session>.jsonl` (the
 * hook must not open SQLite) and folded into the project's ledger as a `hook-redirect` row when stats are read.
 */
export interface RedirectNote {
  at: number;
  sessionId: string;
  host: string;
  /** The directory the host reported; the ledger row goes to the project containing it. */
  projectDir: string;
  tool: string;
  type: string;
  /** Estimate of what the redirected call would have returned (reported apart, never counted as saved). */
  bytesAvoided: number;
  summary: string;
}

export function redirectNotesDir(env: NodeJS.ProcessEnv): string {
  return join(dataHome(env), 'run', 'redirects');
}

export function redirectNotePath(env: NodeJS.ProcessEnv, sessionId: string): string {
  const safe = sessionId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120) || 'unknown';
  return join(redirectNotesDir(env), `${safe}.jsonl`);
}
