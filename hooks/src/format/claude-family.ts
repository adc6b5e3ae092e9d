import { hostSupports } from '@context-mode/shared/platforms/host-capabilities';
import { withEnvelopeText } from '../wire/response-envelope.js';
import type { Decision } from '../core/decision.js';
import { isMcpToolName } from '@context-mode/shared/platforms/tool-names';
import { contextText, decisionOf, eventNameFor, redirectMessage } from './outcome-parts.js';
import { json, NOTHING, type DialectFormatter, type Formatted, type FormatRequest } from './types.js';

/**
 * Claude Code's answer shapes (code.claude.com/docs/en/hooks), shared by the hosts that copy them: Qwen Code,
 * Codex (with a version gate) and Kimi (deny only). Each dialect below picks which decisions it can express;
 * everything it cannot say becomes the host's no-op, never a stronger action than routing asked for.
 */

function preToolAnswer(req: FormatRequest, fields: Record<string, unknown>): Formatted {
  return json({
    hookSpecificOutput: { hookEventName: eventNameFor(req.host, 'pre-tool', req.options.hostEvent), ...fields },
  });
}

function deny(req: FormatRequest, reason: string): Formatted {
  return preToolAnswer(req, { permissionDecision: 'deny', permissionDecisionReason: reason });
}

/** Context, block and continuation answers for every event but pre-tool; `allowContext` false drops context. */
function otherEvents(req: FormatRequest, allowContext: boolean): Formatted {
  const { host, event, outcome, options } = req;
  const hookEventName = eventNameFor(host, event, options.hostEvent);
  const decision = decisionOf(outcome);
  if (decision?.action === 'deny' && (event === 'post-tool' || event === 'prompt')) {
    // PostToolUse shows the reason to the model; UserPromptSubmit erases the prompt and shows it to the user.
    return json({ decision: 'block', reason: decision.reason });
  }
  if (outcome.kind === 'followup') {
    return event === 'stop' && outcome.text.trim() !== '' ? json({ decision: 'block', reason: outcome.text }) : NOTHING;
  }
  if (outcome.kind === 'replace-output') {
    if (event !== 'post-tool' || !hostSupports(host, 'modifyOutput', options.hostVersion)) return NOTHING;
    const mcpOnly = host.outputReplacement?.value === 'mcp-tools';
    const mcp = isMcpToolName(options.toolName);
    if (mcpOnly && !mcp) return NOTHING;
    if (host.outputReplacementShape?.value === 'block-reason') return json({ decision: 'block', reason: outcome.text });
    // MCP results use the older, MCP-only field that every version honours, as a plain string. Other tools need
    // the newer field holding the tool's own response object with its text replaced: Claude Code validates it
    // against the tool's output schema and drops a plain string (test/hosts/claude-code.test.ts).
    if (mcp) return json({ hookSpecificOutput: { hookEventName, updatedMCPToolOutput: outcome.text } });
    const value = outcome.original === undefined ? outcome.text : withEnvelopeText(outcome.original, outcome.text);
    if (value === undefined) return NOTHING;
    return json({ hookSpecificOutput: { hookEventName, updatedToolOutput: value } });
  }
  const text = contextText(outcome);
  if (!text || !allowContext) return NOTHING;
  if (event === 'post-tool' || event === 'prompt' || event === 'session-start') {
    return json({ hookSpecificOutput: { hookEventName, additionalContext: text } });
  }
  // PreCompact and Stop have no context channel; Stop context would force another turn.
  return NOTHING;
}

/** Claude Code and Qwen Code. */
export const formatClaude: DialectFormatter = (req) => {
  if (req.event !== 'pre-tool') return otherEvents(req, hostSupports(req.host, 'injectContext'));
  const decision = decisionOf(req.outcome);
  const text = contextText(req.outcome);
  if (!decision || decision.action === 'context') {
    return text ? preToolAnswer(req, { additionalContext: text }) : NOTHING;
  }
  return claudePreToolDecision(req, decision);
};

function claudePreToolDecision(req: FormatRequest, decision: Decision): Formatted {
  switch (decision.action) {
    case 'deny':
      return deny(req, decision.reason);
    case 'ask':
      return preToolAnswer(req, {
        permissionDecision: 'ask',
        ...(decision.reason ? { permissionDecisionReason: decision.reason } : {}),
      });
    case 'modify': {
      // A redirect (`echo "<guidance>"`) is said as a deny: the model reads the guidance without a shell round trip.
      const message = redirectMessage(decision);
      if (message !== undefined) return deny(req, message);
      if (!hostSupports(req.host, 'modifyArgs')) return NOTHING;
      // No permissionDecision: the rewritten call still goes through the user's normal permission flow.
      return preToolAnswer(req, { updatedInput: decision.updatedInput });
    }
    default:
      return NOTHING;
  }
}

/**
 * Codex: Claude's shapes, but `updatedInput` and pre-tool `additionalContext` are honoured only from the version
 * in the host table; below it a redirect becomes a deny with its guidance and anything else passes through.
 * Codex has no `ask`. A pass-through answer names the event, as context-mode 1.0.169's did.
 */
export const formatCodex: DialectFormatter = (req) => {
  if (req.event !== 'pre-tool') return otherEvents(req, hostSupports(req.host, 'injectContext'));
  const passthrough = preToolAnswer(req, {});
  const decision = decisionOf(req.outcome);
  const text = contextText(req.outcome);
  const version = req.options.hostVersion;
  if (!decision || decision.action === 'context') {
    return text && hostSupports(req.host, 'preToolContext', version)
      ? preToolAnswer(req, { additionalContext: text })
      : passthrough;
  }
  if (decision.action === 'deny') return deny(req, decision.reason);
  if (decision.action === 'modify') {
    if (hostSupports(req.host, 'modifyArgs', version)) {
      return preToolAnswer(req, { permissionDecision: 'allow', updatedInput: decision.updatedInput });
    }
    const message = redirectMessage(decision);
    return message !== undefined ? deny(req, message) : passthrough;
  }
  return passthrough;
};

/**
 * Kimi: deny only, as context-mode 1.0.169 answered there. A shell redirect is still said as a deny with its guidance — better than
 * context-mode 1.0.169, which let the flooding command run. Everything else passes through.
 */
export const formatKimi: DialectFormatter = (req) => {
  if (req.event !== 'pre-tool') return NOTHING;
  const passthrough = preToolAnswer(req, {});
  const decision = decisionOf(req.outcome);
  if (decision?.action === 'deny') return deny(req, decision.reason);
  if (decision?.action === 'modify') {
    const message = redirectMessage(decision);
    if (message !== undefined) return deny(req, message);
  }
  return passthrough;
};
