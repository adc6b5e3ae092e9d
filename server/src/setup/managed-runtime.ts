import { dataHome } from '@context-mode/shared/project/data-home';
import { PACKAGE_NAME } from '@context-mode/shared/setup/product';
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { basename, join, resolve } from 'node:path';

/**
 * The managed runtime's layout under the data home. Hosts pin `runtime/node_modules/ctxmode/bin/…`; `runtime` is a
 * link to one install under `runtimes/`, so switching versions is one rename of a new link over it, and the path
 * hosts pin never changes. `runtime.previous` links the install before the last switch (`upgrade --rollback`).
 * A `runtime` that is still a plain directory (installed by an older version) is moved under `runtimes/` at the
 * first switch.
 */
export interface RuntimeLayout {
  /** What hosts pin: a link to the current install (or a legacy plain directory). */
  current: string;
  /** A link to the install before the last switch. */
  previous: string;
  /** Every install, each an npm prefix of its own. */
  installs: string;
}

export function runtimeLayout(env: NodeJS.ProcessEnv): RuntimeLayout {
  const home = dataHome(env);
  return { current: join(home, 'runtime'), previous: join(home, 'runtime.previous'), installs: join(home, 'runtimes') };
}

/** The bin of a runtime (an npm prefix with ctxmode installed), whether or not it exists. */
export function runtimeBinOf(prefix: string): string {
  return join(prefix, 'node_modules', PACKAGE_NAME, 'bin', 'context-mode.cjs');
}

/** The ctxmode version installed in a prefix, or null. */
export function installedVersion(prefix: string): string | null {
  try {
    return String(JSON.parse(readFileSync(join(prefix, 'node_modules', PACKAGE_NAME, 'package.json'), 'utf8')).version);
  } catch {
    return null;
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The install a link points at (absolute), or undefined when the link is missing or dangling. */
export function linkTarget(link: string): string | undefined {
  if (!isLink(link)) return undefined;
  const target = resolve(join(link, '..'), readlinkSync(link));
  return existsSync(target) ? target : undefined;
}

/** Points `link` at `target` with one rename of a fresh link over it (relative, so a moved data home still works). */
function pointLink(link: string, target: string, layout: RuntimeLayout): void {
  const tmp = `${link}.switch-${process.pid}`;
  rmSync(tmp, { force: true });
  // Junctions need no privilege on Windows but take an absolute target (Node would resolve a relative one against
  // the working directory); elsewhere the type is ignored and a relative link survives a moved data home.
  const to = process.platform === 'win32' ? target : join(basename(layout.installs), basename(target));
  symlinkSync(to, tmp, 'junction');
  try {
    renameSync(tmp, link);
  } catch (err) {
    // Windows will not rename over a junction: take the old link away first (a moment without a runtime).
    if (!isLink(link)) {
      unlinkSync(tmp);
      throw err;
    }
    unlinkSync(link);
    renameSync(tmp, link);
  }
}

/**
 * Makes `install` the current runtime and keeps the one it replaces as `runtime.previous`; installs that are
 * neither are deleted. Returns the replaced install, if there was one.
 */
export function switchRuntime(layout: RuntimeLayout, install: string): string | undefined {
  let replaced = linkTarget(layout.current);
  if (!replaced && existsSync(layout.current) && !isLink(layout.current)) {
    // A plain directory from an older version: it becomes an install like any other (two renames, this once).
    replaced = join(layout.installs, `legacy-${Date.now()}`);
    renameSync(layout.current, replaced);
    try {
      pointLink(layout.current, install, layout);
    } catch (err) {
      renameSync(replaced, layout.current);
      throw err;
    }
  } else {
    if (isLink(layout.current) && !replaced) unlinkSync(layout.current);
    pointLink(layout.current, install, layout);
  }
  if (replaced && replaced !== install) pointLink(layout.previous, replaced, layout);
  pruneInstalls(layout);
  return replaced;
}

/** Present in an install while it is being staged; a stage younger than an hour may be another upgrade's. */
export const STAGING_MARK = '.staging';
const STAGE_GRACE_MS = 60 * 60_000;

function stagedRecently(dir: string): boolean {
  try {
    return Date.now() - statSync(join(dir, STAGING_MARK)).mtimeMs < STAGE_GRACE_MS;
  } catch {
    return false;
  }
}

/** Deletes installs that are neither current nor previous (earlier upgrades, stages a crash left behind). */
function pruneInstalls(layout: RuntimeLayout, keep: readonly string[] = []): void {
  const live = new Set([linkTarget(layout.current), linkTarget(layout.previous), ...keep]);
  let names: string[];
  try {
    names = readdirSync(layout.installs);
  } catch {
    return;
  }
  for (const name of names) {
    const dir = join(layout.installs, name);
    if (!live.has(dir) && !stagedRecently(dir)) rmSync(dir, { recursive: true, force: true });
  }
}

/** The line of a crashed Node process's stderr that names the error (`Error: …`), else its first line. */
export function crashLine(stderr: string, fallback: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.find((l) => /^\w*(Error|Exception)\b/.test(l)) ?? lines[0] ?? fallback;
}

export interface BinDoctorCheck {
  status: 'OK' | 'WARN' | 'FAIL';
  name: string;
  detail: string;
  fix?: string;
}

/** Runs `doctor --json` with a runtime's bin: its checks, or the line that says why it did not run. */
export function binDoctor(
  bin: string,
  env: NodeJS.ProcessEnv,
  project: string,
): { checks: BinDoctorCheck[] } | { error: string } {
  const r = spawnSync(process.execPath, [bin, 'doctor', '--json', '--project', project], {
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  try {
    const checks = (JSON.parse(r.stdout) as { checks: BinDoctorCheck[] }).checks;
    if (Array.isArray(checks)) return { checks };
  } catch {
    // Not JSON: the bin crashed or printed something else; its stderr says why.
  }
  return { error: crashLine(r.stderr ?? '', r.error?.message ?? `exit ${r.status}`) };
}
