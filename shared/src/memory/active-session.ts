import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectPaths } from '../project/project-identity.js';

/**
 * Which session the host is in, for the MCP server of hosts that do not tell it (VS Code, JetBrains, …): their
 * hooks receive a session id with every payload, the server none, so without this the server's savings went to a
 * per-process `mcp-…` session that no session view ever showed (the VS Code status bar read "-818 B" while the
 * project had saved 168 KB). Hooks that open session memory (session start, prompt) leave the id here; the server
 * books under it while it is recent.
 */
const FILE = 'active-session.json';

/** Older than this, the note is from a conversation that has ended; the server keeps its own id. */
const ACTIVE_SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

interface ActiveSessionNote {
  sessionId: string;
  host: string;
  time: number;
}

/** Records `sessionId` as the project's active one (atomic replace; a failure only loses the hint). */
export function noteActiveSession(projectDataDir: string, note: ActiveSessionNote): void {
  const path = join(projectDataDir, FILE);
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, JSON.stringify(note));
    renameSync(tmp, path);
  } catch {
    // The data dir is read-only or gone: the server then books under its own id, as before.
  }
}

function readNote(projectRoot: string, env: NodeJS.ProcessEnv): { sessionId: string; time: number } | undefined {
  try {
    const note = JSON.parse(
      readFileSync(join(projectPaths(projectRoot, env).dir, FILE), 'utf8'),
    ) as Partial<ActiveSessionNote>;
    if (typeof note.sessionId !== 'string' || !note.sessionId || typeof note.time !== 'number') return undefined;
    return { sessionId: note.sessionId, time: note.time };
  } catch {
    return undefined;
  }
}

/** The project's active hook session, when one was noted within `maxAgeMs`. */
export function activeSessionId(
  projectRoot: string,
  env: NodeJS.ProcessEnv = process.env,
  now = Date.now(),
  maxAgeMs = ACTIVE_SESSION_MAX_AGE_MS,
): string | undefined {
  const note = readNote(projectRoot, env);
  return note && now - note.time <= maxAgeMs ? note.sessionId : undefined;
}

/**
 * The project's active hook session when it was noted at or after `since` (e.g. when a server started): a note
 * from before may be a conversation of another window that has ended.
 */
export function sessionNotedSince(
  projectRoot: string,
  since: number,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const note = readNote(projectRoot, env);
  return note && note.time >= since ? note.sessionId : undefined;
}
