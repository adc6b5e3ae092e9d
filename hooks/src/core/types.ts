import type { InjectedCost } from '@context-mode/shared/memory/session-hooks';
import type { CanonicalEvent, HostRecord } from '@context-mode/shared/platforms/types';
import type { Decision } from './decision.js';

export type SessionStartSource = 'startup' | 'compact' | 'resume' | 'clear';

/** A host payload normalised by hooks/src/wire: handlers never read host-specific field names. */
export interface Envelope {
  host: HostRecord;
  event: CanonicalEvent;
  /** The host's own event name as given on the command line (lower case). */
  hostEvent: string;
  sessionId: string;
  projectDir: string;
  isSubagent: boolean;
  toolName?: string;
  toolInput?: Record<string, unknown>;
  toolResponse?: unknown;
  toolIsError?: boolean;
  prompt?: string;
  sessionStartSource?: SessionStartSource;
  transcriptPath?: string;
  /** The payload as received, for extraction rules that need host-specific details. */
  raw: Record<string, unknown>;
}

/** What a handler wants to tell the host; the dialect formatter decides how (or whether) it can be said. */
export type Outcome =
  | { kind: 'decision'; decision: Decision }
  /** `costs`: what injecting `text` costs, left for the caller to book on delivery (`HookContext.deferInjectedCosts`). */
  | { kind: 'context'; text: string; costs?: InjectedCost[] }
  /** `original` is the host's own tool response, for hosts that accept only their own envelope back. */
  | { kind: 'replace-output'; text: string; original?: unknown }
  | { kind: 'followup'; text: string }
  | { kind: 'none' };

export interface HookContext {
  env: NodeJS.ProcessEnv;
  now(): number;
  /** Appends to ~/.context-mode/logs/hook-errors.log; never throws. */
  log(message: string): void;
  /**
   * Set by a caller that books injected context itself once the host delivered it (OpenCode's plugin): handlers
   * then return its cost in the outcome instead of booking it. Hook processes leave it unset: the host applies
   * what they print.
   */
  deferInjectedCosts?: boolean;
}

export type Handler = (envelope: Envelope, ctx: HookContext) => Outcome | Promise<Outcome>;
