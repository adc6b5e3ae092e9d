import { existsSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { dataHome, ensureWritableDir } from './data-home.js';
import { sha256Hex } from './sha256-hex.js';

// SHA-256 in plain JavaScript (sha256-hex.ts): loading node:crypto costs several milliseconds and ~2 MiB of
// RSS, and the pre-tool hook and the MCP front hash one short path at most.

/** Real path with separators normalised; lower-cased where the file system is case-insensitive by default. */
export function normaliseRoot(root: string, platform: NodeJS.Platform = process.platform): string {
  let real: string;
  try {
    real = realpathSync.native(resolve(root));
  } catch {
    real = resolve(root);
  }
  let norm = real.replace(/\\/g, '/');
  if (norm.length > 1) norm = norm.replace(/\/+$/, '');
  if (platform === 'darwin' || platform === 'win32') norm = norm.toLowerCase();
  return norm;
}

/** `<id>` = first 16 hex of SHA-256 of the normalised real root path (docs/architecture.md#data-layout-as-it-really-is). */
export function projectId(root: string): string {
  return sha256Hex(normaliseRoot(root)).slice(0, 16);
}

/**
 * The project root for a directory: the nearest ancestor holding `.git` (a directory, or a file in a linked
 * worktree, so each worktree is its own project), else the directory itself.
 */
export function findProjectRoot(start: string): string {
  let dir = resolve(start);
  try {
    if (!statSync(dir).isDirectory()) dir = dirname(dir);
  } catch {
    return dir;
  }
  for (let cur = dir; ;) {
    if (existsSync(join(cur, '.git'))) return cur;
    const up = dirname(cur);
    if (up === cur) return dir;
    cur = up;
  }
}

export interface ProjectPaths {
  id: string;
  root: string;
  dir: string;
  knowledgeDb: string;
  memoryDb: string;
  projectJson: string;
}

export function projectPaths(root: string, env: NodeJS.ProcessEnv = process.env): ProjectPaths {
  const id = projectId(root);
  const dir = join(dataHome(env), 'projects', id);
  return {
    id,
    root: resolve(root),
    dir,
    knowledgeDb: join(dir, 'knowledge.db'),
    memoryDb: join(dir, 'memory.db'),
    projectJson: join(dir, 'project.json'),
  };
}

/** Creates the project's data dir (or throws DataDirError naming CONTEXT_MODE_HOME) and records project.json once. */
export function ensureProject(root: string, env: NodeJS.ProcessEnv = process.env): ProjectPaths {
  const paths = projectPaths(root, env);
  ensureWritableDir(paths.dir, env);
  if (!existsSync(paths.projectJson)) {
    const meta = { root: normaliseRoot(root), name: basename(paths.root), created: new Date().toISOString() };
    writeFileSync(paths.projectJson, JSON.stringify(meta, null, 2) + '\n');
  }
  return paths;
}

export interface ProjectMeta {
  id: string;
  root: string;
  name: string;
  created: string;
}

export function readProjectMeta(dir: string): ProjectMeta | undefined {
  try {
    const meta = JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8')) as Omit<ProjectMeta, 'id'>;
    return { id: basename(dir), ...meta };
  } catch {
    return undefined;
  }
}
