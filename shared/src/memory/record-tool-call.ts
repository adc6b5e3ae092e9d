import { ensureProject, findProjectRoot } from '../project/project-identity.js';
import { extractToolEvents, type ToolCallInput } from './extract-tool-events.js';
import { SPOOL_INGEST_THRESHOLD, spoolEntry } from './memory-spool.js';

/**
 * post-tool's memory work, kept apart from the rest of session-hooks so the hook loads only extraction and a
 * file write: no SQLite, no snapshot builder, no ledger. Returns how many events were spooled, and whether
 * the spool grew past its threshold (the caller then ingests it).
 */
export function recordToolCall(
  s: { projectDir: string; sessionId: string; host: { id: string }; env?: NodeJS.ProcessEnv; now?: number },
  call: ToolCallInput,
): { events: number; ingestNeeded: boolean; projectRoot: string } {
  const extraction = extractToolEvents(call);
  const projectRoot = findProjectRoot(s.projectDir);
  if (extraction.events.length === 0 && !extraction.call) return { events: 0, ingestNeeded: false, projectRoot };
  const paths = ensureProject(projectRoot, s.env ?? process.env);
  const pending = spoolEntry(paths.dir, {
    sessionId: s.sessionId,
    host: s.host.id,
    worktree: projectRoot,
    now: s.now ?? Date.now(),
    events: extraction.events,
    ...(extraction.call ? { call: extraction.call } : {}),
  });
  return { events: extraction.events.length, ingestNeeded: pending > SPOOL_INGEST_THRESHOLD, projectRoot };
}
