import { nodeSqliteAvailable } from '@context-mode/shared/db/drivers';
import type { UpgradeStep } from '@context-mode/shared/protocol/upgrade';
import { PACKAGE_NAME } from '@context-mode/shared/setup/product';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { binDoctor, crashLine, installedVersion, runtimeBinOf, STAGING_MARK } from './managed-runtime.js';

export interface StageOptions {
  env: NodeJS.ProcessEnv;
  /** The npm spec: `ctxmode@latest`, or an absolute path to a tarball or a package folder. */
  spec: string;
  /** Whether the spec is a local tarball or folder (install offline: nothing to fetch). */
  local: boolean;
  /** Where to stage (a fresh directory under `runtimes/`). */
  dir: string;
  /** The project `doctor` checks in the staged runtime. */
  project: string;
  npm?: string;
}

export type StageResult =
  { ok: true; dir: string; version: string | null } | { ok: false; step: UpgradeStep; error: string };

/**
 * The lines of npm's error output that say what failed: its `npm error` lines without the pointer to the debug
 * log, the `path` line (which package) first. The last lines of the output are mostly that pointer.
 */
function npmFailure(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^npm (error|ERR!)/.test(l))
    .map((l) => l.replace(/^npm (error|ERR!)\s*/, ''))
    .filter((l) => l && !/complete log of this run|^A complete log|^\s*$/i.test(l) && l !== 'command failed');
  const byPath = lines.filter((l) => l.startsWith('path '));
  const rest = lines.filter((l) => !l.startsWith('path '));
  const chosen = [...byPath, ...rest].slice(0, 5);
  if (chosen.length) return chosen.join('; ');
  const tail = stderr.trim().split('\n').filter(Boolean);
  return tail.find((l) => /error/i.test(l))?.trim() ?? tail[0]?.trim() ?? 'no output';
}

function npmRun(npm: string, args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync(npm, args, {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 10 * 60_000,
  });
}

/** The checks a staged runtime's doctor must pass: the runtime itself, not the user's hosts or stores. */
const RUNTIME_CHECKS = ['version', 'node', 'sqlite', 'data dir'];

/**
 * Installs the spec into a fresh prefix beside the current runtime and checks it before anything switches:
 * installed with scripts off, its name must be ctxmode (a foreign package is refused before any of its scripts
 * runs); then its install scripts run (the SQLite driver's build); its bin must start; its `doctor --json` must
 * pass the runtime's own checks with a SQLite driver that opens. A failed stage is deleted.
 */
export function stageRuntime(opts: StageOptions): StageResult {
  const fail = (step: UpgradeStep, error: string): StageResult => {
    rmSync(opts.dir, { recursive: true, force: true });
    return { ok: false, step, error };
  };
  mkdirSync(opts.dir, { recursive: true });
  writeFileSync(join(opts.dir, STAGING_MARK), `${process.pid}\n`);
  // A package.json of its own keeps npm from walking up into whatever project surrounds the data dir.
  writeFileSync(join(opts.dir, 'package.json'), '{ "name": "context-mode-runtime", "private": true }\n');
  const npm = opts.npm ?? (process.platform === 'win32' ? 'npm.cmd' : 'npm');
  // The only dependency left outside the bundle is better-sqlite3, a native addon that may compile for minutes;
  // a Node with node:sqlite does not need it. The Node running this install is the one that will run the runtime.
  const omitOptional = nodeSqliteAvailable() ? ['--omit=optional'] : [];
  // A local tarball with its one optional dependency omitted has nothing to fetch, but npm still asks the registry
  // for that dependency's metadata and hangs offline (an IDE installing the engine it ships, a firewalled machine).
  const offline = opts.local && omitOptional.length ? ['--offline'] : [];
  const common = ['--prefix', opts.dir, '--no-audit', '--no-fund', ...offline];
  // A package folder (the engine packed in the VS Code extension) is copied, not linked: the folder goes away when
  // the extension is updated or removed, and the runtime must outlive it.
  const copyFolder = opts.local && statSync(opts.spec).isDirectory() ? ['--install-links'] : [];
  const install = npmRun(
    npm,
    ['install', ...common, '--omit=dev', ...omitOptional, ...copyFolder, '--ignore-scripts', '--save-exact', opts.spec],
    opts.env,
  );
  if (install.status !== 0) {
    return fail(
      'install',
      `npm install ${opts.spec} failed: ${npmFailure(install.stderr || install.error?.message || '')}`,
    );
  }
  let names: string[] = [];
  try {
    names = Object.keys(JSON.parse(readFileSync(join(opts.dir, 'package.json'), 'utf8')).dependencies ?? {});
  } catch {
    // Unreadable: treated as not ctxmode below.
  }
  if (names.length !== 1 || names[0] !== PACKAGE_NAME || !existsSync(join(opts.dir, 'node_modules', PACKAGE_NAME))) {
    const what = names.length ? names.map((n) => `"${n}"`).join(', ') : 'no package';
    const incumbent = names.includes('context-mode') ? ' (context-mode on npm is another product)' : '';
    return fail(
      'package',
      `${opts.spec} is ${what}, not ${PACKAGE_NAME}${incumbent}: refused before any of its scripts ran; the current runtime is unchanged`,
    );
  }
  const scripts = npmRun(npm, ['rebuild', ...common], opts.env);
  if (scripts.status !== 0) {
    return fail(
      'scripts',
      `install scripts failed: ${npmFailure(scripts.stderr || scripts.error?.message || '')}; the current runtime is unchanged`,
    );
  }
  const bin = runtimeBinOf(opts.dir);
  if (!existsSync(bin)) {
    return fail('bin', `the package has no bin/context-mode.cjs (${bin}); the current runtime is unchanged`);
  }
  const start = spawnSync(process.execPath, [bin, '--version'], { env: opts.env, encoding: 'utf8', timeout: 60_000 });
  if (start.status !== 0) {
    const why = crashLine(start.stderr ?? '', start.error?.message ?? `exit ${start.status}`);
    return fail(
      'start',
      `the new ctxmode does not start (\`${bin} --version\`: ${why}); the current runtime is unchanged`,
    );
  }
  const doctor = binDoctor(bin, opts.env, opts.project);
  if ('error' in doctor) {
    return fail('doctor', `the new ctxmode's doctor did not run (${doctor.error}); the current runtime is unchanged`);
  }
  const checks = doctor.checks;
  const failed = checks.filter((c) => RUNTIME_CHECKS.includes(c.name) && c.status === 'FAIL');
  const sqlite = checks.find((c) => c.name === 'sqlite');
  if (failed.length || sqlite?.status !== 'OK') {
    const what = failed.length
      ? failed.map((c) => `${c.name}: ${c.detail}`).join('; ')
      : `sqlite: ${sqlite?.detail ?? 'no SQLite check reported'}`;
    return fail(
      failed.some((c) => c.name !== 'sqlite') ? 'doctor' : 'sqlite',
      `the new ctxmode fails its doctor (${what}); the current runtime is unchanged`,
    );
  }
  unlinkSync(join(opts.dir, STAGING_MARK));
  return { ok: true, dir: opts.dir, version: installedVersion(opts.dir) };
}
