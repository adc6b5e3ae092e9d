import type { Command } from 'commander';
import { openExistingMemoryStore } from '@context-mode/shared/memory/open-memory-store';
import { purgeProjectData, type PurgeScope } from '@context-mode/shared/memory/purge-project-data';
import type { PurgeReport } from '@context-mode/shared/protocol/purge';
import { fail, printJson, usageError } from '../cli-output.js';
import { PROJECT_OPTION_HELP, cliProjectRoot, openProjectKnowledge } from './kb-open.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

interface PurgeCliOptions {
  scope?: string;
  session?: string;
  project?: string;
  yes?: boolean;
  json?: boolean;
}

function usage(message: string): void {
  usageError(message, { prefix: 'ctxmode purge' });
}

/** `context-mode purge --scope session|project [--session ID] --yes`: deletes memory and indexed content. */
export function registerPurgeCommand(program: Command): void {
  program
    .command('purge')
    .description('delete session memory and indexed content of one session or the whole project (needs --yes)')
    .option('--scope <scope>', 'session or project')
    .option('--session <id>', 'the session to purge (scope session; default: the most recent one)')
    .option('--project <dir>', PROJECT_OPTION_HELP)
    .option('--yes', 'confirm: nothing is deleted without it')
    .option('--json', 'print the PurgeReport JSON (schema context-mode.purge/1)')
    .action((opts: PurgeCliOptions) => {
      if (opts.scope !== 'session' && opts.scope !== 'project') return usage('--scope must be session or project');
      if (opts.session && opts.scope === 'project') return usage('--session only goes with --scope session');
      if (!opts.yes) return usage(`nothing deleted: add --yes to purge the ${opts.scope}`);
      const root = cliProjectRoot(opts.project);
      const scope = opts.scope as PurgeScope;
      let sessionId = opts.session;
      try {
        if (scope === 'session' && !sessionId) {
          const store = openExistingMemoryStore(root);
          sessionId = store?.sessions()[0]?.sessionId;
          store?.close();
          if (!sessionId) return fail(`no session recorded for ${root}; nothing to purge`, { code: 'not-found' });
        }
        const kb = openProjectKnowledge(root, false);
        try {
          const result = purgeProjectData(root, {
            scope,
            ...(sessionId ? { sessionIds: [sessionId] } : {}),
            ...(kb ? { knowledge: kb } : {}),
          });
          const kbText =
            result.knowledgeChunks === 'all' ? 'the knowledge base' : `${result.knowledgeChunks} knowledge chunk(s)`;
          if (opts.json) return printJson({ schema: 'context-mode.purge/1', ...result } satisfies PurgeReport);
          process.stdout.write(
            scope === 'session'
              ? `Purged session ${sessionId}: ${result.memoryEvents} memory event(s), ${kbText}.\n`
              : `Purged ${root}: ${result.memoryEvents} memory event(s), ${kbText}, ${result.ledgerRows} ledger row(s).\n`,
          );
        } finally {
          kb?.close();
        }
      } catch (err) {
        fail(errorMessage(err));
      }
    });
}
