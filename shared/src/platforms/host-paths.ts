import { homedir } from 'node:os';
import { join } from 'node:path';
import type { HostRecord, OsPaths } from './types.js';

export interface PathContext {
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  home?: string;
  project?: string;
}

/**
 * Expands a table path: `~` → home, `<project>` → the project root, `%APPDATA%` / `%LOCALAPPDATA%` → their
 * env values (falling back to the usual locations under home). Undefined when `<project>` is needed but unknown.
 */
function expandHostPath(path: string, ctx: PathContext = {}): string | undefined {
  const env = ctx.env ?? process.env;
  const home = ctx.home ?? homedir();
  if (path.includes('<project>') && !ctx.project) return undefined;
  let out = path.replace('<project>', ctx.project ?? '');
  out = out.replace('%APPDATA%', env.APPDATA || join(home, 'AppData', 'Roaming'));
  out = out.replace('%LOCALAPPDATA%', env.LOCALAPPDATA || join(home, 'AppData', 'Local'));
  if (out === '~' || out.startsWith('~/')) out = join(home, out.slice(1));
  return out;
}

/** The path for the current (or given) OS from a per-OS table entry. */
export function pathForOs(paths: OsPaths | undefined, ctx: PathContext = {}): string | undefined {
  const os = (ctx.platform ?? process.platform) as keyof OsPaths;
  const raw = paths?.[os] ?? paths?.linux;
  return raw === undefined ? undefined : expandHostPath(raw, ctx);
}

/** The host's config dir: its relocation env var (e.g. CODEX_HOME) when set, else the table's per-OS default. */
export function hostConfigDir(host: HostRecord, ctx: PathContext = {}): string | undefined {
  const env = ctx.env ?? process.env;
  const override = host.paths.value.configDirEnv ? env[host.paths.value.configDirEnv] : undefined;
  if (override && override.trim()) return override;
  return pathForOs(host.paths.value.configDir, ctx);
}

/**
 * A host's MCP config or hooks file for a scope, expanded for this machine. User files under the host's default
 * config dir follow its relocation env var (e.g. `~/.codex/config.toml` → `$CODEX_HOME/config.toml`).
 * Undefined when the host has no such file for that scope (or the project is needed but not given).
 */
export function hostFilePath(
  host: HostRecord,
  file: 'mcpConfig' | 'hooksFile',
  scope: 'project' | 'user',
  ctx: PathContext = {},
): string | undefined {
  const entry = host.paths.value[file];
  if (!entry) return undefined;
  if (scope === 'project') return entry.project ? expandHostPath(entry.project, ctx) : undefined;
  return userPath(host, entry.user, ctx);
}

/** The host's permission-rule settings files for a project, most specific first (empty when it has none). */
export function hostPermissionFiles(host: HostRecord, ctx: PathContext & { project: string }): string[] {
  const entry = host.paths.value.permissionFiles;
  if (!entry) return [];
  const files = entry.project.map((p) => expandHostPath(p, ctx)).filter((p): p is string => p !== undefined);
  const user = userPath(host, entry.user, ctx);
  return user ? [...files, user] : files;
}

/** A user-scope path for this OS; under the host's default config dir it follows the relocation env var. */
function userPath(host: HostRecord, paths: OsPaths | undefined, ctx: PathContext): string | undefined {
  const os = (ctx.platform ?? process.platform) as keyof OsPaths;
  const raw = paths?.[os] ?? paths?.linux;
  if (!raw) return undefined;
  const env = ctx.env ?? process.env;
  const relocated = host.paths.value.configDirEnv ? env[host.paths.value.configDirEnv] : undefined;
  const defaultDir = host.paths.value.configDir[os] ?? host.paths.value.configDir.linux;
  if (relocated && relocated.trim() && defaultDir && (raw === defaultDir || raw.startsWith(`${defaultDir}/`))) {
    return join(relocated, raw.slice(defaultDir.length));
  }
  return expandHostPath(raw, ctx);
}
