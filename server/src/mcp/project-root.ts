import { allHosts, projectDirFromEnv, resolveHost } from '@context-mode/shared/platforms/resolve-host';
import { findProjectRoot } from '@context-mode/shared/project/project-identity';

/**
 * The project a server serves, decided once at start (before the host introduces itself):
 * `CONTEXT_MODE_PROJECT_DIR`, else the workspace env vars of the host detected from env (or forced with
 * CONTEXT_MODE_PLATFORM), else any host's workspace env var, else `cwd`. The result goes through
 * findProjectRoot, the same resolver hooks use, so both sides agree on the project id.
 */
export function resolveServerProjectRoot(env: NodeJS.ProcessEnv, cwd: string): string {
  const explicit = env.CONTEXT_MODE_PROJECT_DIR?.trim();
  let dir = explicit || projectDirFromEnv(resolveHost(undefined, env), env);
  if (!dir) {
    for (const host of allHosts()) {
      dir = host.projectDirEnv.value.map((name) => env[name]?.trim()).find(Boolean);
      if (dir) break;
    }
  }
  return findProjectRoot(dir || cwd);
}
