import type { Command } from 'commander';
import { formatStats } from '@context-mode/shared/ledger/format-stats';
import { readStats } from '@context-mode/shared/ledger/ledger-stats';
import { fail, printJson } from '../cli-output.js';
import { PROJECT_OPTION_HELP, cliProjectRoot } from './kb-open.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

interface StatsCliOptions {
  json?: boolean;
  project?: string;
  session?: string;
}

/** A session the ledger has no row for: reporting zeros for it would look like a session that saved nothing. */
export function unknownSession(id: string, root: string): void {
  fail(`no ledger entries for session "${id}" in ${root}`, {
    code: 'not-found',
    hint: 'without --session the most recent session is reported; ctxmode memory --json lists the sessions',
  });
}

/** `context-mode stats`: the ledger — gross saved, own cost, net per session, project and all time. */
export function registerStatsCommand(program: Command): void {
  program
    .command('stats')
    .description('bytes kept out of the context window: gross saved, own cost and net (session, project, all time)')
    .option('--json', 'print the StatsReport JSON (schema context-mode.stats/1)')
    .option('--project <dir>', PROJECT_OPTION_HELP)
    .option('--session <id>', 'report this session (default: the most recent one)')
    .action((opts: StatsCliOptions) => {
      try {
        const root = cliProjectRoot(opts.project);
        const report = readStats(root, {
          ...(opts.session ? { sessionId: opts.session } : {}),
          onUnreadable: (path, reason) => process.stderr.write(`context-mode: cannot read ${path}: ${reason}\n`),
        });
        if (opts.session && !report.session?.entries) return unknownSession(opts.session, root);
        if (opts.json) printJson(report);
        else process.stdout.write(`${formatStats(report)}\n`);
      } catch (err) {
        fail(errorMessage(err));
      }
    });
}
