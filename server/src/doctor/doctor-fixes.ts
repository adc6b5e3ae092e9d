import { moveAside } from '@context-mode/shared/db/open-database';
import { findHostByName } from '@context-mode/shared/platforms/host-table';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { isStaleContextModeCommand } from '@context-mode/shared/setup/hook-command';
import { parseJsonObject, setAt, stringsIn } from '@context-mode/shared/setup/jsonc-edit';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runSetup, setUpHosts, uninstalledHosts, uninstallRequestedHosts } from '../setup/run-setup.js';
import { setupDir } from '../setup/setup-state.js';
import { assertWritable, backupFile, writeAtomic } from '../setup/write-file.js';
import type { AutoFix } from './host-checks.js';
import { runRollback } from '../setup/upgrade.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

export interface FixContext {
  env: NodeJS.ProcessEnv;
  home: string;
  project?: string;
}

/** Takes the older hand-written context-mode entries out of a hooks file (a backup first). */
function removeStale(file: string, env: NodeJS.ProcessEnv): string {
  assertWritable(file);
  let text = readFileSync(file, 'utf8');
  const doc = parseJsonObject(text, file);
  const hooks = (doc.hooks ?? {}) as Record<string, unknown>;
  let removed = 0;
  for (const [event, arr] of Object.entries(hooks)) {
    if (!Array.isArray(arr)) continue;
    for (let i = arr.length - 1; i >= 0; i--) {
      if (stringsIn(arr[i]).some(isStaleContextModeCommand)) {
        text = setAt(text, ['hooks', event, i], undefined);
        removed++;
      }
    }
  }
  if (!removed) return `${file}: nothing stale left`;
  const backup = backupFile(file, join(setupDir(env), 'backups'));
  writeAtomic(file, text);
  return `${file}: removed ${removed} stale entr${removed === 1 ? 'y' : 'ies'} (backup ${backup})`;
}

/**
 * `doctor --fix`: the safe fixes only — re-run setup for hosts whose registration or hooks are missing, broken
 * or duplicated (setup merges, keeps every other byte and backs files up), remove stale hand-written
 * context-mode hook entries, stop orphan servers. Returns one line per action.
 */
export function applyFixes(fixes: AutoFix[], ctx: FixContext): string[] {
  const lines: string[] = [];
  const recorded = new Map(setUpHosts(ctx.env).map((r) => [r.host, r]));
  const setupHosts = [...new Set(fixes.flatMap((f) => (f.kind === 'setup' ? [f.host] : [])))];
  const leaving = [...uninstallRequestedHosts(ctx.env), ...uninstalledHosts(ctx.env)];
  for (const id of setupHosts) {
    if (leaving.includes(id)) {
      lines.push(`${id}: left alone (you asked to uninstall it; \`ctxmode setup --host ${id}\` takes it back)`);
      continue;
    }
    const host = findHostByName(id) as HostRecord;
    const rec = recorded.get(id);
    const project = rec?.project ?? ctx.project;
    try {
      const plan = runSetup({
        hosts: [host],
        scope: rec?.scope ?? 'user',
        ...(project ? { project } : {}),
        ...(rec?.parts ? { parts: rec.parts } : {}),
        env: ctx.env,
        home: ctx.home,
      });
      const changed = plan.hosts[0]!.files.filter((f) => f.action !== 'unchanged');
      const errors = changed.filter((f) => f.error).map((f) => f.error!.message);
      lines.push(
        errors.length
          ? `${id}: setup failed: ${errors.join('; ')}`
          : `${id}: setup re-run (${changed.map((f) => `${f.action} ${f.path}`).join(', ') || 'nothing to change'})`,
      );
    } catch (err) {
      lines.push(`${id}: setup failed: ${errorMessage(err)}`);
    }
  }
  for (const f of fixes) {
    try {
      if (f.kind === 'remove-stale') lines.push(removeStale(f.file, ctx.env));
      if (f.kind === 'move-store-aside') {
        for (const path of f.paths)
          lines.push(
            `${path}: moved aside to ${moveAside(path)}; a fresh store is created at next use (restart the host if a server had it open)`,
          );
      }
      if (f.kind === 'rollback-runtime') {
        const r = runRollback({ env: ctx.env, home: ctx.home });
        lines.push(
          r.error
            ? `rollback failed: ${r.error}`
            : `runtime rolled back: ctxmode ${r.before ?? '?'} → ${r.after ?? '?'} (restart your agent hosts)`,
        );
      }
      if (f.kind === 'stop-orphans') {
        for (const pid of f.pids) process.kill(pid, 'SIGTERM');
        lines.push(`stopped orphan servers: ${f.pids.join(', ')}`);
      }
    } catch (err) {
      lines.push(`${f.kind} failed: ${errorMessage(err)}`);
    }
  }
  return lines;
}
