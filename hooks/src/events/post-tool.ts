import { recordToolCall } from '@context-mode/shared/memory/session-hooks';
import type { Handler, Outcome } from './types.js';

/**
 * post-tool: records the call's memory events (one transaction). Kept minimal because it runs after every
 * tool call: one store open, one write, no knowledge base unless the output has to be replaced.
 */
export const postToolHandler: Handler = async (envelope, ctx): Promise<Outcome> => {
  const session = { projectDir: envelope.projectDir, sessionId: envelope.sessionId, host: envelope.host, env: ctx.env, now: ctx.now() };
  try {
    recordToolCall(session, {
      ...(envelope.toolName !== undefined ? { toolName: envelope.toolName } : {}),
      ...(envelope.toolInput !== undefined ? { toolInput: envelope.toolInput } : {}),
      ...(envelope.toolResponse !== undefined ? { toolResponse: envelope.toolResponse } : {}),
      ...(envelope.toolIsError !== undefined ? { isError: envelope.toolIsError } : {}),
    });
  } catch (err) {
    ctx.log(`memory not recorded: ${err instanceof Error ? err.message : String(err)}`);
  }
  const { interceptOutput } = await import('./intercept-output.js');
  return interceptOutput(envelope, ctx);
};
