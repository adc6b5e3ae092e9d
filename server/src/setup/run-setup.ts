import { allHosts } from '@context-mode/shared/platforms/host-table';
import { hostConfigDir } from '@context-mode/shared/platforms/host-paths';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { dataHome } from '@context-mode/shared/project/data-home';
import type { SetupPart, SetupPlan } from '@context-mode/shared/protocol/setup';
import type { Launcher } from '@context-mode/shared/setup/hook-command';
import {
  diffOf,
  planSetup,
  planUninstall,
  type PlanContext,
  type PlannedFile,
  type PlannedHost,
  type Scope,
} from '@context-mode/shared/setup/plan-setup';
import { SetupError } from '@context-mode/shared/setup/setup-error';
import { existsSync, readdirSync, readFileSync, rmdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { errorMessage } from '@context-mode/shared/errors/error-message';
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
import { assertWritable, backupFile, keepCopy, readForPlan, writeAtomic } from './write-file.js';
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

function planContext(opts: SetupRunOptions, env: NodeJS.ProcessEnv): PlanContext {
  return {
    scope: opts.scope,
    ...(opts.project ? { project: opts.project } : {}),
    launcher: opts.launcher ?? defaultLauncher(env),
    paths: { env, home: opts.home ?? env.HOME ?? homedir(), platform: opts.platform ?? process.platform },
    read: readForPlan,
    ...(opts.parts ? { parts: opts.parts } : {}),
  };
}

function toPublic(
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
function precheck(host: PlannedHost): boolean {
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

/**
 * What uninstall says when our MCP entry held fields the user added: the entry goes as a whole (without our
 * command it would not start, and some hosts refuse the whole file then), their field names are listed (not the
 * values: an `env` often holds a token), and where the copy of the entry is.
 */
function droppedNote(path: string, fields: string[], copy: string, dryRun = false): string {
  return (
    `${dryRun ? 'Would remove' : 'Removed'} the context-mode entry from ${path} with what you had added to it ` +
    `(${fields.join(', ')}): without our command it would not start. ` +
    (dryRun ? `A copy of it will be kept in ${copy}.` : `A copy of it is in ${copy}.`)
  );
}

/** Removes directories setup created, deepest first, as long as they are empty (anything else in them stays). */
function removeEmptyDirs(dirs: string[]): void {
  for (const d of [...dirs].sort((a, b) => b.length - a.length)) {
    try {
      if (existsSync(d) && readdirSync(d).length === 0) rmdirSync(d);
    } catch {
      // A directory we cannot remove is left; it is empty and harmless.
    }
  }
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

/** The copy of a dropped MCP entry the user had added to; a failure names the backup folder, not the config file. */
function copyOfEntry(backups: string, host: string, path: string, entry: unknown): string {
  try {
    return keepCopy(backups, `${host}-${basename(path).replace(/^\./, '')}-mcp-entry.json`, entry);
  } catch (err) {
    throw new Error(
      `no copy of the entry could be kept in ${backups} (${errorMessage(err)}), so the file was not changed`,
      { cause: err },
    );
  }
}

/** Equal but for white space (and an empty JSON object): nothing the user typed differs. */
function sameButSpacing(a: string, b: string): boolean {
  const squeeze = (t: string) => t.replace(/^\uFEFF/, '').replace(/\s+/g, '');
  const x = squeeze(a);
  const y = squeeze(b);
  return x === y || (x === '{}' && y === '') || (x === '' && y === '{}');
}

/**
 * `ctxmode uninstall`: takes out exactly what setup added. A file that still has the bytes setup left gets its
 * original bytes back from the backup (or is deleted if setup created it); a file edited since loses only our
 * entries and blocks. A file another set-up host still uses is kept.
 */
export function runUninstall(opts: SetupRunOptions): SetupPlan {
  const env = opts.env ?? process.env;
  return opts.dryRun ? uninstallLocked(opts, env) : withSetupLock(env, () => uninstallLocked(opts, env));
}

function uninstallLocked(opts: SetupRunOptions, env: NodeJS.ProcessEnv): SetupPlan {
  const state = readSetupState(env);
  const keys = (id: string) => [id, ...(opts.project ? [`${id}@${opts.project}`] : [])];
  const recordFor = (id: string, path: string): FileRecord | undefined => {
    for (const k of keys(id)) if (state.hosts[k]?.files[path]) return state.hosts[k]!.files[path];
    return undefined;
  };
  const ctx = planContext(opts, env);
  const planned: PlannedHost[] = [];
  const leaving = new Set(opts.hosts.flatMap((h) => keys(h.id)));
  for (const host of opts.hosts) {
    const [p] = planUninstall([host], ctx, (path) => recordFor(host.id, path));
    for (const f of p!.files) {
      const rec = recordFor(host.id, f.path);
      const sharedWith = Object.entries(state.hosts)
        .filter(([k, h]) => !leaving.has(k) && h.files[f.path])
        .map(([k]) => k.split('@')[0]);
      if (sharedWith.length && f.action !== 'error') {
        Object.assign(f, { action: 'unchanged', diff: '', after: f.before });
        p!.notes.push(`Kept ${f.path}: ${sharedWith.join(', ')} still use it.`);
        continue;
      }
      if (rec && f.before !== undefined && sha256(f.before) === rec.sha256 && f.action !== 'error') {
        // The original bytes come back only when they are what is left once our part is out: the user may have
        // edited between two setups (the last one then recorded their edit's bytes as ours).
        const backup = rec.backup && existsSync(rec.backup) ? readFileSync(rec.backup, 'utf8') : undefined;
        const surgical = f.after;
        const original = rec.fileCreated
          ? surgical === undefined || sameButSpacing(surgical, '')
            ? undefined
            : surgical
          : backup !== undefined && sameButSpacing(surgical ?? '', backup)
            ? backup
            : surgical;
        f.after = original;
        f.action = original === undefined ? 'delete' : original === f.before ? 'unchanged' : 'update';
        f.diff = diffOf(f.path, f.before, f.after);
      }
      if (rec && !rec.fileCreated && f.after === undefined && f.before !== undefined && f.action !== 'error') {
        // The user had this file before setup: emptied of our part it stays, empty, rather than going away.
        f.after = '';
        f.action = f.before === '' ? 'unchanged' : 'update';
        f.diff = diffOf(f.path, f.before, f.after);
      }
    }
    p!.files = p!.files.filter((f) => f.action !== 'unchanged' || f.error);
    planned.push(p!);
  }
  const backups = join(setupDir(env), 'backups');
  if (opts.dryRun) {
    for (const host of planned) {
      precheck(host);
      for (const f of host.files)
        if (f.dropped && f.action !== 'error') host.notes.push(droppedNote(f.path, f.dropped.fields, backups, true));
    }
    return toPublic('uninstall', opts, planned, false);
  }
  // Marked before the first write: an uninstall killed half way leaves the host "uninstall requested", so an upgrade
  // (or the VS Code extension's background install) does not put back what was already taken out.
  const hadRecord = new Set(planned.map((h) => h.host).filter((id) => keys(id).some((k) => state.hosts[k])));
  const asked = new Date().toISOString();
  for (const id of hadRecord) for (const k of keys(id)) if (state.hosts[k]) state.hosts[k]!.uninstallRequested = asked;
  if (hadRecord.size) writeSetupState(env, state);
  let applied = false;
  for (const host of planned) {
    // Taking our part out of the files that allow it beats leaving it everywhere because one file is broken
    // (a key written twice, read-only): those are reported, and their records kept for the next run.
    precheck(host);
    for (const f of host.files) {
      if (f.action === 'error') continue;
      try {
        // The copy first: an entry the user added to is never gone without one.
        const copy = f.dropped ? copyOfEntry(backups, host.host, f.path, f.dropped.entry) : undefined;
        writeAtomic(f.path, f.after);
        applied = true;
        if (f.dropped && copy) host.notes.push(droppedNote(f.path, f.dropped.fields, copy));
      } catch (err) {
        Object.assign(f, {
          action: 'error',
          diff: '',
          error: { code: 'io', message: `cannot write ${f.path}: ${(err as Error).message}` },
        });
      }
    }
    // After every file of the host is gone: a directory one file's setup created may hold another's file.
    removeEmptyDirs(
      host.files.filter((f) => f.after === undefined).flatMap((f) => recordFor(host.host, f.path)?.dirsCreated ?? []),
    );
    const failed = new Set(host.files.filter((f) => f.action === 'error').map((f) => f.path));
    for (const k of keys(host.host)) {
      const rec = state.hosts[k];
      if (!rec) continue;
      for (const path of Object.keys(rec.files)) if (!failed.has(path)) delete rec.files[path];
      if (!Object.keys(rec.files).length) delete state.hosts[k];
      else rec.uninstallRequested = asked;
    }
    const unfinished = keys(host.host).some((k) => state.hosts[k]?.uninstallRequested);
    // Gone from every scope: from now on its absence is the user's choice (doctor --fix does not undo it).
    if (!unfinished && hadRecord.has(host.host) && !Object.keys(state.hosts).some((k) => k.split('@')[0] === host.host))
      state.uninstalled = { ...state.uninstalled, [host.host]: new Date().toISOString() };
    if (unfinished)
      host.notes.push(
        `Uninstall did not finish; upgrade and \`doctor --fix\` leave ${host.host} alone from now on. ` +
          `Fix the files named above and run \`ctxmode uninstall --host ${host.host}\` again ` +
          `(or \`ctxmode setup --host ${host.host}\` to keep it).`,
      );
  }
  writeSetupState(env, state);
  return toPublic('uninstall', opts, planned, applied);
}
