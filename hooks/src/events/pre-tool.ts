import { statSync } from 'node:fs';
import { FILE_MISSING, routePreToolUse } from '../routing/route-pre-tool.js';
import { guidanceThrottle } from '../state/guidance-throttle.js';
import { recordRedirect } from '../state/redirect-log.js';
import { storeBrokenReason } from '@context-mode/shared/db/engine-health';
import { serverServesProject } from '../state/server-liveness.js';
import type { Handler } from '../core/types.js';
import type { Decision } from '../core/decision.js';
import { echoCommand } from '../routing/redirect-text.js';
import { resultBudget } from '@context-mode/shared/budget/result-budget';

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
/**
 * A denied plain read (`cat big.log`) with the answer: the files are indexed and their digest (first and last
 * lines, every error line, the source to search) joins the reason, within the result budget. Any failure keeps
 * the plain redirect.
 */
async function withReadDigest(
  decision: Decision,
  envelope: Parameters<Handler>[0],
  ctx: Parameters<Handler>[1],
): Promise<Decision> {
  if ((decision.action !== 'modify' && decision.action !== 'deny') || !decision.plainRead || !decision.reason)
    return decision;
  try {
    const { bookDeniedRead, digestFiles } = await import('./read-digest.js');
    const head = `${decision.reason}\n\nIts digest (context-mode indexed the whole file):\n`;
    const digest = digestFiles(decision.plainRead, {
      projectDir: envelope.projectDir,
      env: ctx.env,
      sessionId: envelope.sessionId,
      budget: resultBudget(ctx.env) - Buffer.byteLength(head, 'utf8'),
      host: envelope.host,
    });
    if (!digest) return decision;
    const reason = `${head}${digest.text}`;
    bookDeniedRead(digest, Buffer.byteLength(reason, 'utf8'), {
      projectDir: envelope.projectDir,
      env: ctx.env,
      sessionId: envelope.sessionId,
      host: envelope.host,
      tool: decision.meta?.tool ?? 'Bash',
    });
    if (decision.action === 'deny') return { ...decision, reason };
    const echoed = echoCommand(decision.reason);
    const updatedInput = Object.fromEntries(
      Object.entries(decision.updatedInput).map(([k, v]) => [k, v === echoed ? echoCommand(reason) : v]),
    );
    return { ...decision, reason, updatedInput };
  } catch (err) {
    ctx.log(`read digest failed: ${(err as Error).message}`);
    return decision;
  }
}

export const preToolHandler: Handler = async (envelope, ctx) => {
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
  const answered = await withReadDigest(decision, envelope, ctx);
  // A denial that carried the digest is booked as a confirmed saving (read-digest.ts), not as an estimate.
  if (answered !== decision) return { kind: 'decision', decision: answered };
  if ('meta' in decision && decision.meta)
    recordRedirect(
      ctx.env,
      { sessionId: envelope.sessionId, host: envelope.host.id, projectDir: envelope.projectDir },
      decision.meta,
      ctx.now(),
    );
  return { kind: 'decision', decision };
};
