import { hostSupports } from '@context-mode/shared/platforms/host-capabilities';
import { contextText, decisionOf, eventNameFor } from './outcome-parts.js';
import { json, NOTHING, type DialectFormatter } from './types.js';

/**
 * Gemini CLI (geminicli.com/docs/hooks/reference): top-level `decision`/`reason`, `hookSpecificOutput` for
 * rewritten tool input and added context. BeforeTool has no `ask`; PreCompress is advisory; AfterAgent with
 * `decision: "deny"` sends `reason` back as a new prompt (our follow-up).
 *
 * Replaced output is an AfterTool `decision: "deny"` whose reason is the digest: Gemini CLI 0.61.0 ignores
 * `hookSpecificOutput.tool_output` (the whole output reached the model), and turns a deny into the tool result
 * `Tool result blocked: <reason>` (test/hosts/gemini-cli.test.ts).
 */
export const formatGemini: DialectFormatter = (req) => {
  const { host, event, outcome, options } = req;
  const decision = decisionOf(outcome);
  const text = contextText(outcome);
  const hookEventName = eventNameFor(host, event, options.hostEvent);

  if (event === 'pre-tool') {
    // Pre-tool shapes are exactly context-mode 1.0.169's (docs/hosts.md#answer-shapes-per-dialect), which Gemini reads without hookEventName.
    if (decision?.action === 'deny') return json({ decision: 'deny', reason: decision.reason });
    if (decision?.action === 'modify') return json({ hookSpecificOutput: { tool_input: decision.updatedInput } });
    if (text) return json({ hookSpecificOutput: { additionalContext: text } });
    return NOTHING;
  }
  if (decision?.action === 'deny' && event === 'prompt') return json({ decision: 'deny', reason: decision.reason });
  if (outcome.kind === 'followup') {
    return event === 'stop' && outcome.text.trim() !== '' ? json({ decision: 'deny', reason: outcome.text }) : NOTHING;
  }
  if (outcome.kind === 'replace-output') {
    if (event !== 'post-tool' || !hostSupports(host, 'modifyOutput')) return NOTHING;
    return json({ decision: 'deny', reason: outcome.text });
  }
  if (text && (event === 'post-tool' || event === 'prompt' || event === 'session-start')) {
    return json({ hookSpecificOutput: { hookEventName, additionalContext: text } });
  }
  return NOTHING;
};
