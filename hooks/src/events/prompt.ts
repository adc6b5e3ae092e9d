import { recordPrompt } from '@context-mode/shared/memory/session-hooks';
import type { Handler } from '../core/types.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

/**
 * prompt: records the user's prompt and what it implies (goal, decision, rule, constraint, blocker). Says
 * nothing, unless the session compacted without a session-start(compact) to carry the resume snapshot: then the
 * snapshot rides along with this prompt.
 */
export const promptHandler: Handler = (envelope, ctx) => {
  try {
    const costs = ctx.deferInjectedCosts ? [] : undefined;
    const text = recordPrompt(
      {
        projectDir: envelope.projectDir,
        sessionId: envelope.sessionId,
        host: envelope.host,
        env: ctx.env,
        now: ctx.now(),
        deferredCosts: costs,
      },
      envelope.prompt,
    );
    return text ? { kind: 'context', text, ...(costs && { costs }) } : { kind: 'none' };
  } catch (err) {
    ctx.log(`prompt not recorded: ${errorMessage(err)}`);
    return { kind: 'none' };
  }
};
