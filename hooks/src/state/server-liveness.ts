import { findProjectRoot, normaliseRoot } from '@context-mode/shared/project/project-identity';
import { isServerLive, listLiveServers, listOnDemandServers } from '@context-mode/shared/project/live-servers';

/**
 * True when a live MCP server (pid-probed sentinel) serves the project containing `projectDir`. Sentinels
 * carry the server's project root, so the common case compares normalised roots — the same string the
 * project id hashes — and never loads node:crypto; records without a root fall back to the id comparison.
 */
export function serverServesProject(projectDir: string, env: NodeJS.ProcessEnv): boolean {
  const servers = listLiveServers(env);
  const onDemand = listOnDemandServers(env);
  if (servers.length === 0 && onDemand.length === 0) return false;
  const wanted = new Set([normaliseRoot(projectDir)]);
  try {
    wanted.add(normaliseRoot(findProjectRoot(projectDir)));
  } catch {
    // Unreadable directory: the directory itself is all we can match.
  }
  if (servers.some((s) => s.projectRoot !== '' && wanted.has(normaliseRoot(s.projectRoot)))) return true;
  // A server the IDE registered and the host starts at the first ctx_* call (VS Code): as good as live. Its
  // workspace may be a subdirectory of the repository the server will serve.
  if (
    onDemand.some((r) => wanted.has(normaliseRoot(r.projectRoot)) || wanted.has(normaliseRoot(rootOf(r.projectRoot))))
  )
    return true;
  return servers.some((s) => s.projectRoot === '') ? isServerLive(projectDir, env) : false;
}

function rootOf(dir: string): string {
  try {
    return findProjectRoot(dir);
  } catch {
    return dir;
  }
}
