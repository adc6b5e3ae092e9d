import { contextText, decisionOf } from './outcome-parts.js';
import { json, NOTHING, type DialectFormatter } from './types.js';

/**
 * Cursor (cursor.com/docs/agent/hooks): `permission` with `user_message` (shown to the person) and
 * `agent_message` (shown to the model), `updated_input` to rewrite; `additional_context` on sessionStart and
 * postToolUse; `continue` on beforeSubmitPrompt (no context channel there); `followup_message` on stop.
 * A pre-tool pass-through is `{"agent_message":""}` as context-mode 1.0.169 answers (docs/hosts.md#answer-shapes-per-dialect).
 */
export const formatCursor: DialectFormatter = (req) => {
  const { event, outcome } = req;
  const decision = decisionOf(outcome);
  const text = contextText(outcome);
  switch (event) {
    case 'pre-tool':
      if (decision?.action === 'deny') {
        // The model must read the redirect guidance, so it goes to agent_message as well as to the user.
        return json({ permission: 'deny', user_message: decision.reason, agent_message: decision.reason });
      }
      if (decision?.action === 'ask')
        return json({ permission: 'ask', ...(decision.reason ? { user_message: decision.reason } : {}) });
      if (decision?.action === 'modify') return json({ updated_input: decision.updatedInput });
      return json({ agent_message: text ?? '' });
    case 'prompt':
      if (decision?.action === 'deny') return json({ continue: false, user_message: decision.reason });
      return json({ continue: true });
    case 'post-tool':
    case 'session-start':
      return text ? json({ additional_context: text }) : NOTHING;
    case 'stop':
      return outcome.kind === 'followup' && outcome.text.trim() !== ''
        ? json({ followup_message: outcome.text })
        : NOTHING;
    default:
      return NOTHING;
  }
};
