import { resolve } from 'node:path';
import { allHosts, projectDirFromEnv, resolveHost } from '../platforms/resolve-host.js';
import { findProjectRoot } from './project-identity.js';

export interface ProjectRootInput {
  /** A directory named on purpose (the CLI's `--project`); wins over everything else. */
  explicit?: string | undefined;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * The one answer to "which project am I in?", shared by the MCP server, every CLI command and the dashboard:
 *
 * 1. `explicit` (the CLI's `--project <dir>`),
 * 2. `CONTEXT_MODE_PROJECT_DIR`,
 * 3. the workspace env var of the host detected from env (or forced with `CONTEXT_MODE_PLATFORM`),
 * 4. any host's workspace env var,
 * 5. `cwd`.
 *
 * Whatever wins goes through findProjectRoot (the nearest `.git` above it), the resolver hooks use too, so a
 * subdirectory and its repository are one project with one id on every surface.
 */
export function resolveProjectRoot(input: ProjectRootInput): string {
  // A relative --project or env path is relative to the cwd given, not to wherever this process started.
  return findProjectRoot(resolve(input.cwd, chooseStartDir(input)));
}

function chooseStartDir({ explicit, env, cwd }: ProjectRootInput): string {
  const named = explicit?.trim() || env.CONTEXT_MODE_PROJECT_DIR?.trim();
  if (named) return named;
  const hostDir = projectDirFromEnv(resolveHost(undefined, env), env)?.trim();
  if (hostDir) return hostDir;
  for (const host of allHosts()) {
    const dir = host.projectDirEnv.value.map((name) => env[name]?.trim()).find(Boolean);
    if (dir) return dir;
  }
  return cwd;
}
