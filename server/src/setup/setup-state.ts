import { dataHome, makeDirs } from '@context-mode/shared/project/data-home';
import type { SetupPart } from '@context-mode/shared/protocol/setup';
import type { JsonPath } from '@context-mode/shared/setup/jsonc-edit';
import { isPidAlive } from '@context-mode/shared/project/live-servers';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

/** What setup wrote into one file, so uninstall can put back the original bytes and upgrade can redo setup. */
export interface FileRecord {
  /** SHA-256 of the bytes setup left; when the file still has them, uninstall restores the backup exactly. */
  sha256: string;
  /** The file did not exist before setup. */
  fileCreated: boolean;
  /** Copy of the bytes before the first setup (absent when the file was created). */
  backup?: string;
  created: JsonPath[];
  /** Directories setup created for this file (uninstall removes them again when empty). */
  dirsCreated?: string[];
  /** Settings setup changed from another value, with that value (uninstall sets it back). */
  replaced?: { path: JsonPath; value: unknown }[];
}

interface HostRecordState {
  /** The parts asked for (absent = all); upgrade and doctor --fix redo exactly these. */
  parts?: SetupPart[];
  scope: 'user' | 'project';
  project: string | null;
  at: string;
  files: Record<string, FileRecord>;
  /**
   * When an uninstall of this host could not finish (a read-only file): the records of the files it could not
   * clean stay, so a later uninstall can, but the host is no longer wanted — upgrade and `doctor --fix` leave it
   * alone (the user may have taken our part out by hand since). A setup of the host takes it back.
   */
  uninstallRequested?: string;
}

export interface SetupState {
  version: 1;
  hosts: Record<string, HostRecordState>;
  /**
   * Hosts whose uninstall finished, with when: `doctor --fix` does not set them up again (a detected host with no
   * registration is otherwise one of its fixes). A setup of the host takes it off this list.
   */
  uninstalled?: Record<string, string>;
  /**
   * Files in which an uninstall gave back the context-mode entry the user had written before setup, with when. A
   * later uninstall, with no setup record for the file any more, leaves that entry alone: it took everything of ours
   * already, and without this it took the user's entry it had just given back (uninstall twice ≠ uninstall once).
   */
  givenBack?: Record<string, string>;
}

export function setupDir(env: NodeJS.ProcessEnv): string {
  return join(dataHome(env), 'setup');
}

function statePath(env: NodeJS.ProcessEnv): string {
  return join(setupDir(env), 'state.json');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The record of every host set up on this machine (per project for project scope). Missing or broken → empty. */
export function readSetupState(env: NodeJS.ProcessEnv): SetupState {
  const p = statePath(env);
  if (!existsSync(p)) return { version: 1, hosts: {} };
  try {
    const s = JSON.parse(readFileSync(p, 'utf8')) as SetupState;
    return s && s.version === 1 && s.hosts && typeof s.hosts === 'object' ? s : { version: 1, hosts: {} };
  } catch {
    return { version: 1, hosts: {} };
  }
}

export function writeSetupState(env: NodeJS.ProcessEnv, state: SetupState): void {
  const p = statePath(env);
  makeDirs(dirname(p));
  const tmp = `${p}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(tmp, p);
}

/** Key of a host's record: the host id, plus the project for project-scope setups (one per repository). */
export function stateKey(host: string, scope: 'user' | 'project', project: string | null): string {
  return scope === 'project' && project ? `${host}@${project}` : host;
}

/** Whether the lock's holder (the pid written in it) is gone from this machine: killed, so the lock is stale. */
function holderGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8').trim());
  } catch {
    return false;
  }
  // Empty: the holder has created it and not yet written its pid (or it was killed in between; the age rule covers it).
  return Number.isInteger(pid) && pid > 0 && !isPidAlive(pid);
}

/**
 * Runs `fn` holding the setup lock (`<data home>/setup/state.lock`, made with O_EXCL, holding the holder's pid), so
 * two setups, upgrades or uninstalls at once take turns and neither loses the other's record. A lock whose holder
 * is no longer running (killed) is taken over at once; one older than `staleMs` (a holder on another machine
 * sharing the data home) too.
 */
export function withSetupLock<T>(env: NodeJS.ProcessEnv, fn: () => T, staleMs = 60_000, waitMs = 120_000): T {
  const dir = setupDir(env);
  makeDirs(dir);
  const lock = join(dir, 'state.lock');
  const deadline = Date.now() + waitMs;
  const nap = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      try {
        if (holderGone(lock) || Date.now() - statSync(lock).mtimeMs > staleMs) unlinkSync(lock);
      } catch {
        // Released meanwhile: try again.
      }
      if (Date.now() > deadline)
        throw new Error(`another ctxmode setup holds ${lock}; if none is running, delete that file and try again`, {
          cause: err,
        });
      Atomics.wait(nap, 0, 0, 50);
    }
  }
  try {
    return fn();
  } finally {
    try {
      unlinkSync(lock);
    } catch {
      // Already gone (taken over as stale): nothing to release.
    }
  }
}

/**
 * The hosts recorded as set up, for upgrade, doctor and `doctor --fix`: not those whose uninstall could not finish
 * (the user asked for them to go; re-wiring them would undo that).
 */
export function setUpHosts(
  env: NodeJS.ProcessEnv,
): { key: string; host: string; scope: 'user' | 'project'; project: string | null; parts?: SetupPart[] }[] {
  const wanted = Object.entries(readSetupState(env).hosts).filter(([, r]) => !r.uninstallRequested);
  return wanted.map(([key, r]) => ({
    key,
    host: key.split('@')[0]!,
    scope: r.scope,
    project: r.project,
    ...(r.parts ? { parts: r.parts } : {}),
  }));
}

/** The hosts the user uninstalled (and has not set up since): nothing offers to wire them again. */
export function uninstalledHosts(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(readSetupState(env).uninstalled ?? {});
}

/** The hosts whose uninstall could not finish: no longer wanted, so nothing re-wires them (doctor --fix, upgrade). */
export function uninstallRequestedHosts(env: NodeJS.ProcessEnv): string[] {
  const hosts = Object.entries(readSetupState(env).hosts).filter(([, r]) => r.uninstallRequested);
  return [...new Set(hosts.map(([key]) => key.split('@')[0]!))];
}
