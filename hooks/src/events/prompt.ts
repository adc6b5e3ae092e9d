import { recordPrompt } from '@context-mode/shared/memory/session-hooks';
import type { Handler } from './types.js';

/** prompt: records the user's prompt and what it implies (goal, decision, rule, constraint, blocker). No output. */
export const promptHandler: Handler = (envelope, ctx) => {
  try {
    recordPrompt({ projectDir: envelope.projectDir, sessionId: envelope.sessionId, host: envelope.host, env: ctx.env, now: ctx.now() }, envelope.prompt);
  } catch (err) {
    ctx.log(`prompt not recorded: ${err instanceof Error ? err.message : String(err)}`);
  }
  return { kind: 'none' };
};
