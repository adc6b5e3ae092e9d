import { formatBytes } from '@context-mode/shared/budget/format-bytes';
import { looksBinary } from '@context-mode/shared/knowledge/decode-text';
import { describeIndexResult, type SearchHint } from '@context-mode/shared/knowledge/describe-index';
import { indexWithoutBlocking } from '@context-mode/shared/knowledge/index-without-blocking';
import { createHash } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { ALLOW_OUTSIDE_ENV, IndexPathError, indexPath } from '@context-mode/shared/knowledge/index-path';
import { takeRecoveryNote } from '@context-mode/shared/knowledge/recovery-note';
import type { ContentFormat, KnowledgeBase } from '@context-mode/shared/knowledge/types';
import { recordLedger } from '@context-mode/shared/ledger/record';
import { convertHtmlFile } from '../../fetch/convert-html.js';
import type { ServerContext } from '../context.js';
import { liftToArray } from '../coerce.js';
import { readSetting } from '@context-mode/shared/settings/settings';
import { errorMessage } from '@context-mode/shared/errors/error-message';

const bool = (v: unknown) => (v === 'true' ? true : v === 'false' ? false : v);
const list = z.preprocess(liftToArray, z.array(z.string()).optional());

// Bounds are enforced by clamping in the handler rather than advertised in the schema: every byte of
// tools/list is paid in every session's context.
const inputSchema = {
  content: z.string().optional(),
  path: z.string().optional().describe('file or dir'),
  source: z.string().optional().describe('label'),
  include: list,
  exclude: list,
  maxDepth: z.coerce.number().optional(),
  maxFiles: z.coerce.number().optional(),
  followSymlinks: z.preprocess(bool, z.boolean().optional()),
};

interface Args {
  content?: string | undefined;
  path?: string | undefined;
  source?: string | undefined;
  include?: string[] | undefined;
  exclude?: string[] | undefined;
  maxDepth?: number | undefined;
  maxFiles?: number | undefined;
  followSymlinks?: boolean | undefined;
}

