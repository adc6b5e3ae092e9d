import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import {
  formatSearchAnswer,
  searchBudget,
  snippetBytesFor,
  type FormattedSection,
} from '@context-mode/shared/knowledge/format-search';
import { takeRecoveryNote } from '@context-mode/shared/knowledge/recovery-note';
import type { KnowledgeBase, SearchOptions } from '@context-mode/shared/knowledge/types';
import { recordLedger } from '@context-mode/shared/ledger/record';
import { timelineSearch } from '@context-mode/shared/state/timeline-search';
import type { ServerContext } from '../context.js';
import { liftToArray } from '../coerce.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

const MAX_QUERIES = 8;
const MAX_LIMIT = 50;

// Terse on purpose: tools/list is paid in every session's context. `limit` is clamped in the handler.
const inputSchema = {
  queries: z.preprocess(liftToArray, z.array(z.string()).optional()),
  query: z.string().optional(),
  limit: z.coerce.number().optional().describe('per query, default 3'),
  source: z.string().optional().describe('label or part'),
  contentType: z.enum(['code', 'prose']).optional(),
  sort: z.enum(['relevance', 'timeline']).optional().describe('timeline adds session memory, newest first'),
};

type Args = {
  queries?: string[] | undefined;
  query?: string | undefined;
  limit?: number | undefined;
  source?: string | undefined;
  contentType?: 'code' | 'prose' | undefined;
  sort?: 'relevance' | 'timeline' | undefined;
};

function errorResult(text: string) {
  return { content: [{ type: 'text' as const, text }], isError: true };
}

/** ctx_search: ranked (or timeline) search over the project's knowledge base, within the search byte budget. */
export function registerCtxSearchTool(server: McpServer, ctx: ServerContext): void {
  server.registerTool(
    'ctx_search',
    {
      title: 'Search indexed content',
      description:
        'Search content indexed by ctx_index, ctx_fetch_and_index or large sandbox output. Put related questions in one call. Returns the best sections (title, source, snippet).',
      inputSchema,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (args: Args) => {
      const list = [...(args.queries ?? []), ...(args.query !== undefined ? [args.query] : [])]
        .map((q) => String(q).trim())
        .filter(Boolean);
      const queries = [...new Set(list)];
      if (queries.length === 0)
        return errorResult('Provide queries: ["…"] (one or more search strings); the query text was empty.');
      if (queries.length > MAX_QUERIES)
        return errorResult(`Too many queries (${queries.length}); send at most ${MAX_QUERIES} per call.`);
      const asked = Math.floor(args.limit ?? 3) || 3;
      const limit = Math.max(1, Math.min(MAX_LIMIT, asked));
      const timeline = args.sort === 'timeline';
      let kb: KnowledgeBase;
      try {
        kb = ctx.knowledge();
      } catch (err) {
        return errorResult(errorMessage(err));
      }
      const note = takeRecoveryNote(kb);
      const stats = kb.stats();
      if (stats.chunks === 0 && !timeline) {
        return errorResult(
          `${note}The knowledge base is empty: nothing has been indexed in this project yet. Index first with ctx_index (content or path) or ctx_fetch_and_index (url).`,
        );
      }
      const budget = searchBudget(limit, queries.length, ctx.env);
      const opts: SearchOptions = {
        limit,
        sessionId: ctx.sessionId,
        snippetBytes: snippetBytesFor(budget, limit, queries.length),
        ...(args.source ? { source: args.source } : {}),
        ...(args.contentType ? { contentType: args.contentType } : {}),
      };
      const sections: FormattedSection[] = [];
      try {
        for (const query of queries) {
          const report = timeline
            ? timelineSearch(kb, query, opts, limit, {
                projectRoot: ctx.projectRoot,
                sessionId: ctx.sessionId,
                env: ctx.env,
              })
            : (kb.searchWithReport?.(query, opts) ?? { hits: kb.search(query, opts), refreshed: [], corrections: [] });
          if (report.matchedSources && report.matchedSources.length === 0) {
            const names = kb.listSources().map((s) => s.source);
            const few = names.slice(0, 8).join(', ');
            return errorResult(
              `${note}No source matches "${args.source}". ${names.length} source(s) exist${names.length ? `, e.g.: ${few}${names.length > 8 ? ', …' : ''}` : ''}. Omit source to search everything.`,
            );
          }
          sections.push({ query, report });
        }
      } catch (err) {
        return errorResult(`Search failed: ${errorMessage(err)}`);
      }
      const capNote = asked > MAX_LIMIT ? `(limit capped at ${MAX_LIMIT})\n\n` : '';
      const text = note + capNote + formatSearchAnswer(sections, budget - Buffer.byteLength(note + capNote));
      recordLedger(
        ctx.projectRoot,
        {
          sessionId: ctx.sessionId,
          host: ctx.host()?.id ?? 'unknown',
          tool: 'ctx_search',
          kind: 'search',
          rawBytes: 0,
          returnedBytes: Buffer.byteLength(text),
        },
        ctx.env,
      );
      return { content: [{ type: 'text' as const, text }] };
    },
  );
}
