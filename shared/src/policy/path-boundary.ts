import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { getHost } from '../platforms/host-table.js';

export type BoundaryResult = { ok: true; realPath: string } | { ok: false; reason: string };

function inside(child: string, root: string, caseInsensitive: boolean): boolean {
  const a = caseInsensitive ? child.toLowerCase() : child;
  const b = caseInsensitive ? root.toLowerCase() : root;
  const rel = relative(b, a);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel) && !rel.startsWith(`..${sep}`));
}

/** The project settings file a user shares rules in, as the rules host names it (`.claude/settings.json`). */
export function sharedRulesFile(): string {
  const project = getHost('claude-code').paths.value.permissionFiles?.project ?? [];
  return (project[project.length - 1] ?? 'settings.json').replace('<project>/', '');
}

function real(p: string): string {
  try {
    return realpathSync.native(p);
  } catch {
    return p;
  }
}

/**
 * Whether `path` (relative paths resolve against the project) lies inside `projectRoot`, both as written and
 * after resolving symlinks, so a link inside the project that points outside is refused too.
 */
export function checkInsideProject(
  path: string,
  projectRoot: string,
  platform: NodeJS.Platform = process.platform,
): BoundaryResult {
  const ci = platform === 'darwin' || platform === 'win32';
  const root = resolve(projectRoot);
  const lexical = resolve(root, path);
  const how =
    `Only files inside the project (${root}) are allowed. To allow this one, add a Read rule to ` +
    `permissions.allow in ${sharedRulesFile()}, e.g. "Read(${lexical})", or copy the file into the project.`;
  if (!inside(lexical, root, ci)) return { ok: false, reason: `${path} is outside the project. ${how}` };
  const realPath = real(lexical);
  if (!inside(realPath, real(root), ci)) {
    return { ok: false, reason: `${path} resolves to ${realPath}, outside the project. ${how}` };
  }
  return { ok: true, realPath };
}
