import { allHosts } from '@context-mode/shared/platforms/host-table';
import { hostConfigDir } from '@context-mode/shared/platforms/host-paths';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { dataHome } from '@context-mode/shared/project/data-home';
import type { SetupPart, SetupPlan } from '@context-mode/shared/protocol/setup';
import type { Launcher } from '@context-mode/shared/setup/hook-command';
import {
  planSetup,
  type PlanContext,
  type PlannedFile,
  type PlannedHost,
  type Scope,
} from '@context-mode/shared/setup/plan-setup';
import { SetupError } from '@context-mode/shared/setup/setup-error';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  readSetupState,
  setupDir,
  sha256,
  stateKey,
  withSetupLock,
  writeSetupState,
  type FileRecord,
  type SetupState,
} from './setup-state.js';
import { runtimeBinOf, runtimeLayout } from './managed-runtime.js';

export { setUpHosts, uninstalledHosts, uninstallRequestedHosts } from './setup-state.js';
import { assertWritable, backupFile, readForPlan, writeAtomic } from './write-file.js';
import { readSetting } from '@context-mode/shared/settings/settings';

export interface SetupRunOptions {
  hosts: readonly HostRecord[];
  scope: Scope;
  project?: string;
  dryRun?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Home directory for `~` in host paths (tests use a temp one; defaults to HOME). */
  home?: string;
  platform?: NodeJS.Platform;
  /** How user-level files start us; default: the managed runtime if installed, else this package's own bin. */
  launcher?: Launcher;
  /** Only these parts (default all). */
  parts?: readonly SetupPart[];
}

/** The bin of the managed install (`<data home>/runtime`), when one is installed. */
export function managedRuntimeBin(env: NodeJS.ProcessEnv): string | undefined {
  const bin = runtimeBinOf(runtimeLayout(env).current);
  return existsSync(bin) ? bin : undefined;
}

/** This package's own bin (from dist/ or src/, whichever this module runs from). */
export function ownBin(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'bin', 'context-mode.cjs');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error('cannot find bin/context-mode.cjs next to this module');
}

/**
 * User-level files pin Node, the bin (the managed runtime's when present, else the running package's) and a
 * non-default data home, so a server started with a filtered environment still shares its data with the hooks.
 */
export function defaultLauncher(env: NodeJS.ProcessEnv, bin: string = managedRuntimeBin(env) ?? ownBin()): Launcher {
  const custom = readSetting('home', env) ? dataHome(env) : undefined;
  return { kind: 'pinned', node: process.execPath, bin, ...(custom ? { dataHome: custom } : {}) };
}

/** Hosts whose config directory exists under this home (what `--all-detected` sets up). */
export function detectedHosts(env: NodeJS.ProcessEnv, home: string): HostRecord[] {
  return allHosts().filter((h) => {
    const dir = hostConfigDir(h, { env, home });
    return dir !== undefined && existsSync(dir);
  });
}

export function planContext(opts: SetupRunOptions, env: NodeJS.ProcessEnv): PlanContext {
  return {
    scope: opts.scope,
    ...(opts.project ? { project: opts.project } : {}),
    launcher: opts.launcher ?? defaultLauncher(env),
    paths: { env, home: opts.home ?? env.HOME ?? homedir(), platform: opts.platform ?? process.platform },
    read: readForPlan,
    ...(opts.parts ? { parts: opts.parts } : {}),
  };
}

export function toPublic(
  command: 'setup' | 'uninstall',
  opts: SetupRunOptions,
  hosts: PlannedHost[],
  applied: boolean,
): SetupPlan {
  return {
    schema: 'context-mode.setup-plan/1',
    command,
    dryRun: !!opts.dryRun,
    applied,
    project: opts.project ?? null,
    scope: opts.scope,
    ok: hosts.every((h) => h.files.every((f) => f.action !== 'error')),
    hosts: hosts.map((h) => ({
      host: h.host,
      displayName: h.displayName,
      notes: h.notes,
      files: h.files.map(({ before: _b, after: _a, created: _c, dropped: _d, ...f }) => f),
    })),
  };
}

/** Marks a host's files read-only errors before anything is written; true when the host can be written. */
export function precheck(host: PlannedHost): boolean {
  for (const f of host.files) {
    if (f.action === 'unchanged' || f.action === 'error') continue;
    try {
      assertWritable(f.path);
    } catch (err) {
      const e = err as SetupError;
      Object.assign(f, {
        action: 'error',
        diff: '',
        error: { code: e.code, message: e.message, ...(e.fix ? { fix: e.fix } : {}) },
      });
    }
  }
  return host.files.every((f) => f.action !== 'error');
}

/**
 * Backs a file up (first write only), records what this write adds, hands the record to `persist` and only then
 * writes the file: a setup killed between the two leaves a record of a write that did not happen (harmless: its
 * hash does not match, so uninstall only takes out entries, and there are none), never a write with no record.
 */