// reST signals markdown never has: a `.. name::` directive, or a title underlined (at least its own length,
// between blank lines, so a `~~~` fence opening on code is not one) with a character setext headings do not use.
const RST_DIRECTIVE = /^\.\. [\w.+:-]+::(?:[ \t]|$)/m;
const RST_TITLE = /(?:^|\n[ \t]*\n)(\S.*)\n([~^"'*+#])\2{2,}[ \t]*(?=\n[ \t]*\n|\n?$)/g;
const MARKDOWN_SIGNAL = /^(?:#{1,6} |```)/m;

function looksLikeRst(t: string): boolean {
  if (MARKDOWN_SIGNAL.test(t)) return false;
  if (RST_DIRECTIVE.test(t)) return true;
  for (const m of t.matchAll(RST_TITLE)) {
    const underline = m[0].slice(m[0].lastIndexOf('\n') + 1).trimEnd();
    if (underline.length >= m[1]!.trimEnd().length) return true;
  }
  return false;
}

/**
 * Guesses the format of pasted content: JSON when it parses as an object/array, reStructuredText only on a
 * clear sign of it (a directive, a title underlined with `~`, `^`, `*`…), markdown when it has headings or fences.
 */
export function detectFormat(content: string): ContentFormat {
  const t = content.trim();
  if ((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']'))) {
    try {
      JSON.parse(t);
      return 'json';
    } catch {
      // Not JSON.
    }
  }
  if (looksLikeRst(t)) return 'rst';
  if (/^ {0,3}(#{1,6} |```|~~~)/m.test(t) || /^.+\n(=+|-+)\s*$/m.test(t)) return 'markdown';
  return 'text';
}

/** The MCP answer names the next call: a ctx_search scoped to what was just indexed. */
const searchHint: SearchHint = (src) => `Search with ctx_search(queries: [...]${src ? `, source: "${src}"` : ''}).`;

/** ctx_index: stores content, a file or a directory tree in the knowledge base for later ctx_search. */
export function registerCtxIndexTool(server: McpServer, ctx: ServerContext): void {
  server.registerTool(
    'ctx_index',
    {
      title: 'Index content',
      description: `Index text, a file or a directory (include/exclude globs, .gitignore honoured, depth 5, 200 files) into the project knowledge base for ctx_search. Returns counts and the source label. Outside-project paths need ${ALLOW_OUTSIDE_ENV}=1.`,
      inputSchema,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (args: Args, extra) => {
      const content = args.content && args.content.length ? args.content : undefined;
      const path = args.path?.trim() ? args.path.trim() : undefined;
      if (content && looksBinary(content)) {
        return {
          content: [
            {
              type: 'text' as const,
              text: 'Not indexed: the content is binary (NUL characters), not text. Index a text file or a text rendering of it.',
            },
          ],
          isError: true,
        };
      }
      if (!content && !path) {
        return {
          content: [
            {
              type: 'text' as const,
              text: 'Provide content (text to index) or path (a file or directory in the project).',
            },
          ],
          isError: true,
        };
      }
      let kb: KnowledgeBase;
      try {
        kb = ctx.knowledge();
      } catch (err) {
        return {
          content: [{ type: 'text' as const, text: errorMessage(err) }],
          isError: true,
        };
      }
      const note = takeRecoveryNote(kb);
      let text: string;
      let rawBytes = 0;
      let sourceId: string | undefined;
      let notIndexed = false;
      try {
        if (content) {
          const source =
            args.source?.trim() || `manual:${createHash('sha256').update(content).digest('hex').slice(0, 10)}`;
          const r = await indexWithoutBlocking(kb, {
            source,
            content,
            format: detectFormat(content),
            kind: 'manual',
            sessionId: ctx.sessionId,
          });
          // Inline content came from the model itself: it was in the context already, so nothing was saved.
          sourceId = r.source;
          text =
            `Indexed ${r.chunks} section(s) (${r.codeChunks} code, ${formatBytes(r.bytes)}) as source "${r.source}"${r.replaced ? ' (replaced the previous version)' : ''}.` +
            (r.redactions ? `\n${r.redactions} secret(s) redacted before storing.` : '') +
            `\nSearch with ctx_search(queries: [...], source: "${r.source}").`;
        } else {
          const token = extra?._meta?.progressToken;
          const r = await indexPath(kb, path!, {
            projectRoot: ctx.projectRoot,
            sessionId: ctx.sessionId,
            allowOutside: readSetting('allowOutside', ctx.env),
            // HTML documents are indexed as their text; the conversion runs off the event loop for large pages.
            convertHtml: convertHtmlFile,
            ...(args.source ? { source: args.source } : {}),
            ...(args.include ? { include: args.include } : {}),
            ...(args.exclude ? { exclude: args.exclude } : {}),
            ...(args.maxDepth !== undefined ? { maxDepth: Math.max(0, Math.min(20, Math.floor(args.maxDepth))) } : {}),
            ...(args.maxFiles !== undefined
              ? { maxFiles: Math.max(1, Math.min(5000, Math.floor(args.maxFiles))) }
              : {}),
            ...(args.followSymlinks ? { followSymlinks: true } : {}),
            ...(token !== undefined
              ? {
                  onProgress: async (done: number, total: number, file: string) => {
                    // One notification per file is plenty for a 200-file walk; the client may ignore them.
                    await extra
                      .sendNotification({
                        method: 'notifications/progress',
                        params: { progressToken: token, progress: done, total, message: file },
                      })
                      .catch(() => undefined);
                  },
                }
              : {}),
          });
          // A file the model did not have to read is a saving; a directory is not — nobody would have read every
          // file of it into the context (a new user indexing shared/src was told 334 KB were saved).
          rawBytes = r.kind === 'file' ? r.bytes : 0;
          sourceId = r.kind === 'file' ? r.files[0]?.source : undefined;
          // One file asked for and not indexed (binary, too large, failed) is an error, as in `ctxmode index`.
          notIndexed = r.kind === 'file' && r.files.length === 0 && r.skipped.length > 0;
          text = describeIndexResult(r, ctx.projectRoot, searchHint);
        }
      } catch (err) {
        const msg = err instanceof IndexPathError ? err.message : `Index error: ${errorMessage(err)}`;
        return { content: [{ type: 'text' as const, text: note + msg }], isError: true };
      }
      text = note + text;
      recordLedger(
        ctx.projectRoot,
        {
          sessionId: ctx.sessionId,
          host: ctx.host()?.id ?? 'unknown',
          tool: 'ctx_index',
          kind: 'index',
          rawBytes,
          returnedBytes: Buffer.byteLength(text),
          ...(sourceId ? { sourceId } : {}),
        },
        ctx.env,
      );
      return { content: [{ type: 'text' as const, text }], ...(notIndexed ? { isError: true } : {}) };
    },
  );
}
