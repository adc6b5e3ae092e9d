import type { Command } from 'commander';
import { formatMemoryReport, readMemoryReport, toEventView } from '@context-mode/shared/memory/memory-report';
import { openExistingMemoryStore } from '@context-mode/shared/memory/open-memory-store';
import type { MemoryDeleteReport, MemoryPinReport } from '@context-mode/shared/protocol/memory';
import { fail, printJson, usageError } from '../cli-output.js';
import { PROJECT_OPTION_HELP, cliProjectRoot } from './kb-open.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

interface MemoryCliOptions {
  json?: boolean;
  project?: string;
  session?: string;
  search?: string;
  category?: string;
  limit: string;
}

function usage(message: string): void {
  usageError(message, { prefix: 'ctxmode memory' });
}

function parseId(raw: string): number | undefined {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** Runs `fn` on the project's memory store; a project without memory is a failure with a clear message. */
function withStore(
  project: string | undefined,
  fn: (store: NonNullable<ReturnType<typeof openExistingMemoryStore>>) => void,
): void {
  const root = cliProjectRoot(project);
  let store;
  try {
    store = openExistingMemoryStore(root);
  } catch (err) {
    return fail(errorMessage(err));
  }
  if (!store) return fail(`no session memory recorded for ${root} yet`, { code: 'not-found' });
  try {
    fn(store);
  } finally {
    store.close();
  }
}

/** `context-mode memory`: list and search session memory; `memory pin <id>` and `memory delete <id>` edit it. */
export function registerMemoryCommand(program: Command): void {
  const memory = program
    .command('memory')
    .description('list or search what session memory holds for the project (newest first)')
    .option('--json', 'print the MemoryReport JSON (schema context-mode.memory/1)')
    .option('--project <dir>', PROJECT_OPTION_HELP)
    .option('--session <id>', 'only this session')
    .option('--search <text>', 'only events containing every word')
    .option('--category <name>', 'only this category (user-prompt, goal, decision, rule, error, file, git, …)')
    .option('--limit <n>', 'events to show', '50')
    .action((opts: MemoryCliOptions) => {
      const limit = Number(opts.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
        return usage(`--limit must be a whole number from 1 to 10000, got "${opts.limit}"`);
      try {
        const report = readMemoryReport(cliProjectRoot(opts.project), {
          limit,
          ...(opts.session ? { sessionId: opts.session } : {}),
          ...(opts.search ? { search: opts.search } : {}),
          ...(opts.category ? { category: opts.category } : {}),
        });
        process.stdout.write(opts.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatMemoryReport(report)}\n`);
      } catch (err) {
        fail(errorMessage(err));
      }
    });

  memory
    .command('pin <id>')
    .description('keep an event past eviction and retention (--unpin to undo)')
    .option('--unpin', 'remove the pin instead')
    .option('--project <dir>', PROJECT_OPTION_HELP)
    .option('--json', 'print the MemoryPinReport JSON (the event after the change)')
    .action((raw: string, opts: { unpin?: boolean; project?: string; json?: boolean }) => {
      const id = parseId(raw);
      if (id === undefined) return usage(`event id must be a positive whole number, got "${raw}"`);
      withStore(opts.project ?? memory.opts<MemoryCliOptions>().project, (store) => {
        if (!store.pin(id, !opts.unpin)) return fail(`no memory event #${id}`, { code: 'not-found' });
        const e = store.event(id)!;
        // `--json` after the subcommand is taken by the parent `memory` command's option of the same name.
        const json = opts.json || memory.opts<MemoryCliOptions>().json;
        if (json) printJson({ schema: 'context-mode.memory-pin/1', ...toEventView(e) } satisfies MemoryPinReport);
        else
          process.stdout.write(
            `${opts.unpin ? 'Unpinned' : 'Pinned'} #${id} [${e.category}] ${e.data.slice(0, 120)}\n`,
          );
      });
    });

  memory
    .command('delete <id>')
    .description('delete one event')
    .option('--project <dir>', PROJECT_OPTION_HELP)
    .option('--json', 'print the MemoryDeleteReport JSON')
    .action((raw: string, opts: { project?: string; json?: boolean }) => {
      const id = parseId(raw);
      if (id === undefined) return usage(`event id must be a positive whole number, got "${raw}"`);
      withStore(opts.project ?? memory.opts<MemoryCliOptions>().project, (store) => {
        if (!store.deleteEvent(id)) return fail(`no memory event #${id}`, { code: 'not-found' });
        const json = opts.json || memory.opts<MemoryCliOptions>().json;
        if (json) printJson({ schema: 'context-mode.memory-delete/1', id, deleted: true } satisfies MemoryDeleteReport);
        else process.stdout.write(`Deleted #${id}\n`);
      });
    });
}
