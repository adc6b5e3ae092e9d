import { realpathSync } from 'node:fs';
import { sep } from 'node:path';
import { binDoctor, installedVersion, linkTarget, runtimeBinOf, runtimeLayout } from '../setup/managed-runtime.js';
import { managedRuntimeBin, ownBin } from '../setup/run-setup.js';
import type { DoctorCheck } from './doctor-checks.js';

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * The managed runtime the hosts pin: it must start and open a store with its own SQLite driver (its own
 * `doctor --json`). Skipped when there is none, and when this process is a managed install itself (its other
 * checks already are the runtime's). A broken runtime with a previous one kept offers the rollback as the fix.
 */
export function runtimeCheck(env: NodeJS.ProcessEnv, project: string): DoctorCheck | undefined {
  const bin = managedRuntimeBin(env);
  const layout = runtimeLayout(env);
  if (!bin) return undefined;
  let self: string | undefined;
  try {
    self = real(ownBin());
  } catch {
    self = undefined;
  }
  if (self && (self === real(bin) || self.startsWith(real(layout.installs) + sep))) return undefined;
  const version = installedVersion(layout.current) ?? 'unknown version';
  const previous = linkTarget(layout.previous);
  const canRollBack = previous !== undefined && real(runtimeBinOf(previous)) !== real(bin);
  const broken = (detail: string): DoctorCheck => ({
    status: 'FAIL',
    name: 'runtime',
    detail,
    fix: canRollBack
      ? `Run \`ctxmode upgrade --rollback\` (back to ${installedVersion(previous!) ?? 'the previous runtime'}); \`ctxmode doctor --fix\` does it.`
      : 'Run `ctxmode upgrade` (or `ctxmode upgrade --from <ctxmode-<version>.tgz>`) to install a working runtime.',
    ...(canRollBack ? { autoFix: { kind: 'rollback-runtime' as const } } : {}),
  });
  const doctor = binDoctor(bin, env, project);
  if ('error' in doctor) return broken(`ctxmode ${version} at ${bin} does not start: ${doctor.error}`);
  const checks = doctor.checks;
  const sqlite = checks.find((c) => c.name === 'sqlite');
  if (!sqlite || sqlite.status === 'FAIL') {
    return broken(
      `ctxmode ${version} at ${bin} cannot open its store: ${sqlite?.detail ?? 'no SQLite driver reported'}`,
    );
  }
  return { status: 'OK', name: 'runtime', detail: `ctxmode ${version} at ${bin} starts and opens its store` };
}
