import type { CanonicalEvent, HostRecord } from '@context-mode/shared/platforms/types';
import {
  callerForPayload as callerFromTable,
  canonicalEventFor,
  hostForHookCommand,
} from '@context-mode/shared/platforms/resolve-host';
import { formatOutcome, type Formatted, type FormatOptions } from './format/format-outcome.js';
import type { Outcome } from './core/types.js';

export type { Formatted } from './format/format-outcome.js';

/** The runner's one door to the host table and the formatters, so the runner itself holds no host fact. */
export function hostForCommand(name: string): HostRecord | undefined {
  return hostForHookCommand(name);
}

/** The host that really called a shared hook file, told apart by the payload (see the host table). */
export function callerForPayload(host: HostRecord, payloadText: string, env: NodeJS.ProcessEnv): HostRecord {
  return callerFromTable(host, payloadText, env);
}

export function canonicalEventForCommand(host: HostRecord, hostEvent: string): CanonicalEvent | undefined {
  return canonicalEventFor(host, hostEvent);
}

export function formatForHost(
  host: HostRecord,
  event: CanonicalEvent,
  outcome: Outcome,
  opts: FormatOptions,
): Formatted {
  return formatOutcome(host, event, outcome, opts);
}
