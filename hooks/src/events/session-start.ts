import { sessionStartContext } from '@context-mode/shared/memory/session-hooks';
import type { Handler } from '../core/types.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

/**
 * session-start: startup and clear → the routing block; compact → routing block + this session's snapshot;
 * resume → routing block + this session's snapshot or the project's newest unconsumed one. Hosts that cannot
 * inject context get nothing here (see stop.ts for how they resume).
 */
export const sessionStartHandler: Handler = (envelope, ctx) => {
  try {
    const costs = ctx.deferInjectedCosts ? [] : undefined;
    const text = sessionStartContext(
      {
        projectDir: envelope.projectDir,
        sessionId: envelope.sessionId,
        host: envelope.host,
        env: ctx.env,
        now: ctx.now(),
        deferredCosts: costs,
      },
      envelope.sessionStartSource ?? 'startup',
    );
    return text ? { kind: 'context', text, ...(costs && { costs }) } : { kind: 'none' };
  } catch (err) {
    ctx.log(`session start context failed: ${errorMessage(err)}`);
    return { kind: 'none' };
  }
};
