import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * Result builders for tool handlers. A handler failure is an answer, not an exception: the model reads the
 * text and decides what to do next, so every error names the cause and the next step. Throw (McpError) only
 * for protocol misuse; anything a handler throws is turned into `toolError` by the tools/call handler
 * (`serveToolCalls` in ./tool-calls.ts), which every tool goes through.
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

/** UTF-8 size of a result's text parts (what the ledger records as returned bytes). */
export function resultBytes(result: CallToolResult): number {
  let n = 0;
  for (const part of result.content) if (part.type === 'text') n += Buffer.byteLength(part.text, 'utf8');
  return n;
}
