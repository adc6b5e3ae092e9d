import { contextText, decisionOf } from './outcome-parts.js';
import { json, NOTHING, type DialectFormatter } from './types.js';

const ASK_DEFAULT = 'Action requires user confirmation';

/**
 * GitHub Copilot CLI (docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference): flat
 * answers. Only preToolUse (`permissionDecision`, `modifiedArgs`) and agentStop (`decision: "block"` with the
 * next prompt as `reason`) are processed; sessionStart, userPromptSubmitted and postToolUse output is ignored,
 * so context there is not sent. Pre-tool `additionalContext` is context-mode 1.0.169's shape (SDK hooks read it).
 */
export const formatCopilotCli: DialectFormatter = (req) => {
  const { event, outcome } = req;
  const decision = decisionOf(outcome);
  if (event === 'pre-tool') {
    if (decision?.action === 'deny')
      return json({ permissionDecision: 'deny', permissionDecisionReason: decision.reason });
    if (decision?.action === 'ask')
      return json({ permissionDecision: 'ask', permissionDecisionReason: decision.reason ?? ASK_DEFAULT });
    if (decision?.action === 'modify') return json({ modifiedArgs: decision.updatedInput });
    const text = contextText(outcome);
    return text ? json({ additionalContext: text }) : NOTHING;
  }
  if (event === 'stop' && outcome.kind === 'followup' && outcome.text.trim() !== '') {
    return json({ decision: 'block', reason: outcome.text });
  }
  return NOTHING;
};
