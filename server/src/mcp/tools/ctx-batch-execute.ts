import { indexWithoutBlocking } from '@context-mode/shared/knowledge/index-without-blocking';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { uniqueSourceLabel } from '@context-mode/shared/budget/shape-output';
import { clipBytes, resultBudget } from '@context-mode/shared/budget/result-budget';
import { recordLedger } from '@context-mode/shared/ledger/record';
import { redactText } from '@context-mode/shared/policy/redact';
import { executeCode, reserveSandbox, type ExecuteResult } from '../../sandbox/execute-code.js';
import { deniedBy, statusNote } from '../sandbox-answer.js';
import type { ServerContext } from '../context.js';
import { liftToArray } from '../coerce.js';
import { toolError } from '../tool-result.js';

const commandItem = z.union([z.string(), z.object({ label: z.string().optional(), command: z.string() })]);
interface Ran {
  label: string;
  command: string;
  result?: ExecuteResult;
  denied?: string;
}

async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]!);
  });
  await Promise.all(workers);
}

const lineCount = (s: string) => (s ? s.split('\n').length - (s.endsWith('\n') ? 1 : 0) : 0);

export function registerCtxBatchExecuteTool(server: McpServer, ctx: ServerContext): void {
  server.registerTool(
    'ctx_batch_execute',
    {
      title: 'Batch execute and search',
      description:
        'Run several shell commands, index all their output, and answer queries over it in one call. Returns one status line per command plus the best matching sections per query; search more later with ctx_search(source).',
      inputSchema: {
        commands: z.preprocess(liftToArray, z.array(commandItem).min(1)),
        queries: z.preprocess(liftToArray, z.array(z.string()).optional()),
        concurrency: z.coerce.number().optional().describe('1-8, default 1'),
        timeout: z.coerce.number().optional().describe('ms per command, default 60000'),
      },
      // Not open-world: the tool runs the code shown in the call on this machine and returns that code's output;
      // it reaches nothing outside by itself (see docs/vscode.md, "What VS Code asks").
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    async (args) => {
      const ran: Ran[] = args.commands.map((c, i) =>
        typeof c === 'string'
          ? { label: `cmd_${i + 1}`, command: c }
          : { label: c.label || `cmd_${i + 1}`, command: c.command },
      );
      const concurrency = Math.min(8, Math.max(1, Math.floor(args.concurrency ?? 1)));
      const timeoutMs = args.timeout && args.timeout > 0 ? args.timeout : 60_000;
      for (const r of ran) r.denied = deniedBy(ctx, 'shell', r.command);
      const allowed = ran.filter((r) => !r.denied);
      // One booted shell per command that starts at once, before the first starts (else only the first is warm).
      if (concurrency > 1 && allowed.length > 1)
        reserveSandbox(ctx.env, 'shell', Math.min(concurrency, allowed.length));
      await pool(allowed, concurrency, async (r) => {
        r.result = await executeCode({
          language: 'shell',
          code: r.command,
          cwd: ctx.projectRoot,
          env: ctx.env,
          timeoutMs,
        });
      });

      const sections = ran.map((r) => {
        const body = r.denied ?? `${r.result?.stdout ?? ''}${r.result?.stderr ? `\n${r.result.stderr}` : ''}`;
        return `## ${r.label}\n\n$ ${r.command}\n\n${body.trim() || '(no output)'}\n`;
      });
      const rawBytes = sections.reduce((n, s) => n + Buffer.byteLength(s, 'utf8'), 0);
      const source = uniqueSourceLabel('batch');
      let indexed = true;
      try {
        await indexWithoutBlocking(ctx.knowledge(), {
          source,
          content: sections.join('\n'),
          format: 'markdown',
          kind: 'batch',
          sessionId: ctx.sessionId,
        });
      } catch {
        indexed = false;
      }

      const budget = resultBudget(ctx.env);
      const lines = ran.map((r) => {
        if (r.denied) return `- ${r.label}: denied — ${r.denied}`;
        const res = r.result!;
        const out = res.stdout + res.stderr;
        const note = statusNote(res, timeoutMs);
        return `- ${r.label}: exit ${res.exitCode ?? '-'}, ${lineCount(out)} lines, ${Buffer.byteLength(out, 'utf8')} B${note ? ` (${note})` : ''}`;
      });
      let text = `Ran ${ran.length} command(s); output ${indexed ? `indexed as "${source}"` : 'not indexed'} (${rawBytes} B).\n${lines.join('\n')}\n`;
      const queries = (args.queries ?? []).filter((q) => q.trim());
      if (indexed && queries.length) {
        const per = Math.max(200, Math.floor((budget - Buffer.byteLength(text, 'utf8') - 200) / queries.length));
        for (const q of queries) {
          const hits = ctx.knowledge().search(q, { source, limit: 3 });
          const block = hits.length
            ? hits.map((h) => `### ${h.title}\n${h.snippet}`).join('\n')
            : 'No match in this batch.';
          text += `\n## ${q}\n${clipBytes(block, per)}\n`;
        }
      } else if (indexed && !queries.length) {
        // No queries: show what fits of the output itself, in command order.
        const room = budget - Buffer.byteLength(text, 'utf8') - 150;
        if (room > 200) text += `\n${clipBytes(sections.join('\n'), room)}\n`;
      }
      if (indexed) text += `\nMore: ctx_search(source: "${source}", queries: [...])`;
      text = clipBytes(redactText(text), budget); // secrets a command printed never reach the model
      recordLedger(ctx.projectRoot, {
        sessionId: ctx.sessionId,
        host: ctx.host()?.id ?? 'unknown',
        tool: 'ctx_batch_execute',
        kind: 'sandbox',
        rawBytes,
        returnedBytes: Buffer.byteLength(text, 'utf8'),
        ...(indexed ? { sourceId: source } : {}),
      });
      if (ran.every((r) => r.denied)) return toolError(text);
      return { content: [{ type: 'text', text }] };
    },
  );
}
