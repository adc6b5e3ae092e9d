/**
 * Reading the engine's setup plan (`setup --dry-run --json`): which files would change, in words a
 * notification can show. The plan itself (what to merge where) is the engine's; this only summarises it.
 */
export interface PlanFile {
  path: string;
  action: string;
}

export interface PlanSummary {
  changes: PlanFile[];
  upToDate: boolean;
}

/** Accepts the engine's plan object and pulls out the file list, whatever optional fields it carries. */
export function summarisePlan(plan: unknown): PlanSummary {
  const files: PlanFile[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (typeof v !== 'object' || v === null) return;
    const o = v as Record<string, unknown>;
    if (typeof o.path === 'string' && typeof o.action === 'string') {
      files.push({ path: o.path, action: o.action });
      return;
    }
    for (const key of ['hosts', 'files', 'changes', 'entries']) if (key in o) visit(o[key]);
  };
  visit(plan);
  const changes = files.filter((f) => !/^(unchanged|none|skip|noop)$/i.test(f.action));
  return { changes, upToDate: changes.length === 0 };
}

export function describePlan(summary: PlanSummary, workspaceDir: string): string {
  if (summary.upToDate) return 'context-mode is already set up in this workspace.';
  const rel = (p: string) => (p.startsWith(workspaceDir) ? p.slice(workspaceDir.length).replace(/^[\\/]/, '') : p);
  const list = summary.changes.map((f) => `${rel(f.path)} (${f.action})`).join(', ');
  return `context-mode can set up Copilot in this workspace: ${list}. Your own content in these files is kept.`;
}
