// `ctxmode uninstall`: takes out what setup recorded, giving back the user's original bytes where the file is
// unedited since, and keeping a copy of any entry of ours the user had added to.
import type { SetupPlan } from '@context-mode/shared/protocol/setup';
import { diffOf, planUninstall, type PlannedHost } from '@context-mode/shared/setup/plan-setup';
import { errorMessage } from '@context-mode/shared/errors/error-message';
import { existsSync, readdirSync, readFileSync, rmdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { planContext, precheck, toPublic, type SetupRunOptions } from './run-setup.js';
import { addedSince, restoreOwnEntry, withoutEntry } from './own-entry.js';
import { readSetupState, setupDir, sha256, withSetupLock, writeSetupState, type FileRecord } from './setup-state.js';
import { keepCopy, writeAtomic } from './write-file.js';

/**
 * What uninstall says when our MCP entry held fields the user added: the entry goes as a whole (without our
 * command it would not start, and some hosts refuse the whole file then), their field names are listed (not the
 * values: an `env` often holds a token), and where the copy of the entry is.
 */
function droppedNote(path: string, fields: string[], copy: string, dryRun: boolean, recorded: boolean): string {
  const removed = `${dryRun ? 'Would remove' : 'Removed'} the context-mode entry from ${path}`;
  // Without a record, the entry may be one the user wrote (or an older version did): nothing was "added to" it.
  const what = recorded
    ? ` with what you had added to it (${fields.join(', ')}): without our command it would not start. `
    : `, which setup has no record of writing (with its ${fields.join(', ')}). `;
  return removed + what + (dryRun ? `A copy of it will be kept in ${copy}.` : `A copy of it is in ${copy}.`);
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
  const hostRecord = (id: string) => opts.hosts.find((h) => h.id === id)!;
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
          : backup !== undefined &&
              (sameButSpacing(surgical ?? '', backup) ||
                sameButSpacing(surgical ?? '', withoutEntry(host, f, backup) ?? '\0'))
            ? backup
            : surgical;
        // A context-mode entry the user had before setup comes back with the backup: only what they added to
        // it since (between two setups) is gone from the file, so only that is named and copied.
        if (backup !== undefined && original === backup && f.dropped && withoutEntry(host, f, backup) !== undefined) {
          const fields = addedSince(host, f.dropped.fields, f.before, backup);
          if (fields.length) f.dropped = { ...f.dropped, fields };
          else delete f.dropped;
        }
        f.after = original;
        f.action = original === undefined ? 'delete' : original === f.before ? 'unchanged' : 'update';
        f.diff = diffOf(f.path, f.before, f.after);
      }
      if (rec && f.action !== 'error' && restoreOwnEntry(host, f, rec, !!opts.dryRun, p!.notes)) {
        f.action = f.after === f.before ? 'unchanged' : 'update';
        f.diff = diffOf(f.path, f.before, f.after);
      }
      if (
        !rec &&
        state.givenBack?.[f.path] &&
        f.action !== 'error' &&
        f.before !== undefined &&
        f.after === withoutEntry(host, f, f.before)
      ) {
        // All this uninstall would take out is the entry an earlier one gave back to the user: theirs, so it stays.
        Object.assign(f, { action: 'unchanged', diff: '', after: f.before });
        delete f.dropped;
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
        if (f.dropped && f.action !== 'error')
          host.notes.push(droppedNote(f.path, f.dropped.fields, backups, true, !!recordFor(host.host, f.path)));
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
        // A context-mode entry left in a file uninstall cleaned by its record is the user's, given back.
        if (
          recordFor(host.host, f.path) &&
          f.after !== undefined &&
          withoutEntry(hostRecord(host.host), f, f.after) !== undefined
        )
          state.givenBack = { ...state.givenBack, [f.path]: asked };
        if (f.dropped && copy)
          host.notes.push(droppedNote(f.path, f.dropped.fields, copy, false, !!recordFor(host.host, f.path)));
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
    // Something of ours went from its files, whether or not setup left a record of it (an older version's setup,
    // a lost state.json): the user took it out all the same.
    const tookOut = !failed.size && host.files.some((f) => f.action !== 'unchanged');
    // Gone from every scope: from now on its absence is the user's choice (doctor --fix does not undo it).
    if (
      !unfinished &&
      (hadRecord.has(host.host) || tookOut) &&
      !Object.keys(state.hosts).some((k) => k.split('@')[0] === host.host)
    )
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
