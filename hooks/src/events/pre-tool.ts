import { statSync } from 'node:fs';
import { isServerLive } from '@context-mode/shared/project/live-servers';
import { routePreToolUse } from '../routing/route-pre-tool.js';
import { guidanceThrottle } from '../wire/guidance-throttle.js';
import { recordRedirect } from '../wire/redirect-log.js';
import type { Handler } from './types.js';

function fileSize(path: string): number | undefined {
  try {
    const st = statSync(path);
    return st.isFile() ? st.size : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Pre-tool: route the call. Loads no SQLite: liveness is a pid-probed sentinel file, nudges are marker files,
 * and a redirect is noted in a small append-only file that the post-tool handler or the server folds into the
 * ledger and the memory timeline.
 */
export const preToolHandler: Handler = (envelope, ctx) => {
  if (!envelope.toolName) return { kind: 'none' };
  let serverLive = false;
  try {
    serverLive = isServerLive(envelope.projectDir, ctx.env);
  } catch (err) {
    ctx.log(`liveness check failed: ${(err as Error).message}`);
  }
  const decision = routePreToolUse({
    toolName: envelope.toolName,
    toolInput: envelope.toolInput,
    host: envelope.host,
    projectDir: envelope.projectDir,
    sessionId: envelope.sessionId,
    isSubagent: envelope.isSubagent,
    serverLive,
    env: ctx.env,
    nudge: guidanceThrottle(ctx.env, envelope.sessionId),
    fileSize,
  });
  if (decision.action === 'none') return { kind: 'none' };
  if ('meta' in decision && decision.meta) recordRedirect(ctx.env, envelope.sessionId, decision.meta, ctx.now());
  return { kind: 'decision', decision };
};
