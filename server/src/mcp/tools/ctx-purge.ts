import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { openExistingMemoryStore } from '@context-mode/shared/memory/open-memory-store';
import { purgeProjectData, type PurgeResult } from '@context-mode/shared/memory/purge-project-data';
import type { ServerContext } from '../context.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

// Only "true"/"false" strings count as booleans (hosts differ in what they send).
const lenientBool = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

const inputSchema = {
  confirm: lenientBool.describe('must be true'),
  scope: z.enum(['session', 'project']),
  sessionId: z.string().optional().describe('scope session; default current'),
};

type Args = { confirm: boolean; scope: 'session' | 'project'; sessionId?: string | undefined };

const text = (t: string, isError = false) => ({
  content: [{ type: 'text' as const, text: t }],
  ...(isError ? { isError: true } : {}),
});

/** The memory session a session purge means: given, else the server's id if memory knows it, else the latest. */
function currentMemorySession(ctx: ServerContext): string | undefined {
  const store = openExistingMemoryStore(ctx.projectRoot, ctx.env);
  if (!store) return undefined;
  try {
    if (store.session(ctx.sessionId)) return ctx.sessionId;
    return store.sessions()[0]?.sessionId;
  } finally {
    store.close();
  }
}

export function describePurge(r: PurgeResult): string {
  const kb = r.knowledgeChunks === 'all' ? 'the whole knowledge base' : `${r.knowledgeChunks} knowledge chunk(s)`;
  return r.scope === 'session'
    ? `Purged session ${r.sessionId ?? '(none)'}: ${r.memoryEvents} memory event(s) and ${kb}. Savings history kept.`
    : r.byDeletingFiles
      ? 'Purged the project by deleting its store files (the disk was full, so rows could not be deleted): all memory, the whole knowledge base and the savings history.'
      : `Purged the project: ${r.memoryEvents} memory event(s), ${kb} and ${r.ledgerRows} ledger row(s).`;
}

/** ctx_purge (docs/architecture.md#purge): needs confirm: true and an explicit scope; removes memory AND knowledge. */
export function registerCtxPurgeTool(server: McpServer, ctx: ServerContext): void {
  server.registerTool(
    'ctx_purge',
    {
      title: 'Purge memory and knowledge',
      description:
        'DESTRUCTIVE: delete session memory and indexed content. scope "session" = this session, "project" = everything here. Only when the user asks.',
      inputSchema,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    async (args: Args) => {
      if (args.sessionId && args.scope === 'project') {
        return text(
          'Ambiguous purge: sessionId was given with scope "project". Use scope "session" for one session, or drop sessionId to purge the project.',
          true,
        );
      }
      if (args.confirm !== true)
        return text('Purge cancelled: nothing was deleted. Call again with confirm: true once the user agreed.');
      try {
        const ids =
          args.scope === 'session'
            ? [args.sessionId ?? currentMemorySession(ctx) ?? ctx.sessionId, ...(args.sessionId ? [] : [ctx.sessionId])]
            : [];
        let knowledge;
        try {
          knowledge = ctx.knowledge();
        } catch {
          knowledge = undefined;
        }
        const result = purgeProjectData(ctx.projectRoot, {
          scope: args.scope,
          sessionIds: ids,
          ...(knowledge ? { knowledge } : {}),
          env: ctx.env,
        });
        return text(describePurge(result));
      } catch (err) {
        return text(`Purge failed, nothing more was deleted: ${errorMessage(err)}`, true);
      }
    },
  );
}
