import { contextText, decisionOf, eventNameFor, redirectMessage } from './outcome-parts.js';
import { json, NOTHING, type DialectFormatter } from './types.js';

const ROUTED = 'Routed to context-mode sandbox';

/**
 * GitHub Copilot in VS Code and JetBrains (`.github/hooks/*.json`, code.visualstudio.com/docs/agents/reference/
 * hooks-reference). The docs put the PreToolUse decision in `hookSpecificOutput`; context-mode 1.0.169 wrote deny and
 * ask top-level (docs/hosts.md#answer-shapes-per-dialect), which the Copilot CLI format also uses. Both copies are sent: the most
 * restrictive answer wins, so they cannot conflict. Output cannot be replaced; Stop continues with
 * `decision: "block"` inside `hookSpecificOutput` (docs) and top-level (SubagentStop, Claude format).
 */
export const formatCopilotIde: DialectFormatter = (req) => {
  const { host, event, outcome, options } = req;
  const hookEventName = eventNameFor(host, event, options.hostEvent);
  const decision = decisionOf(outcome);
  const text = contextText(outcome);

  if (event === 'pre-tool') {
    // A shell redirect (`echo '<guidance>'`) is said as a deny where the host table says so: the terminal would
    // show the model the guidance twice, wrapped, with the prompt after it.
    const redirect = decision && host.shellRedirect?.value === 'deny' ? redirectMessage(decision) : undefined;
    const denied = decision?.action === 'deny' ? decision.reason : redirect;
    if (denied !== undefined) {
      const answer = { permissionDecision: 'deny', permissionDecisionReason: denied };
      return json({ ...answer, hookSpecificOutput: { hookEventName, ...answer } });
    }
    if (decision?.action === 'ask') {
      const answer = {
        permissionDecision: 'ask',
        ...(decision.reason ? { permissionDecisionReason: decision.reason } : {}),
      };
      return json({ ...answer, hookSpecificOutput: { hookEventName, ...answer } });
    }
    if (decision?.action === 'modify') {
      return json({
        hookSpecificOutput: {
          hookEventName,
          permissionDecision: 'allow',
          permissionDecisionReason: decision.reason ?? ROUTED,
          updatedInput: decision.updatedInput,
        },
      });
    }
    return text ? json({ hookSpecificOutput: { hookEventName, additionalContext: text } }) : NOTHING;
  }
  if (decision?.action === 'deny' && event === 'post-tool') {
    return json({ decision: 'block', reason: decision.reason });
  }
  if (outcome.kind === 'followup') {
    if (event !== 'stop' || outcome.text.trim() === '') return NOTHING;
    return json({
      decision: 'block',
      reason: outcome.text,
      hookSpecificOutput: { hookEventName, decision: 'block', reason: outcome.text },
    });
  }
  // UserPromptSubmit officially takes the common output only; additionalContext there is best effort.
  if (text && (event === 'post-tool' || event === 'prompt' || event === 'session-start')) {
    return json({ hookSpecificOutput: { hookEventName, additionalContext: text } });
  }
  return NOTHING;
};
