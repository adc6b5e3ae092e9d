/**
 * Reading the engine's setup plan (`setup --dry-run --json`): which files would change, in words a
 * notification can show. The plan itself (what to merge where) is the engine's; this only summarises it.
 */
import type { SetupFileError, SetupFilePlan, SetupPlan } from '../../../shared/src/protocol/setup.js';

const SETUP_PLAN_SCHEMA: SetupPlan['schema'] = 'context-mode.setup-plan/1';

/**
 * Whether an engine answer is a setup plan (`setup --json` exits 1 with the plan when a file has an error, and
 * that plan is what the user needs to see). Only the envelope is checked; the fields are the contract's.
 */
export function isSetupPlan(v: unknown): v is SetupPlan {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return o.schema === SETUP_PLAN_SCHEMA && typeof o.ok === 'boolean' && Array.isArray(o.hosts);
}

interface PlanFile {
  path: string;
  action: SetupFilePlan['action'];
  /** The engine's reason when it cannot write this file (read-only, malformed, a conflicting entry). */
  error?: SetupFileError;
}

export interface PlanSummary {
  changes: PlanFile[];
  /** Files the engine cannot write; setup would change nothing in them. */
  errors: PlanFile[];
  upToDate: boolean;
}

/** The files of every host in the engine's plan, split into changes and files it cannot write. */
export function summarisePlan(plan: SetupPlan): PlanSummary {
  const files: PlanFile[] = plan.hosts.flatMap((h) =>
    h.files.map((f) => ({ path: f.path, action: f.action, ...(f.error ? { error: f.error } : {}) })),
  );
  const errors = files.filter((f) => f.action === 'error' || f.error !== undefined);
  const changes = files.filter((f) => !errors.includes(f) && f.action !== 'unchanged');
  return { changes, errors, upToDate: changes.length === 0 && errors.length === 0 };
}

/** The engine's reason and fix for a file it cannot write, as one sentence pair. */
function errorText(error: SetupFileError | undefined): string {
  return error ? `${error.message}${error.fix ? ` ${error.fix}` : ''}` : 'cannot be written';
}

/**
 * The offer's text. `inGitRepo` false adds that the files are team-shared files meant to be committed (they work
 * without git too); files the engine cannot write turn the offer into the reason, since setup would fail there.
 */
export function describePlan(summary: PlanSummary, workspaceDir: string, inGitRepo = true): string {
  const rel = (p: string) => (p.startsWith(workspaceDir) ? p.slice(workspaceDir.length).replace(/^[\\/]/, '') : p);
  if (summary.errors.length) {
    // The engine's messages name absolute paths; inside the workspace the relative one is enough.
    const short = (text: string) => text.split(`${workspaceDir}/`).join('').split(`${workspaceDir}\\`).join('');
    const why = summary.errors.map((f) => `${rel(f.path)}: ${short(errorText(f.error))}`).join('; ');
    return `context-mode cannot set up Copilot in this workspace: ${why}`;
  }
  if (summary.upToDate) return 'context-mode is already set up in this workspace.';
  const list = summary.changes.map((f) => `${rel(f.path)} (${f.action})`).join(', ');
  const git = inGitRepo
    ? ''
    : ' This folder is not a git repository: these are team-shared files meant to be committed, and they work without git too.';
  return `context-mode can set up Copilot in this workspace: ${list}. Your own content in these files is kept.${git}`;
}

/** Whether `dir` is inside a git work tree (a `.git` entry in it or a parent). */
export function isInGitRepo(dir: string, exists: (path: string) => boolean): boolean {
  let d = dir.replace(/[\\/]+$/, '');
  for (let i = 0; i < 64 && d; i++) {
    if (exists(`${d}/.git`)) return true;
    const up = d.replace(/[\\/][^\\/]*$/, '');
    if (up === d) break;
    d = up;
  }
  return false;
}
