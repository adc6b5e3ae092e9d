import { stopFollowup } from '@context-mode/shared/memory/session-hooks';
import type { Handler } from '../core/types.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

/**
 * stop: hosts without a pre-compact/session-start path (per their capabilities) keep a fresh snapshot at each
 * turn end, and a new session's first stop can carry the previous session's snapshot as a follow-up message.
 */
export const stopHandler: Handler = (envelope, ctx) => {
  try {
    const text = stopFollowup({
      projectDir: envelope.projectDir,
      sessionId: envelope.sessionId,
      host: envelope.host,
      env: ctx.env,
      now: ctx.now(),
    });
    return text ? { kind: 'followup', text } : { kind: 'none' };
  } catch (err) {
    ctx.log(`stop failed: ${errorMessage(err)}`);
    return { kind: 'none' };
  }
};
