import { saveResumeSnapshot } from '@context-mode/shared/memory/session-hooks';
import type { Handler } from '../core/types.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

/**
 * pre-compact: stores the budgeted resume snapshot; session-start(compact) injects it. Nothing is said to the
 * host here: no host shows pre-compact output to the model.
 */
export const preCompactHandler: Handler = (envelope, ctx) => {
  try {
    saveResumeSnapshot({
      projectDir: envelope.projectDir,
      sessionId: envelope.sessionId,
      host: envelope.host,
      env: ctx.env,
      now: ctx.now(),
    });
  } catch (err) {
    ctx.log(`snapshot not saved: ${errorMessage(err)}`);
  }
  return { kind: 'none' };
};
