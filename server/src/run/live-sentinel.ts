import { mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type LiveServerRecord, sentinelPath } from '@context-mode/shared/project/live-servers';
import { projectId } from '@context-mode/shared/project/project-identity';
import { isoTime } from './iso-time.js';

/** The sentinel of this server process: written at start, rewritten when the host becomes known, removed at exit. */
export interface LiveSentinel {
  readonly path: string;
  /** Records the host once MCP initialize named it. */
  setHost(host: string | undefined): void;
  /** Deletes the file; safe to call more than once and from an exit handler (synchronous). */
  remove(): void;
}

/**
 * Writes `<dataHome>/run/mcp-<pid>.json` atomically (temp file + rename), so a hook never reads half a record.
 * Failure to write (read-only data dir) is reported on stderr and otherwise ignored: the server still serves,
 * hooks just do not redirect to it.
 */
export function writeLiveSentinel(
  projectRoot: string,
  env: NodeJS.ProcessEnv = process.env,
  pid: number = process.pid,
): LiveSentinel {
  let path = '';
  const record: LiveServerRecord = {
    pid,
    projectId: projectId(projectRoot),
    projectRoot,
    startedAt: isoTime(),
    host: null,
  };
  let removed = false;
  const write = (): void => {
    if (removed) return;
    try {
      path = sentinelPath(pid, env);
      mkdirSync(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(record) + '\n');
      renameSync(tmp, path);
    } catch (err) {
      process.stderr.write(`context-mode: live-server sentinel not written: ${(err as Error).message}\n`);
    }
  };
  write();
  return {
    get path() {
      return path;
    },
    setHost(host) {
      const next = host ?? null;
      if (next === record.host) return;
      record.host = next;
      write();
    },
    remove() {
      if (removed) return;
      removed = true;
      try {
        if (path) unlinkSync(path);
      } catch {
        // Already gone.
      }
    },
  };
}
