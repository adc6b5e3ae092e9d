import type { Command } from 'commander';
import { homedir } from 'node:os';
import type { DoctorReport } from '@context-mode/shared/protocol/doctor';
import { printJson } from '../cli-output.js';
import { PROJECT_OPTION_HELP, cliProjectRoot } from './kb-open.js';

/** `context-mode doctor [--json] [--project DIR]`: the ctx_doctor checks; exit 1 when any check FAILs. */
export function registerDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .description('check Node, the SQLite driver and FTS5, the data dir, the project and the detected host')
    .option('--json', 'print the DoctorReport JSON (schema context-mode.doctor/1)')
    .option(
      '--fix',
      'apply the safe fixes (re-run setup for broken hosts, drop stale hook entries, stop orphan servers), then check again',
    )
    .option('--project <dir>', PROJECT_OPTION_HELP)
    .option('--host <id>', "only this host's lines beside the general checks (what setup prints to verify)")
    .action(async (opts: { json?: boolean; project?: string; fix?: boolean; host?: string }) => {
      const { runDoctorChecks, formatDoctorLines, onlyHost } = await import('../../doctor/doctor-checks.js');
      const env = opts.project ? { ...process.env, CONTEXT_MODE_PROJECT_DIR: opts.project } : process.env;
      const projectRoot = cliProjectRoot(opts.project, env);
      let checks = runDoctorChecks({ projectRoot, env, checkRuntime: true });
      const fixes = checks.flatMap((c) => (c.autoFix && c.status !== 'OK' ? [c.autoFix] : []));
      if (opts.fix && fixes.length) {
        const { applyFixes } = await import('../../doctor/doctor-fixes.js');
        const done = applyFixes(fixes, { env, home: env.HOME || homedir(), project: projectRoot });
        process.stderr.write(`${done.map((l) => `fixed: ${l}`).join('\n')}\n`);
        checks = runDoctorChecks({ projectRoot, env, checkRuntime: true });
      }
      if (opts.host) checks = onlyHost(checks, opts.host);
      const failed = checks.some((c) => c.status === 'FAIL');
      if (opts.json) printJson({ schema: 'context-mode.doctor/1', ok: !failed, checks } satisfies DoctorReport);
      else process.stdout.write(`${formatDoctorLines(checks)}\n`);
      if (failed) process.exitCode = 1;
    });
}
