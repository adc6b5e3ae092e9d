import type { Command } from 'commander';
import { openExistingMemoryStore } from '@context-mode/shared/memory/memory-store';
import { purgeProjectData, type PurgeScope } from '@context-mode/shared/memory/purge-project-data';
import { cliProjectRoot, fail, openProjectKnowledge } from './kb-open.js';

interface PurgeCliOptions {
  scope?: string;
  session?: string;
  project?: string;
  yes?: boolean;
  json?: boolean;
}

function usage(message: string): void {
  process.stderr.write(`context-mode purge: ${message}\n`);
  process.exitCode = 2;
}

/** `context-mode purge --scope session|project [--session ID] --yes`: deletes memory and indexed content. */
export function registerPurgeCommand(program: Command): void {
  program
    .command('purge')
    .description('delete session memory and indexed content of one session or the whole project (needs --yes)')
    .option('--scope <scope>', 'session or project')
    .option('--session <id>', 'the session to purge (scope session; default: the most recent one)')
    .option('--project <dir>', 'project root (default: the repository around the current directory)')
    .option('--yes', 'confirm: nothing is deleted without it')
    .option('--json', 'print what was removed as JSON')
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
          if (!sessionId) return fail(`no session recorded for ${root}; nothing to purge`);
        }
        const kb = openProjectKnowledge(root, false);
        try {
          const result = purgeProjectData(root, { scope, ...(sessionId ? { sessionIds: [sessionId] } : {}), ...(kb ? { knowledge: kb } : {}) });
          const kbText = result.knowledgeChunks === 'all' ? 'the knowledge base' : `${result.knowledgeChunks} knowledge chunk(s)`;
          process.stdout.write(
            opts.json
              ? `${JSON.stringify(result)}\n`
              : scope === 'session'
                ? `Purged session ${sessionId}: ${result.memoryEvents} memory event(s), ${kbText}.\n`
                : `Purged ${root}: ${result.memoryEvents} memory event(s), ${kbText}, ${result.ledgerRows} ledger row(s).\n`,
          );
        } finally {
          kb?.close();
        }
      } catch (err) {
        fail(err instanceof Error ? err.message : String(err));
      }
    });
}
