import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { recordLedger } from '@context-mode/shared/ledger/record';
import { privateFetchAllowed } from '@context-mode/shared/policy/ssrf';
import type { ServerContext } from '../context.js';
import { lenientBoolean, lenientNumber, liftToArray } from '../coerce.js';
import { progressReporter, type ToolExtra } from '../progress.js';
import { resultBudget } from '@context-mode/shared/budget/result-budget';
import { resultBytes, toolError, toolText } from '../tool-result.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

const MAX_URLS = 32;

/** `requests` also accepts a JSON string, one URL string, or URL strings inside the array. */
function liftRequests(value: unknown): unknown {
  const lifted = liftToArray(value);
  return Array.isArray(lifted) ? lifted.map((r) => (typeof r === 'string' ? { url: r } : r)) : lifted;
}

const inputSchema = {
  url: z.string().optional(),
  source: z.string().optional().describe('label for ctx_search'),
  requests: z
    .preprocess(liftRequests, z.array(z.object({ url: z.string(), source: z.string().optional() })))
    .optional()
    .describe('several URLs; wins over url'),
  concurrency: lenientNumber(z.number().int().min(1).max(8)).optional().describe('1-8, default 1'),
  force: lenientBoolean().optional().describe('ignore the 24 h cache'),
  ttl: lenientNumber(z.number().min(0)).optional().describe('cache ms'),
};

type Args = {
  url?: string | undefined;
  source?: string | undefined;
  requests?: Array<{ url: string; source?: string | undefined }> | undefined;
  concurrency?: number | undefined;
  force?: boolean | undefined;
  ttl?: number | undefined;
};

/** ctx_fetch_and_index: fetch http(s) pages into the knowledge base (docs/architecture.md#fetch); the page never enters context. */
export function registerCtxFetchAndIndexTool(server: McpServer, ctx: ServerContext): void {
  server.registerTool(
    'ctx_fetch_and_index',
    {
      title: 'Fetch and index URLs',
      description:
        'Fetch http(s) pages (HTML → markdown, JSON, text) into the knowledge base instead of reading them into context; cached 24 h per URL. Returns section counts, a short preview and the ctx_search call to query it. Private/loopback hosts need CONTEXT_MODE_ALLOW_PRIVATE_FETCH=1.',
      inputSchema,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    async (args: Args, extra: ToolExtra) => runFetchTool(ctx, args, extra),
  );
}

async function runFetchTool(ctx: ServerContext, args: Args, extra: ToolExtra) {
  const requests = args.requests?.length ? args.requests : args.url ? [{ url: args.url, source: args.source }] : [];
  if (requests.length === 0) {
    return toolError(
      'ctx_fetch_and_index needs a url (or requests: [{url, source?}]).',
      'Example: {"url": "https://example.com/docs"}',
    );
  }
  if (requests.length > MAX_URLS) {
    return toolError(
      `at most ${MAX_URLS} URLs per call, got ${requests.length}.`,
      'Split the list into several calls.',
    );
  }
  const bad = requests.find((r) => !r.url.trim());
  if (bad) return toolError('a request has an empty url.', 'Give every request an absolute http(s) URL.');

  // Loaded here, not at start-up: the fetch stack (and turndown behind it) costs nothing until used.
  const [{ fetchAndIndex, DEFAULT_CACHE_TTL_MS }, { formatFetchAnswer }] = await Promise.all([
    import('../../fetch/fetch-and-index.js'),
    import('../../fetch/format-fetch-answer.js'),
  ]);
  let kb;
  try {
    kb = ctx.knowledge();
  } catch (err) {
    return toolError(`the knowledge base cannot be opened: ${errorMessage(err)}`, 'Run ctx_doctor for details.');
  }
  const progress = progressReporter(extra);
  const ttlMs = args.ttl ?? DEFAULT_CACHE_TTL_MS;
  const outcomes = await fetchAndIndex(
    kb,
    requests.map((r) => ({ url: r.url.trim(), source: r.source })),
    {
      allowPrivate: privateFetchAllowed(ctx.env),
      ...(args.force !== undefined ? { force: args.force } : {}),
      ttlMs,
      concurrency: args.concurrency ?? 1,
      sessionId: ctx.sessionId,
      signal: extra.signal,
      onSettled: (done, total, o) => progress(done, total, `${o.status} ${o.url}`),
    },
  );
  const text = formatFetchAnswer(
    outcomes,
    resultBudget(ctx.env),
    ctx.toolName('ctx_search'),
    Math.round((ttlMs / 3600000) * 10) / 10,
  );
  const failed = outcomes.filter((o) => o.status === 'error').length;
  const result = failed === outcomes.length ? toolError(text) : toolText(text);
  // A page served from the cache was counted when it was fetched; counting it again would double the saving.
  const raw = outcomes.reduce((n, o) => n + (o.status === 'new' ? o.bytes : 0), 0);
  if (raw > 0) {
    recordLedger(
      ctx.projectRoot,
      {
        sessionId: ctx.sessionId,
        host: ctx.host()?.id ?? 'unknown',
        tool: 'ctx_fetch_and_index',
        kind: 'fetch',
        rawBytes: raw,
        returnedBytes: resultBytes(result),
        ...(outcomes.length === 1 ? { sourceId: outcomes[0]!.label } : {}),
      },
      ctx.env,
    );
  }
  return result;
}
