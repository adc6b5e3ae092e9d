/**
 * What removing the extension takes away. Without asking (the `vscode:uninstall` hook cannot ask): the `ctxmode`
 * launcher the extension wrote, and the files of windows that are gone. After asking (the Remove All Data command):
 * the data home's own folders. Nothing that is not ours: a launcher someone else wrote stays, and a data home holding
 * other files keeps them (CONTEXT_MODE_HOME may point at a folder that is not only ours).
 */
import { readdirSync, readFileSync, rmSync, rmdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { COMMAND_NAME, isOurShim } from '../runtime/command-shim.js';
import { onDemandRegistrationPath } from '../engine/on-demand-registration.js';

/** The folders the engine keeps under its data home (see docs/vscode.md, "Uninstall"). */
const DATA_ENTRIES = ['projects', 'run', 'runtime', 'setup', 'logs', 'cache'] as const;

export function dataHomeOf(env: NodeJS.ProcessEnv, home = homedir()): string {
  const custom = env.CONTEXT_MODE_HOME;
  return custom && custom.trim() ? custom : join(home, '.context-mode');
}

/** Removes ~/.local/bin/ctxmode when the extension wrote it; returns its path when removed. */
export function removeOurLauncher(home = homedir()): string | undefined {
  const path = join(home, '.local', 'bin', COMMAND_NAME);
  let content: string;
  try {
    content = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  if (!isOurShim(content)) return undefined;
  rmSync(path, { force: true });
  return path;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the on-demand registrations of extension hosts that no longer run; returns the removed paths. */
export function removeDeadWindowFiles(dataHome: string, alive: (pid: number) => boolean = pidAlive): string[] {
  let names: string[];
  try {
    names = readdirSync(join(dataHome, 'run'));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = /^on-demand-(\d+)\.json(\.tmp)?$/.exec(name);
    if (!m || alive(Number(m[1]))) continue;
    const path = m[2] ? join(dataHome, 'run', name) : onDemandRegistrationPath(dataHome, Number(m[1]));
    rmSync(path, { force: true });
    removed.push(path);
  }
  return removed;
}

/** Removes the engine's folders from the data home, then the home itself if nothing else is left in it. */
export function removeData(dataHome: string): { removed: string[]; kept: string[] } {
  const removed: string[] = [];
  for (const entry of DATA_ENTRIES) {
    const path = join(dataHome, entry);
    try {
      readdirSync(path);
    } catch {
      continue;
    }
    rmSync(path, { recursive: true, force: true });
    removed.push(path);
  }
  let kept: string[];
  try {
    kept = readdirSync(dataHome);
  } catch {
    return { removed, kept: [] };
  }
  if (!kept.length) rmdirSync(dataHome);
  return { removed, kept };
}
