import type { Command } from 'commander';
import { describeRanking } from '@context-mode/shared/knowledge/describe-rank';
import { formatSearchAnswer, searchBudget, snippetBytesFor } from '@context-mode/shared/knowledge/format-search';
import type { SearchOptions } from '@context-mode/shared/knowledge/types';
import type { SearchReport, TimelineSearchReport } from '@context-mode/shared/protocol/knowledge';
import { timelineSearch } from '@context-mode/shared/state/timeline-search';
import { fail, printJson, usageError } from '../cli-output.js';
import { PROJECT_OPTION_HELP, cliProjectRoot, openProjectKnowledge } from './kb-open.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

interface SearchCliOptions {
  limit: string;
  source?: string;
  type?: string;
  project?: string;
  timeline?: boolean;
  json?: boolean;
  explain?: boolean;
}

/** `context-mode search <query…>`: the same ranked search as ctx_search, on the command line. */
export function registerSearchCommand(program: Command): void {
  program
    .command('search <query...>')
    .description('search the project knowledge base (the words form one query)')
    .option('--limit <n>', 'results to show', '3')
    .option('--source <label>', 'only this source (exact label, or part of one)')
    .option('--type <type>', 'code or prose')
    .option(
      '--timeline',
      'knowledge hits and session-memory events together, newest first (works before anything is indexed)',
    )
    .option('--explain', "after the results, each hit's score as the weighted sum of its parts (why it ranked there)")
    .option('--project <dir>', PROJECT_OPTION_HELP)
    .option(
      '--json',
      'print the SearchReport JSON (schema context-mode.search/1), the same shape when the knowledge base is empty; TimelineSearchReport (context-mode.search-timeline/1) with --timeline',
    )
    .action((words: string[], opts: SearchCliOptions) => {
      const query = words.join(' ').trim();
      const limit = Number(opts.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        return usage(`--limit must be a whole number from 1 to 100, got "${opts.limit}"`);
      if (opts.type !== undefined && opts.type !== 'code' && opts.type !== 'prose')
        return usage(`--type must be code or prose, got "${opts.type}"`);
      if (!query) return usage('the query is empty');
      if (opts.explain && opts.timeline)
        return usage('--explain explains the knowledge ranking; --timeline orders by time, so they do not combine');
      const root = cliProjectRoot(opts.project);
      let kb;
      try {
        kb = openProjectKnowledge(root, false);
      } catch (err) {
        return fail(errorMessage(err));
      }
      if (opts.timeline) return searchTimeline(kb, query, limit, root, opts);
      if (!kb || kb.stats().chunks === 0) {
        kb?.close();
        if (opts.json)
          printJson({
            schema: 'context-mode.search/1',
            query,
            empty: true,
            hits: [],
            refreshed: [],
            corrections: [],
          } satisfies SearchReport);
        else
          process.stdout.write(`The knowledge base of ${root} is empty. Index something first: ctxmode index <path>\n`);
        return;
      }
      try {
        const { budget, options } = searchOptions(limit, opts);
        const report = kb.searchWithReport(query, options);
        if (report.matchedSources && report.matchedSources.length === 0) {
          const names = kb.listSources().map((s) => s.source);
          return fail(
            `no source matches "${opts.source}". Sources: ${names.slice(0, 8).join(', ')}${names.length > 8 ? ', …' : ''}`,
            {
              code: 'not-found',
              hint: 'ctxmode sources lists them all',
            },
          );
        }
        if (opts.json)
          printJson({ schema: 'context-mode.search/1', query, empty: false, ...report } satisfies SearchReport);
        else {
          process.stdout.write(formatSearchAnswer([{ query, report }], budget) + '\n');
          if (opts.explain && report.hits.length)
            process.stdout.write(
              `\nWhy (score = weight × part, summed):\n${describeRanking(report.hits, report.ranked)}\n`,
            );
        }
      } finally {
        kb.close();
      }
    });
}

/** `search --timeline`: the same merge as ctx_search's sort "timeline"; session memory alone when nothing is indexed. */
function searchTimeline(
  kb: ReturnType<typeof openProjectKnowledge>,
  query: string,
  limit: number,
  root: string,
  opts: SearchCliOptions,
): void {
  try {
    const { budget, options } = searchOptions(limit, opts);
    const hasChunks = kb !== undefined && kb.stats().chunks > 0;
    const report = timelineSearch(hasChunks ? kb : undefined, query, options, limit, { projectRoot: root });
    if (opts.source && report.hits.length === 0 && report.matchedSources?.length === 0) {
      return fail(`no source or memory category matches "${opts.source}"`, {
        code: 'not-found',
        hint: 'ctxmode sources and ctxmode memory list them',
      });
    }
    if (opts.json)
      printJson({ schema: 'context-mode.search-timeline/1', query, ...report } satisfies TimelineSearchReport);
    else process.stdout.write(formatSearchAnswer([{ query, report }], budget) + '\n');
  } catch (err) {
    fail(errorMessage(err));
  } finally {
    kb?.close();
  }
}

/** One query's answer budget and the search options the CLI's flags ask for (both search modes). */
function searchOptions(limit: number, opts: SearchCliOptions): { budget: number; options: SearchOptions } {
  const budget = searchBudget(limit, 1);
  const options: SearchOptions = {
    limit,
    snippetBytes: snippetBytesFor(budget, limit, 1),
    ...(opts.source ? { source: opts.source } : {}),
    ...(opts.type ? { contentType: opts.type as 'code' | 'prose' } : {}),
    ...(opts.explain ? { explain: true } : {}),
  };
  return { budget, options };
}

function usage(message: string): void {
  usageError(message, { prefix: 'ctxmode search' });
}
