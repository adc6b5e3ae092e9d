import type { CanonicalEvent, HostRecord } from '@context-mode/shared/platforms/types';
import { canonicalEventFor, hostForHookCommand } from '@context-mode/shared/platforms/resolve-host';
import type { Outcome } from '../events/types.js';

/**
 * The runner's one door to the host table and the formatters, so the runner itself holds no host fact.
 * The formatter half is TEMPORARY until hooks/src/format lands: it answers the Claude shape for a deny and the
 * universal no-op (nothing) otherwise.
 */
export function hostForCommand(name: string): HostRecord | undefined {
  return hostForHookCommand(name);
}

export function canonicalEventForCommand(host: HostRecord, hostEvent: string): CanonicalEvent | undefined {
  return canonicalEventFor(host, hostEvent);
}

export interface Formatted {
  stdout: string;
  exitCode: number;
  stderr?: string;
}

export function formatForHost(host: HostRecord, event: CanonicalEvent, outcome: Outcome, opts: { hostEvent: string; env: NodeJS.ProcessEnv }): Formatted {
  void host;
  void event;
  void opts;
  if (outcome.kind === 'decision' && (outcome.decision.action === 'deny' || outcome.decision.action === 'modify')) {
    return {
      stdout: JSON.stringify({
        hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: outcome.decision.reason },
      }),
      exitCode: 0,
    };
  }
  return { stdout: '', exitCode: 0 };
}