function writeOne(
  f: PlannedFile,
  backupDir: string,
  previous: FileRecord | undefined,
  persist: (record: FileRecord | undefined) => void,
): FileRecord | undefined {
  const existed = f.before !== undefined;
  const record: FileRecord = previous ?? { sha256: '', fileCreated: !existed, created: [] };
  if (!previous && existed) record.backup = backupFile(f.path, backupDir);
  if (!existed) {
    // The directories this write creates (deepest first), so uninstall can leave no empty ones behind.
    const missing: string[] = [];
    for (let d = dirname(f.path); !existsSync(d) && dirname(d) !== d; d = dirname(d)) missing.push(d);
    if (missing.length) record.dirsCreated = [...new Set([...missing, ...(record.dirsCreated ?? [])])];
  }
  if (f.after === undefined) {
    writeAtomic(f.path, undefined);
    return undefined;
  }
  record.sha256 = sha256(f.after);
  for (const p of f.created)
    if (!record.created.some((c) => c.join('\u0000') === p.join('\u0000'))) record.created.push(p);
  for (const r of f.replaced)
    if (!record.replaced?.some((c) => c.path.join('\u0000') === r.path.join('\u0000')))
      (record.replaced ??= []).push(r);
  persist(record);
  writeAtomic(f.path, f.after);
  return record;
}

/** Every record of `path` across hosts (the earliest one keeps the original backup). */
function recordsOf(state: SetupState, path: string): FileRecord[] {
  return Object.values(state.hosts).flatMap((h) => (h.files[path] ? [h.files[path]!] : []));
}

/**
 * `ctxmode setup`: plans every host, then (unless dry-run) writes each host whose files all plan cleanly —
 * with a backup of every file's original bytes and a record of what was added.
 */
export function runSetup(opts: SetupRunOptions): SetupPlan {
  const env = opts.env ?? process.env;
  return opts.dryRun ? setupLocked(opts, env) : withSetupLock(env, () => setupLocked(opts, env));
}

function setupLocked(opts: SetupRunOptions, env: NodeJS.ProcessEnv): SetupPlan {
  const planned = planSetup(opts.hosts, planContext(opts, env));
  // A dry run reports what a real run would refuse (read-only files too), so a plan shown first is the truth.
  if (opts.dryRun) {
    for (const host of planned) precheck(host);
    return toPublic('setup', opts, planned, false);
  }
  const state = readSetupState(env);
  const backups = join(setupDir(env), 'backups');
  let applied = false;
  for (const host of planned) {
    if (!precheck(host)) continue;
    const key = stateKey(host.host, opts.scope, opts.project ?? null);
    const isNew = !state.hosts[key];
    const rec = state.hosts[key] ?? {
      scope: opts.scope,
      project: opts.project ?? null,
      at: '',
      files: {},
      // Recorded with the first file (written ahead of it), so a killed setup still says which parts it was doing.
      ...(opts.parts ? { parts: [...opts.parts] } : {}),
    };
    for (const f of host.files) {
      const prior = rec.files[f.path] ?? recordsOf(state, f.path)[0];
      if (f.action === 'unchanged') {
        if (!rec.files[f.path] && prior) rec.files[f.path] = { ...prior, created: [...prior.created] };
        continue;
      }
      const before = rec.files[f.path];
      try {
        const written = writeOne(
          f,
          backups,
          prior
            ? { ...prior, created: [...prior.created], ...(prior.replaced ? { replaced: [...prior.replaced] } : {}) }
            : undefined,
          (record) => {
            if (!record) return;
            rec.files[f.path] = record;
            state.hosts[key] = rec;
            writeSetupState(env, state);
          },
        );
        applied = true;
        // The file holds our entry again, recorded: an entry given back to the user there is taken over again.
        if (state.givenBack?.[f.path]) {
          delete state.givenBack[f.path];
          if (!Object.keys(state.givenBack).length) delete state.givenBack;
        }
        if (written) {
          rec.files[f.path] = written;
          for (const other of recordsOf(state, f.path)) other.sha256 = written.sha256;
        }
      } catch (err) {
        // The record written ahead of the failed write goes again (kept only if an earlier write made it).
        if (before) rec.files[f.path] = before;
        else delete rec.files[f.path];
        Object.assign(f, {
          action: 'error',
          diff: '',
          error: { code: 'io', message: `cannot write ${f.path}: ${(err as Error).message}` },
        });
      }
    }
    rec.at = new Date().toISOString();
    delete rec.uninstallRequested;
    if (state.uninstalled) {
      delete state.uninstalled[host.host];
      if (!Object.keys(state.uninstalled).length) delete state.uninstalled;
    }
    // A setup of some parts adds to what an earlier one asked for; a setup of every part records all.
    if (!opts.parts) delete rec.parts;
    else if (isNew || rec.parts) rec.parts = [...new Set([...(rec.parts ?? []), ...opts.parts])];
    state.hosts[key] = rec;
  }
  if (applied || planned.length) writeSetupState(env, state);
  return toPublic('setup', opts, planned, applied);
}
