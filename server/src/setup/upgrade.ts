import { nodeSqliteAvailable } from '@context-mode/shared/db/drivers';
import { findHostByName } from '@context-mode/shared/platforms/host-table';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { dataHome, makeDirs } from '@context-mode/shared/project/data-home';
import type { UpgradeReport } from '@context-mode/shared/protocol/upgrade';
import { PACKAGE_NAME } from '@context-mode/shared/setup/product';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { defaultLauncher, managedRuntimeBin, runSetup, setUpHosts } from './run-setup.js';

export type { UpgradeReport };

export interface UpgradeOptions {
  env?: NodeJS.ProcessEnv;
  home?: string;
  /** A package tarball (or directory) to install instead of the newest version on the npm registry. */
  from?: string;
  /** npm executable (tests and odd installs may point elsewhere). */
  npm?: string;
}

function runtimeDir(env: NodeJS.ProcessEnv): string {
  return join(dataHome(env), 'runtime');
}

function installedVersion(runtime: string): string | null {
  const pkg = join(runtime, 'node_modules', PACKAGE_NAME, 'package.json');
  try {
    return existsSync(pkg) ? String(JSON.parse(readFileSync(pkg, 'utf8')).version) : null;
  } catch {
    return null;
  }
}

/**
 * `ctxmode upgrade`: installs the newest `ctxmode` from the npm registry (or `--from <tarball>`) into the managed
 * runtime (`<data home>/runtime`, a private npm prefix), re-runs setup for exactly the hosts recorded as set up
 * (so their pinned commands point at the runtime), and reports versions and changed files. Hosts that were never
 * set up are not touched. The caller runs doctor afterwards.
 */
export function runUpgrade(opts: UpgradeOptions = {}): UpgradeReport {
  const env = opts.env ?? process.env;
  const runtime = runtimeDir(env);
  const spec = opts.from ? (isAbsolute(opts.from) ? opts.from : resolve(opts.from)) : `${PACKAGE_NAME}@latest`;
  const report: UpgradeReport = {
    schema: 'context-mode.upgrade/1',
    runtime,
    installed: spec,
    before: installedVersion(runtime),
    after: null,
    hosts: [],
    ok: false,
  };
  if (opts.from && !existsSync(spec)) return { ...report, error: `--from ${opts.from}: no such file` };
  makeDirs(runtime);
  // A package.json of its own keeps npm from walking up into whatever project surrounds the data dir.
  if (!existsSync(join(runtime, 'package.json'))) {
    writeFileSync(join(runtime, 'package.json'), '{ "name": "context-mode-runtime", "private": true }\n');
  }
  const npm = opts.npm ?? (process.platform === 'win32' ? 'npm.cmd' : 'npm');
  // The only dependency left outside the bundle is better-sqlite3, a native addon that may compile for minutes;
  // a Node with node:sqlite does not need it. The Node running this install is the one that will run the runtime.
  const omitOptional = nodeSqliteAvailable() ? ['--omit=optional'] : [];
  // A local tarball with its one optional dependency omitted has nothing to fetch, but npm still asks the registry
  // for that dependency's metadata and hangs offline (an IDE installing the engine it ships, a firewalled machine).
  const offline = opts.from && omitOptional.length ? ['--offline'] : [];
  // A package folder (the engine packed in the VS Code extension) is copied, not linked: the folder goes away when
  // the extension is updated or removed, and the runtime must outlive it.
  const copyFolder = opts.from && statSync(spec).isDirectory() ? ['--install-links'] : [];
  const r = spawnSync(
    npm,
    [
      'install',
      '--prefix',
      runtime,
      '--no-audit',
      '--no-fund',
      '--omit=dev',
      ...omitOptional,
      ...offline,
      ...copyFolder,
      '--save-exact',
      spec,
    ],
    {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 10 * 60_000,
    },
  );
  if (r.status !== 0) {
    const why = (r.stderr || r.error?.message || '').trim().split('\n').slice(-3).join(' ');
    return { ...report, error: `npm install ${spec} failed: ${why}` };
  }
  report.after = installedVersion(runtime);
  const bin = managedRuntimeBin(env);
  if (!bin) return { ...report, error: `the installed package has no bin/context-mode.cjs under ${runtime}` };
  for (const rec of setUpHosts(env)) {
    const host = findHostByName(rec.host) as HostRecord | undefined;
    if (!host) continue;
    const plan = runSetup({
      hosts: [host],
      scope: rec.scope,
      ...(rec.project ? { project: rec.project } : {}),
      ...(rec.parts ? { parts: rec.parts } : {}),
      env,
      ...(opts.home ? { home: opts.home } : {}),
      launcher: defaultLauncher(env, bin),
    });
    const files = plan.hosts[0]?.files ?? [];
    report.hosts.push({
      host: rec.host,
      scope: rec.scope,
      project: rec.project,
      changed: files
        .filter((f) => f.action !== 'unchanged' && f.action !== 'error')
        .map((f) => `${f.action} ${f.path}`),
      errors: files.filter((f) => f.error).map((f) => f.error!.message),
    });
  }
  report.ok = report.hosts.every((h) => !h.errors.length);
  return report;
}

/**
 * Runs `doctor --json` with the managed runtime's own bin, so the checks describe what was installed (its SQLite
 * driver, its version), not the program that ran the upgrade. A runtime that cannot even run doctor is a FAIL.
 */
export function runtimeDoctor(
  env: NodeJS.ProcessEnv,
  project: string,
): { status: 'OK' | 'WARN' | 'FAIL'; name: string; detail: string; fix?: string }[] {
  const bin = managedRuntimeBin(env);
  if (!bin) return [{ status: 'FAIL', name: 'runtime', detail: 'no managed runtime installed' }];
  const r = spawnSync(process.execPath, [bin, 'doctor', '--json', '--project', project], {
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  try {
    return (
      JSON.parse(r.stdout) as {
        checks: { status: 'OK' | 'WARN' | 'FAIL'; name: string; detail: string; fix?: string }[];
      }
    ).checks;
  } catch {
    const why = (r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n').slice(-2).join(' ');
    return [
      {
        status: 'FAIL',
        name: 'runtime',
        detail: `${bin} doctor did not run: ${why}`,
        fix: 'Run `ctxmode upgrade` again, or report the error.',
      },
    ];
  }
}
