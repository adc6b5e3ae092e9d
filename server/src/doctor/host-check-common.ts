// What every host check shares: the check shape, its input, and the file and command probes.
import type { DoctorAutoFix } from '@context-mode/shared/protocol/doctor';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { hostFilePath } from '@context-mode/shared/platforms/host-paths';
import { BIN_NAME } from '@context-mode/shared/setup/product';
import { errorMessage } from '@context-mode/shared/errors/error-message';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

type CheckStatus = 'OK' | 'WARN' | 'FAIL';

/** What `doctor --fix` may do about a check: the one type the --json report carries. */
export type AutoFix = DoctorAutoFix;

export interface HostCheck {
  status: CheckStatus;
  name: string;
  detail: string;
  fix?: string;
  autoFix?: AutoFix;
}

export interface HostCheckInput {
  env: NodeJS.ProcessEnv;
  home: string;
  project?: string;
  platform?: NodeJS.Platform;
  /** Hosts recorded as set up on this machine (ids). */
  setUp?: string[];
  /** Hosts set up without an MCP registration (e.g. the VS Code extension registers the server itself). */
  withoutMcp?: string[];
  /** Hosts the user uninstalled: their absence is what was asked for, not a problem to fix. */
  uninstalled?: string[];
}

/** A host file that does not parse: the host cannot read it either, so only the user can say what it should hold. */
export function unreadableFile(name: string, path: string, err: unknown): HostCheck {
  return {
    status: 'FAIL',
    name,
    detail: errorMessage(err),
    fix: `Fix ${path} by hand; the host cannot read it either.`,
  };
}

/** A program name or path the hook would run, resolved the way a shell would (PATH for bare names). */
export function resolvable(command: string, env: NodeJS.ProcessEnv): boolean {
  if (isAbsolute(command)) return existsSync(command);
  return (env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));
}

/** The absolute paths a pinned command names (node and bin), or the bare `ctxmode` of a portable one. */
export function commandTargets(command: string): string[] {
  const quoted = [...command.matchAll(/"([^"]+)"|'([^']+)'/g)].map((m) => (m[1] ?? m[2])!).filter((p) => isAbsolute(p));
  if (quoted.length) return [...new Set(quoted)];
  return new RegExp(`(command -v|Get-Command) ${BIN_NAME}\\b`).test(command) ? [BIN_NAME] : [];
}

export function readIfExists(path: string): string | undefined {
  try {
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

/** A FAIL when a host's config path is a directory: the host cannot read it and setup cannot write it. */
function directoryInstead(name: string, path: string, host: HostRecord): HostCheck | undefined {
  try {
    if (!statSync(path).isDirectory()) return undefined;
  } catch {
    return undefined;
  }
  return {
    status: 'FAIL',
    name,
    detail: `${path} is a directory, where ${host.displayName} reads a file`,
    fix: `Move ${path} aside (it holds no settings), then run: ${setupCmd(host)}`,
  };
}

export function setupCmd(host: HostRecord): string {
  return `ctxmode setup --host ${host.id}`;
}

/**
 * The host's files of one kind (project scope first, then user, each once) with their text; a path that is a
 * directory adds its FAIL to `out` instead, and a missing file is skipped.
 */
export function readHostFiles(
  name: string,
  host: HostRecord,
  kind: 'mcpConfig' | 'hooksFile',
  input: HostCheckInput,
  out: HostCheck[],
): { paths: string[]; files: { path: string; text: string }[] } {
  const ctx = {
    env: input.env,
    home: input.home,
    ...(input.project ? { project: input.project } : {}),
    ...(input.platform ? { platform: input.platform } : {}),
  };
  const paths = [
    ...new Set(
      (['project', 'user'] as const).map((s) => hostFilePath(host, kind, s, ctx)).filter((p): p is string => !!p),
    ),
  ];
  const files: { path: string; text: string }[] = [];
  for (const path of paths) {
    const isDir = directoryInstead(name, path, host);
    if (isDir) out.push(isDir);
    const text = isDir ? undefined : readIfExists(path);
    if (text !== undefined) files.push({ path, text });
  }
  return { paths, files };
}
