import type { SetupPlan } from '@context-mode/shared/protocol/setup';
import { REPO_PACKAGE_NAME } from '@context-mode/shared/setup/product';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Setup writes a host's files all or none, so a host with a refused file changed nothing; uninstall takes out what
 * it can, so there only the refused files are unchanged.
 */
export function wroteNothing(plan: SetupPlan, host: SetupPlan['hosts'][number]): boolean {
  return plan.command === 'setup' && host.files.some((f) => f.action === 'error');
}

/**
 * What comes after a setup or uninstall that wrote files: how many changed, which hosts to restart (a host reads
 * its config at start), and one command that verifies. Nothing to say after a dry run or a run that failed.
 */
export function nextSteps(plan: SetupPlan, projectFlag?: string): string[] {
  if (plan.dryRun) return [];
  // A bare `uninstall` lists only the hosts that had something of ours: none left is an answer, not silence.
  if (!plan.hosts.length)
    return plan.command === 'uninstall'
      ? ["Nothing to take out: no host's files hold anything of context-mode's."]
      : [];
  const written = (f: SetupPlan['hosts'][number]['files'][number]) =>
    f.action === 'create' || f.action === 'update' || f.action === 'delete';
  const changedHosts = plan.hosts.filter((h) => !wroteNothing(plan, h) && h.files.some(written));
  const count = changedHosts.reduce((n, h) => n + h.files.filter(written).length, 0);
  const lines: string[] = [];
  if (!changedHosts.length) {
    // A setup refused wrote nothing, and the line about the error says so: "every file holds our part" would be wrong.
    if (plan.command === 'uninstall') lines.push('Nothing to take out.');
    else if (plan.ok) lines.push('Nothing changed: every file already holds our part; no restart needed.');
  } else {
    const names = changedHosts.map((h) => h.displayName).join(', ');
    lines.push(
      plan.command === 'setup'
        ? `Changed ${count} file${count === 1 ? '' : 's'} (above; \`ctxmode uninstall\` takes our part out again).`
        : `Changed ${count} file${count === 1 ? '' : 's'} (above).`,
      plan.command === 'setup'
        ? `Next: restart ${names} so ${changedHosts.length === 1 ? 'it loads' : 'they load'} the context-mode server and hooks.`
        : `Next: restart ${names} so ${changedHosts.length === 1 ? 'it stops' : 'they stop'} running context-mode.`,
    );
  }
  if (plan.command === 'setup') {
    const hosts = plan.hosts.map((h) => h.host);
    const project = projectFlag ? ` --project ${JSON.stringify(projectFlag)}` : '';
    lines.push(`Verify: ctxmode doctor${hosts.length === 1 ? ` --host ${hosts[0]}` : ''}${project}`);
  }
  return lines;
}

/** Whether `root` is a clone of this product's own repository (its root package.json names it, with workspaces). */
export function isProductClone(root: string): boolean {
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      name?: unknown;
      workspaces?: unknown;
    };
    return pkg.name === REPO_PACKAGE_NAME && Array.isArray(pkg.workspaces);
  } catch {
    return false;
  }
}
