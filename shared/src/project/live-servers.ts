import { readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { dataHome } from './data-home.js';
import { findProjectRoot, projectId } from './project-identity.js';

/**
 * Live-server sentinels: each running MCP server writes `<dataHome>/run/mcp-<pid>.json` at start and removes it
 * on exit. Hooks redirect a tool call to the `ctx_*` tools only when a live server serves the project, so this
 * reader must stay cheap: no SQLite, no MCP SDK, only `fs` and one `kill(pid, 0)` per candidate file.
 */
export interface LiveServerRecord {
  pid: number;
  projectId: string;
  projectRoot: string;
  /** ISO time the server started. */
  startedAt: string;
  /** Host id once known from MCP clientInfo (or CONTEXT_MODE_PLATFORM); null before initialize. */
  host: string | null;
}

/** The directory holding the sentinels. */
function runDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(dataHome(env), 'run');
}

/** The sentinel file of one server process. */
export function sentinelPath(pid: number, env: NodeJS.ProcessEnv = process.env): string {
  return join(runDir(env), `mcp-${pid}.json`);
}

/** True when `pid` names a running process; EPERM means it exists but belongs to someone else. */
export function isPidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Every sentinel whose process is alive. Files of dead processes are deleted on the way (a crashed server
 * never removed its own); unreadable or half-written files are skipped, never deleted, since a writer may
 * be mid-rename on a file system without atomic rename.
 */
export function listLiveServers(env: NodeJS.ProcessEnv = process.env): LiveServerRecord[] {
  const live: LiveServerRecord[] = [];
  for (const { file, pid } of filesOfLiveProcesses(env, /^mcp-(\d+)\.json$/)) {
    const record = readRecord(file);
    if (record && record.pid === pid) live.push(record);
  }
  return live;
}

/**
 * The files in the run dir named after a pid (`pattern`'s first group) whose process is alive. Files of dead
 * processes are deleted on the way (a crashed writer never removed its own); reading them is the caller's job.
 */
function filesOfLiveProcesses(env: NodeJS.ProcessEnv, pattern: RegExp): { file: string; pid: number }[] {
  let dir: string;
  let names: string[];
  try {
    dir = runDir(env);
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const found: { file: string; pid: number }[] = [];
  for (const name of names) {
    const m = pattern.exec(name);
    if (!m) continue;
    const file = join(dir, name);
    const pid = Number(m[1]);
    if (isPidAlive(pid)) {
      found.push({ file, pid });
      continue;
    }
    try {
      unlinkSync(file);
    } catch {
      // Another reader removed it first, or the dir is read-only: either way it is not live.
    }
  }
  return found;
}

/**
 * True when a live MCP server serves the project that contains `projectRoot`. The directory is matched both
 * as given and through findProjectRoot, so a hook passing the payload cwd (maybe a subdirectory) still finds
 * the server started at the repository root.
 */
export function isServerLive(projectRoot: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const servers = listLiveServers(env);
  if (servers.length === 0) return false;
  const ids = new Set([projectId(projectRoot)]);
  try {
    ids.add(projectId(findProjectRoot(projectRoot)));
  } catch {
    // Unreadable directory: the plain id is all we have.
  }
  return servers.some((s) => ids.has(s.projectId));
}

function readRecord(file: string): LiveServerRecord | undefined {
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<LiveServerRecord>;
    if (typeof raw.pid !== 'number' || typeof raw.projectId !== 'string') return undefined;
    return {
      pid: raw.pid,
      projectId: raw.projectId,
      projectRoot: String(raw.projectRoot ?? ''),
      startedAt: String(raw.startedAt ?? ''),
      host: typeof raw.host === 'string' ? raw.host : null,
    };
  } catch {
    return undefined;
  }
}

/**
 * On-demand registrations: an IDE that registers our MCP server with its host but lets the host start it only at
 * the first call of one of its tools (VS Code starts MCP servers lazily) writes `<dataHome>/run/on-demand-<pid>.json`
 * with its own pid and the workspace root. A hook may redirect to the `ctx_*` tools then too — the host will start
 * the server when the model calls them; without this, floods before the first ctx_* call went through unredirected.
 */
export function onDemandPath(pid: number, env: NodeJS.ProcessEnv = process.env): string {
  return join(runDir(env), `on-demand-${pid}.json`);
}

/** Every on-demand registration whose registering process is alive (dead ones are deleted on the way). */
export function listOnDemandServers(
  env: NodeJS.ProcessEnv = process.env,
): { pid: number; projectRoot: string; host: string | null }[] {
  const found: { pid: number; projectRoot: string; host: string | null }[] = [];
  for (const { file, pid } of filesOfLiveProcesses(env, /^on-demand-(\d+)\.json$/)) {
    try {
      const raw = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; projectRoot?: unknown; host?: unknown };
      if (raw.pid === pid && typeof raw.projectRoot === 'string' && raw.projectRoot) {
        found.push({ pid, projectRoot: raw.projectRoot, host: typeof raw.host === 'string' ? raw.host : null });
      }
    } catch {
      // Half-written or foreign: skipped, never deleted (see listLiveServers).
    }
  }
  return found;
}
