import type { Command } from 'commander';
import { formatStats } from '@context-mode/shared/ledger/format-stats';
import { readStats } from '@context-mode/shared/ledger/ledger-stats';
import { cliProjectRoot, fail } from './kb-open.js';

interface StatsCliOptions {
  json?: boolean;
  project?: string;
  session?: string;
}

/** `context-mode stats`: the ledger — gross saved, own cost, net per session, project and all time. */
export function registerStatsCommand(program: Command): void {
  program
    .command('stats')
    .description('bytes kept out of the context window: gross saved, own cost and net (session, project, all time)')
    .option('--json', 'print the StatsReport JSON (shared/src/protocol/stats.ts)')
    .option('--project <dir>', 'project root (default: the repository around the current directory)')
    .option('--session <id>', 'report this session (default: the most recent one)')
    .action((opts: StatsCliOptions) => {
      try {
        const report = readStats(cliProjectRoot(opts.project), { ...(opts.session ? { sessionId: opts.session } : {}) });
        process.stdout.write(opts.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatStats(report)}\n`);
      } catch (err) {
        fail(err instanceof Error ? err.message : String(err));
      }
    });
}
