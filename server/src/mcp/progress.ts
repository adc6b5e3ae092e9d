import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Reports progress of one tool call: `progress` grows, `total` when known, `message` for humans. */
export type ProgressFn = (progress: number, total?: number, message?: string) => Promise<void>;

/**
 * An MCP progress reporter for a tool call. Notifications go out only when the client sent a progressToken
 * (`_meta.progressToken`); otherwise the returned function does nothing, so handlers call it unconditionally.
 * Progress that does not grow is dropped (the spec requires it to increase), and a failed send never fails
 * the tool call.
 *
 *   const progress = progressReporter(extra);
 *   await progress(i + 1, urls.length, `fetched ${url}`);
 */
export function progressReporter(extra: Pick<ToolExtra, '_meta' | 'sendNotification'> | undefined): ProgressFn {
  const token = extra?._meta?.progressToken;
  if (token === undefined || !extra) return async () => undefined;
  let last = -Infinity;
  return async (progress, total, message) => {
    if (!(progress > last)) return;
    last = progress;
    try {
      await extra.sendNotification({
        method: 'notifications/progress',
        params: {
          progressToken: token,
          progress,
          ...(total !== undefined ? { total } : {}),
          ...(message ? { message } : {}),
        },
      });
    } catch {
      // The client went away or the transport is closing: progress is best effort.
    }
  };
}
