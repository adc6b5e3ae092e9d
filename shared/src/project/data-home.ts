import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { readSetting, settingName } from '../settings/settings.js';

/** Raised when the data directory cannot be used; the message always names `CONTEXT_MODE_HOME`. */
export class DataDirError extends Error {
  override readonly name = 'DataDirError';
}

/** The data root: `CONTEXT_MODE_HOME` when set (must be absolute), else `~/.context-mode`. */
export function dataHome(env: NodeJS.ProcessEnv = process.env): string {
  const configured = readSetting('home', env);
  if (configured) {
    if (!isAbsolute(configured)) {
      throw new DataDirError(
        `CONTEXT_MODE_HOME must be an absolute path, got "${configured}". Set it to e.g. ${join(homedir(), '.context-mode')}.`,
      );
    }
    return configured;
  }
  // An empty or relative HOME would put the data under whatever directory the process runs in.
  let fallback = '';
  try {
    fallback = homedir();
  } catch {
    // No passwd entry either: handled below.
  }
  const home = [env.HOME, env.USERPROFILE, fallback].find((h) => h !== undefined && h.trim() !== '' && isAbsolute(h));
  if (!home)
    throw new DataDirError(
      'context-mode found no home directory (HOME is empty or relative). Set CONTEXT_MODE_HOME to an absolute path.',
    );
  return join(home, '.context-mode');
}

/**
 * `mkdir -p` that always ends. Node's `mkdirSync(dir, { recursive: true })` loops forever where a file system
 * answers ENOENT for a directory whose parent exists (e.g. under /proc), which would hang a hook; this walks
 * up at most 64 levels, then creates the missing directories in order, and throws the first real error.
 */
export function makeDirs(dir: string): void {
  const missing: string[] = [];
  let d = resolve(dir);
  for (let i = 0; i < 64; i++) {
    try {
      statSync(d);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      missing.push(d);
      const parent = dirname(d);
      if (parent === d) break;
      d = parent;
    }
  }
  for (const m of missing.reverse()) {
    try {
      mkdirSync(m);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

/** Creates `dir` if needed and proves it writable, or throws a DataDirError that says how to fix it. */
export function ensureWritableDir(dir: string, env: NodeJS.ProcessEnv = process.env): string {
  try {
    makeDirs(dir);
    if (!statSync(dir).isDirectory()) {
      throw Object.assign(new Error(`${dir} is not a directory`), { code: 'ENOTDIR' });
    }
    accessSync(dir, constants.W_OK);
    return dir;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    const from = readSetting('home', env) ? settingName('home') : 'the default ~/.context-mode';
    throw new DataDirError(
      `context-mode cannot write its data directory ${dir} (${code}; from ${from}). ` +
        'Set CONTEXT_MODE_HOME to a writable absolute path.',
    );
  }
}
