import { statSync } from 'node:fs';
import { FILE_MISSING, routePreToolUse } from '../routing/route-pre-tool.js';
import { guidanceThrottle } from '../state/guidance-throttle.js';
import { recordRedirect } from '../state/redirect-log.js';
import { storeBrokenReason } from '@context-mode/shared/db/engine-health';
import { serverServesProject } from '../state/server-liveness.js';
import type { Handler } from '../core/types.js';

function fileSize(path: string): number | undefined {
  try {
    const st = statSync(path);
    return st.isFile() ? st.size : undefined;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? FILE_MISSING : undefined;
  }
}

/**
 * Pre-tool: route the call. Loads no SQLite: liveness is a pid-probed sentinel file, nudges are marker files,
 * and a redirect is noted in a small append-only file that the post-tool handler or the server folds into the
 * ledger and the memory timeline.
 */
export const preToolHandler: Handler = (envelope, ctx) => {
  if (!envelope.toolName) return { kind: 'none' };
  // Liveness is checked only when routing wants to act, and at most once: most calls pass without it.
  let live: boolean | undefined;
  const serverLive = (): boolean => {
    if (live === undefined) {
      try {
        // An engine that cannot open its store would fail every ctx_* tool a redirect names: pass through.
        const broken = storeBrokenReason(ctx.env);
        if (broken !== undefined) ctx.log(`store unusable, passing through: ${broken}`);
        live = broken === undefined && serverServesProject(envelope.projectDir, ctx.env);
      } catch (err) {
        ctx.log(`liveness check failed: ${(err as Error).message}`);
        live = false;
      }
    }
    return live;
  };
  const throttle = guidanceThrottle(ctx.env, envelope.sessionId);
  const decision = routePreToolUse({
    toolName: envelope.toolName,
    toolInput: envelope.toolInput,
    host: envelope.host,
    projectDir: envelope.projectDir,
    sessionId: envelope.sessionId,
    isSubagent: envelope.isSubagent,
    serverLive: true,
    env: ctx.env,
    // A nudge names ctx_* tools, so it is spent only when a server can answer them.
    nudge: { once: (k) => serverLive() && throttle.once(k), every: (k, n) => serverLive() && throttle.every(k, n) },
    fileSize,
  });
  if (decision.action === 'none' || !serverLive()) return { kind: 'none' };
  if ('meta' in decision && decision.meta)
    recordRedirect(
      ctx.env,
      { sessionId: envelope.sessionId, host: envelope.host.id, projectDir: envelope.projectDir },
      decision.meta,
      ctx.now(),
    );
  return { kind: 'decision', decision };
};
