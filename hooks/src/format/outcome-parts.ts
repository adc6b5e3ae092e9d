import type { CanonicalEvent, HostRecord } from '@context-mode/shared/platforms/types';
import { hostEventName } from '@context-mode/shared/platforms/resolve-host';
import type { Outcome } from '../core/types.js';
import type { Decision } from '../core/decision.js';

const DEFAULT_EVENT_NAMES: Record<CanonicalEvent, string> = {
  'pre-tool': 'PreToolUse',
  'post-tool': 'PostToolUse',
  prompt: 'UserPromptSubmit',
  'pre-compact': 'PreCompact',
  'session-start': 'SessionStart',
  stop: 'Stop',
};

/** The event name to echo in `hookSpecificOutput.hookEventName`, in the host's spelling. */
export function eventNameFor(host: HostRecord, event: CanonicalEvent, hostEvent?: string): string {
  return hostEventName(host, event, hostEvent) ?? DEFAULT_EVENT_NAMES[event];
}

/** The decision inside an outcome, when it is one. */
export function decisionOf(outcome: Outcome): Decision | undefined {
  return outcome.kind === 'decision' ? outcome.decision : undefined;
}

/**
 * Text to add to the model's context, from either a `context` outcome or a `context` decision; trimmed-empty
 * text counts as none.
 */
export function contextText(outcome: Outcome): string | undefined {
  let text: string | undefined;
  if (outcome.kind === 'context') text = outcome.text;
  else if (outcome.kind === 'decision' && outcome.decision.action === 'context')
    text = outcome.decision.additionalContext;
  return text && text.trim() !== '' ? text : undefined;
}

/**
 * The message a modify decision carries for hosts that cannot rewrite input: routing redirects shell calls by
 * replacing the command with `echo "<guidance>"`, so that guidance is unwrapped and used as a deny reason.
 * Undefined when the modify is a genuine rewrite (which must not be turned into a block).
 */
export function redirectMessage(decision: Decision): string | undefined {
  if (decision.action !== 'modify') return undefined;
  const command = decision.updatedInput.command;
  if (typeof command !== 'string') return undefined;
  return unwrapEcho(command);
}

/**
 * `echo "text"` / `echo 'text'` (one argument, nothing after it) → the text; anything else → undefined. A
 * single-quoted argument may embed quotes the POSIX way (`'it'\''s'`).
 */
export function unwrapEcho(command: string): string | undefined {
  const match = /^\s*echo\s+(?:-e\s+)?("((?:[^"\\]|\\[\s\S])*)"|'((?:[^']|'\\'')*)')\s*$/.exec(command);
  if (!match) return undefined;
  if (match[3] !== undefined) return match[3].replace(/'\\''/g, "'");
  // Inside double quotes the shell only unescapes \" \\ \$ \` and a backslash-newline.
  return match[2]!.replace(/\\(["\\$`])/g, '$1').replace(/\\\n/g, '');
}
