import { contextText, decisionOf, redirectMessage } from './outcome-parts.js';
import { NOTHING, type DialectFormatter } from './types.js';

/**
 * Kiro CLI (kiro.dev/docs/cli/hooks): preToolUse blocks with exit 2 and gives stderr to the model; stdout of
 * agentSpawn and userPromptSubmit is plain text added to the context; nothing else is read. A redirect becomes
 * a block carrying its guidance (Kiro cannot rewrite input); `ask` cannot be said and passes through.
 */
export const formatKiro: DialectFormatter = (req) => {
  const { event, outcome } = req;
  const decision = decisionOf(outcome);
  if (event === 'pre-tool') {
    const reason = decision?.action === 'deny' ? decision.reason : decision ? redirectMessage(decision) : undefined;
    const blockCode = req.host.blockExitCode?.value;
    if (reason === undefined || blockCode === undefined) return NOTHING;
    return { stdout: '', exitCode: blockCode, stderr: reason };
  }
  const text = contextText(outcome);
  if (text && (event === 'session-start' || event === 'prompt')) return { stdout: text, exitCode: 0, plainText: true };
  return NOTHING;
};
