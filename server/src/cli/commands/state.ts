import type { Command } from 'commander';
import { readDashboardState } from '@context-mode/shared/state/read-dashboard-state';
import { formatBytes } from '@context-mode/shared/budget/format-bytes';
import { fail, usageError } from '../cli-output.js';
import { PROJECT_OPTION_HELP, cliProjectRoot } from './kb-open.js';
import { unknownSession } from './stats.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

interface StateCliOptions {
  json?: boolean;
  project?: string;
  session?: string;
  memoryLimit?: string;
}

/** `ctxmode state`: what the dashboards show (stats, savings series, a memory page, sources) in one read. */
export function registerStateCommand(program: Command): void {
  program
    .command('state')
    .description(
      'everything the dashboard shows, in one read: stats (pending redirect estimates folded in, as stats does), savings per day and session, memory, sources',
    )
    .option('--json', 'print the DashboardState JSON (schema context-mode.dashboard-state/1)')
    .option('--project <dir>', PROJECT_OPTION_HELP)
    .option('--session <id>', 'the session the stats report on (default: the most recent one)')
    .option('--memory-limit <n>', 'memory events in the page, newest first (1–10000)', '500')
    .action((opts: StateCliOptions) => {
      const limit = Number(opts.memoryLimit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
        return usageError('--memory-limit takes a whole number from 1 to 10000', { prefix: 'ctxmode' });
      }
      try {
        const root = cliProjectRoot(opts.project);
        const state = readDashboardState(root, {
          memoryLimit: limit,
          ...(opts.session ? { sessionId: opts.session } : {}),
        });
        if (opts.session && !state.stats.session?.entries) return unknownSession(opts.session, root);
        if (opts.json) {
          process.stdout.write(`${JSON.stringify(state)}\n`);
          return;
        }
        const s = state.stats.projectTotals;
        process.stdout.write(
          `${state.project.name}: ${formatBytes(s.savedBytes)} saved, ${formatBytes(s.ownCostBytes)} own cost, ${formatBytes(s.netBytes)} net; ` +
            `${state.memory.totalEvents} memory event(s), ${state.sources.total} source(s) (${formatBytes(state.sources.bytes)})\n`,
        );
      } catch (err) {
        fail(errorMessage(err));
      }
    });
}
