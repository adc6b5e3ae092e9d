import type { Command } from 'commander';
import { homedir } from 'node:os';
import { cliProjectRoot } from './kb-open.js';

/**
 * `ctxmode upgrade [--from <tgz>] [--json]`: new version into the managed runtime, setup re-run for the hosts
 * already set up (never others), then doctor; prints versions, changed files and any failing check.
 */
export function registerUpgradeCommand(program: Command): void {
  program
    .command('upgrade')
    .description(
      'install the newest ctxmode into the managed runtime, re-run setup for hosts already set up, run doctor',
    )
    .option(
      '--from <tgz|dir>',
      'install this package tarball or package folder (copied) instead of the newest version on the npm registry',
    )
    .option('--rollback', 'go back to the runtime the last upgrade replaced (it is kept for this)')
    .option('--json', 'print the upgrade report and the doctor checks as JSON')
    .action(async (opts: { from?: string; json?: boolean; rollback?: boolean }) => {
      const { runRollback, runUpgrade, runtimeDoctor } = await import('../../setup/upgrade.js');
      const { formatDoctorLines } = await import('../../doctor/doctor-checks.js');
      const env = process.env;
      const home = env.HOME || homedir();
      const project = cliProjectRoot(undefined, env);
      if (opts.rollback && opts.from) throw new Error('--rollback and --from do not go together');
      if (!opts.rollback)
        process.stderr.write(`staging ${opts.from ?? 'ctxmode@latest'} beside the managed runtime…\n`);
      const report = opts.rollback
        ? runRollback({ env, home })
        : runUpgrade({ env, home, project, ...(opts.from ? { from: opts.from } : {}) });
      // Doctor of the runtime just installed (its own SQLite driver, its own checks), not of this process.
      const checks = report.error ? [] : runtimeDoctor(env, project);
      const failed = checks.filter((c) => c.status === 'FAIL');
      if (opts.json) {
        process.stdout.write(
          `${JSON.stringify({ upgrade: report, doctor: { ok: failed.length === 0, checks } }, null, 2)}\n`,
        );
      } else {
        const lines: string[] = [];
        if (report.error) lines.push(`${report.rolledBack ? 'rollback' : 'upgrade'} failed: ${report.error}`);
        else lines.push(`ctxmode ${report.before ?? '(none)'} → ${report.after} in ${report.runtime}`);
        if (!report.error && report.previous !== undefined)
          lines.push(`kept ${report.previous ?? 'the replaced runtime'} for \`ctxmode upgrade --rollback\``);
        if (!report.error && !report.hosts.length) lines.push('no host was set up with ctxmode setup; none touched');
        for (const h of report.hosts) {
          lines.push(`${h.host}: ${h.changed.length ? h.changed.join(', ') : 'unchanged'}`);
          for (const e of h.errors) lines.push(`  error: ${e}`);
        }
        if (checks.length) lines.push(failed.length ? formatDoctorLines(failed) : 'doctor: all checks pass');
        if (!report.error) lines.push('Restart your agent hosts so they start the new server.');
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      if (report.error || !report.ok || failed.length) process.exitCode = 1;
    });
}
