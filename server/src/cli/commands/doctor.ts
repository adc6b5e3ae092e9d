import type { Command } from 'commander';
import { resolveServerProjectRoot } from '../../mcp/project-root.js';

/** `context-mode doctor [--json] [--project DIR]`: the ctx_doctor checks; exit 1 when any check FAILs. */
export function registerDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .description('check Node, the SQLite driver and FTS5, the data dir, the project and the detected host')
    .option('--json', 'print the checks as JSON')
    .option('--project <dir>', 'project directory (default: CONTEXT_MODE_PROJECT_DIR, host env, or the current dir)')
    .action(async (opts: { json?: boolean; project?: string }) => {
      const { runDoctorChecks, formatDoctorLines } = await import('../../doctor/doctor-checks.js');
      const env = opts.project ? { ...process.env, CONTEXT_MODE_PROJECT_DIR: opts.project } : process.env;
      const checks = runDoctorChecks({ projectRoot: resolveServerProjectRoot(env, process.cwd()), env });
      const failed = checks.some((c) => c.status === 'FAIL');
      process.stdout.write(
        opts.json ? JSON.stringify({ ok: !failed, checks }, null, 2) + '\n' : formatDoctorLines(checks) + '\n',
      );
      if (failed) process.exitCode = 1;
    });
}
