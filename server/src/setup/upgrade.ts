import { findHostByName } from '@context-mode/shared/platforms/host-table';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { makeDirs } from '@context-mode/shared/project/data-home';
import type { UpgradeReport } from '@context-mode/shared/protocol/upgrade';
import { PACKAGE_NAME, UPGRADE_FROM_TARBALL } from '@context-mode/shared/setup/product';
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import {
  binDoctor,
  installedVersion,
  linkTarget,
  runtimeBinOf,
  runtimeLayout,
  switchRuntime,
  type BinDoctorCheck,
} from './managed-runtime.js';
import { defaultLauncher, managedRuntimeBin, runSetup, setUpHosts } from './run-setup.js';
import { stageRuntime } from './stage-runtime.js';

export type { UpgradeReport };

export interface UpgradeOptions {
  env?: NodeJS.ProcessEnv;
  home?: string;
  /** A package tarball (or directory) to install instead of the newest version on the npm registry. */
  from?: string;
  /** npm executable (tests and odd installs may point elsewhere). */
  npm?: string;
  /** The project the new runtime's doctor checks (default: the current directory). */
  project?: string;
}

function emptyReport(env: NodeJS.ProcessEnv, installed: string): UpgradeReport {
  const layout = runtimeLayout(env);
  return {
    schema: 'context-mode.upgrade/1',
    runtime: layout.current,
    installed,
    before: installedVersion(layout.current),
    after: null,
    hosts: [],
    ok: false,
  };
}

/** Re-runs setup for exactly the hosts recorded as set up, so their pinned commands name the runtime. */
function repinHosts(env: NodeJS.ProcessEnv, home: string | undefined, report: UpgradeReport): void {
  const bin = runtimeBinOf(runtimeLayout(env).current);
  for (const rec of setUpHosts(env)) {
    const host = findHostByName(rec.host) as HostRecord | undefined;
    if (!host) continue;
    const plan = runSetup({
      hosts: [host],
      scope: rec.scope,
      ...(rec.project ? { project: rec.project } : {}),
      ...(rec.parts ? { parts: rec.parts } : {}),
      env,
      ...(home ? { home } : {}),
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
}

/**
 * `ctxmode upgrade`: a transaction. The newest `ctxmode` from the npm registry (or `--from <tarball>`) is staged
 * beside the current runtime and checked (see stageRuntime); only then does one rename make it the runtime, the
 * replaced one is kept for `--rollback`, and setup re-runs for exactly the hosts recorded as set up. A failed
 * check leaves the current runtime and every host file as they were. The caller runs doctor afterwards.
 */
export function runUpgrade(opts: UpgradeOptions = {}): UpgradeReport {
  const env = opts.env ?? process.env;
  const spec = opts.from ? (isAbsolute(opts.from) ? opts.from : resolve(opts.from)) : `${PACKAGE_NAME}@latest`;
  const report = emptyReport(env, spec);
  if (opts.from && !existsSync(spec)) return { ...report, error: `--from ${opts.from}: no such file` };
  const layout = runtimeLayout(env);
  makeDirs(layout.installs);
  const staged = stageRuntime({
    env,
    spec,
    local: !!opts.from,
    dir: join(layout.installs, `${Date.now()}-${process.pid}`),
    project: opts.project ?? process.cwd(),
    ...(opts.npm ? { npm: opts.npm } : {}),
  });
  if (!staged.ok) {
    // Until the package is published, the registry answers 404: say what works instead of npm's error alone.
    const unpublished = !opts.from && staged.step === 'install' && /\bE404\b|\b404 Not Found\b/.test(staged.error);
    const error = unpublished
      ? `${staged.error}; ${PACKAGE_NAME} is not on this npm registry: upgrade from a release tarball instead: ${UPGRADE_FROM_TARBALL}`
      : staged.error;
    return { ...report, failedStep: staged.step, error };
  }
  try {
    switchRuntime(layout, staged.dir);
  } catch (err) {
    return { ...report, failedStep: 'switch', error: `cannot switch ${layout.current}: ${(err as Error).message}` };
  }
  report.after = staged.version;
  const kept = linkTarget(layout.previous);
  if (kept) report.previous = installedVersion(kept);
  repinHosts(env, opts.home, report);
  report.ok = report.hosts.every((h) => !h.errors.length);
  return report;
}

/** `ctxmode upgrade --rollback`: the runtime before the last switch becomes the runtime again (and vice versa). */
export function runRollback(opts: { env?: NodeJS.ProcessEnv; home?: string } = {}): UpgradeReport {
  const env = opts.env ?? process.env;
  const layout = runtimeLayout(env);
  const previous = linkTarget(layout.previous);
  const report = emptyReport(env, previous ?? layout.previous);
  report.rolledBack = true;
  if (!previous || !existsSync(runtimeBinOf(previous))) {
    return {
      ...report,
      failedStep: 'rollback',
      error: `no previous runtime to go back to (${layout.previous}); an upgrade keeps the one it replaces`,
    };
  }
  try {
    switchRuntime(layout, previous);
  } catch (err) {
    return { ...report, failedStep: 'switch', error: `cannot switch ${layout.current}: ${(err as Error).message}` };
  }
  report.after = installedVersion(previous);
  const kept = linkTarget(layout.previous);
  if (kept) report.previous = installedVersion(kept);
  repinHosts(env, opts.home, report);
  report.ok = report.hosts.every((h) => !h.errors.length);
  return report;
}

/**
 * Runs `doctor --json` with the managed runtime's own bin, so the checks describe what was installed (its SQLite
 * driver, its version), not the program that ran the upgrade. A runtime that cannot even run doctor is a FAIL.
 */
export function runtimeDoctor(env: NodeJS.ProcessEnv, project: string): BinDoctorCheck[] {
  const bin = managedRuntimeBin(env);
  if (!bin) return [{ status: 'FAIL', name: 'runtime', detail: 'no managed runtime installed' }];
  const doctor = binDoctor(bin, env, project);
  if ('checks' in doctor) return doctor.checks;
  return [
    {
      status: 'FAIL',
      name: 'runtime',
      detail: `${bin} doctor did not run: ${doctor.error}`,
      fix: 'Run `ctxmode upgrade --rollback` to go back to the previous runtime, or `ctxmode upgrade` again.',
    },
  ];
}
