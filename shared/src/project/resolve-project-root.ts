import { resolve } from 'node:path';
import { projectDirFromEnv, resolveHost } from '../platforms/resolve-host.js';
import { allHosts } from '../platforms/host-table.js';
import { findProjectRoot } from './project-identity.js';
import { readSetting } from '../settings/settings.js';

export interface ProjectRootInput {
  /** A directory named on purpose (the CLI's `--project`); wins over everything else. */
  explicit?: string | undefined;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /**
   * Who asks. `host` (default): a process a host started (the MCP server), whose cwd may be anywhere, so the host's
   * workspace variable is the better guess. `cli`: a person (or an agent's shell) typing a command where they are;
   * host variables are skipped, because VS Code's and JetBrains' terminals inherit launch-directory variables
   * (`VSCODE_CWD`, `IDEA_INITIAL_DIRECTORY`) that name where the editor was started, not the project.
   */
  caller?: 'host' | 'cli';
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
 * Steps 3 and 4 apply to the `host` caller only (see `caller`).
 *
 * Whatever wins goes through findProjectRoot (the nearest `.git` above it), the resolver hooks use too, so a
 * subdirectory and its repository are one project with one id on every surface.
 */
export function resolveProjectRoot(input: ProjectRootInput): string {
  // A relative --project or env path is relative to the cwd given, not to wherever this process started.
  return findProjectRoot(resolve(input.cwd, chooseStartDir(input)));
}

function chooseStartDir({ explicit, env, cwd, caller = 'host' }: ProjectRootInput): string {
  const named = explicit?.trim() || readSetting('projectDir', env);
  if (named) return named;
  if (caller === 'cli') return cwd;
  const hostDir = projectDirFromEnv(resolveHost(undefined, env), env)?.trim();
  if (hostDir) return hostDir;
  for (const host of allHosts()) {
    const dir = host.projectDirEnv.value.map((name) => env[name]?.trim()).find(Boolean);
    if (dir) return dir;
  }
  return cwd;
}
