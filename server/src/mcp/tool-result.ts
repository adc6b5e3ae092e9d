import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * Result builders for tool handlers. A handler failure is an answer, not an exception: the model reads the
 * text and decides what to do next, so every error names the cause and the next step. Throw (McpError) only
 * for protocol misuse; anything a handler throws is turned into `toolError` by `safeHandler`.
 */

/** A plain text result. */
export function toolText(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

/** An isError result. `next` is appended as its own sentence: what the caller should do now. */
export function toolError(message: string, next?: string): CallToolResult {
  const text = next ? `${message.replace(/\s+$/, '')}\n${next}` : message;
  return { content: [{ type: 'text', text }], isError: true };
}

/** The message of anything thrown, without a stack. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

/**
 * Wraps a tool handler so an unexpected throw becomes an isError result that says which tool failed and how
 * to proceed, instead of the SDK's bare message. Protocol errors (McpError) still propagate.
 */
export function safeHandler<A extends unknown[]>(
  tool: string,
  handler: (...args: A) => Promise<CallToolResult> | CallToolResult,
): (...args: A) => Promise<CallToolResult> {
  return async (...args: A) => {
    try {
      return await handler(...args);
    } catch (err) {
      if (err && typeof err === 'object' && (err as { name?: string }).name === 'McpError') throw err;
      return toolError(
        `${tool} failed: ${errorMessage(err)}`,
        'Check the arguments and retry; run ctx_doctor if it keeps failing.',
      );
    }
  };
}

/** UTF-8 size of a result's text parts (what the ledger records as returned bytes). */
export function resultBytes(result: CallToolResult): number {
  let n = 0;
  for (const part of result.content) if (part.type === 'text') n += Buffer.byteLength(part.text, 'utf8');
  return n;
}
