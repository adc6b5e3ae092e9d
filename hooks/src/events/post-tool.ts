import { recordToolCall } from '@context-mode/shared/memory/record-tool-call';
import type { Handler, Outcome } from '../core/types.js';
import { readSetting } from '@context-mode/shared/settings/settings';
import { errorMessage } from '@context-mode/shared/errors/error-message';

/** Cheap pre-check so the interception code loads only for outputs that may need replacing. */
function overBudget(response: unknown, env: NodeJS.ProcessEnv): boolean {
  if (response === undefined || response === null) return false;
  const budget = readSetting('resultBudget', env);
  try {
    const text = typeof response === 'string' ? response : JSON.stringify(response);
    return Buffer.byteLength(text ?? '') > budget;
  } catch {
    return false;
  }
}

/**
 * post-tool: spools the call's memory events (a file write; the next hook that opens the store moves them into
 * memory.db). Kept minimal because it runs after every tool call: no SQLite here unless the spool grew past its
 * bound, and the interception code loads only on hosts that can replace a tool's output.
 */
export const postToolHandler: Handler = async (envelope, ctx): Promise<Outcome> => {
  try {
    const r = recordToolCall(
      {
        projectDir: envelope.projectDir,
        sessionId: envelope.sessionId,
        host: envelope.host,
        env: ctx.env,
        now: ctx.now(),
      },
      {
        ...(envelope.toolName !== undefined ? { toolName: envelope.toolName } : {}),
        ...(envelope.toolInput !== undefined ? { toolInput: envelope.toolInput } : {}),
        ...(envelope.toolResponse !== undefined ? { toolResponse: envelope.toolResponse } : {}),
        ...(envelope.toolIsError !== undefined ? { isError: envelope.toolIsError } : {}),
      },
    );
    if (r.ingestNeeded) {
      const { openMemoryStore } = await import('@context-mode/shared/memory/open-memory-store');
      openMemoryStore(r.projectRoot, ctx.env).close();
    }
  } catch (err) {
    ctx.log(`memory not recorded: ${errorMessage(err)}`);
  }
  if (!envelope.host.capabilities.value.modifyOutput || !overBudget(envelope.toolResponse, ctx.env))
    return { kind: 'none' };
  const { interceptOutput } = await import('./intercept-output.js');
  return interceptOutput(envelope, ctx);
};
