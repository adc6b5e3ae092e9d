import type { CanonicalEvent, HostRecord } from '@context-mode/shared/platforms/types';
import type { Outcome } from '../core/types.js';

/** What the hook process prints and how it exits. `stdout` is one JSON value or empty, unless `plainText`. */
export interface Formatted {
  stdout: string;
  exitCode: number;
  /** Only for a deliberate block in the host's documented way (exit 2 with the reason on stderr). */
  stderr?: string;
  /** True when the host reads stdout as plain text added to the context (Kiro agentSpawn / userPromptSubmit). */
  plainText?: boolean;
}

/** Inputs a formatter needs besides the outcome; all optional, so the formatter stays pure. */
export interface FormatOptions {
  /** The host's own event name as given on the command line (any case); picks `hookEventName` spelling. */
  hostEvent?: string;
  /** The tool the event is about, as the host named it (e.g. `mcp__github__get_issue`, `Bash`). */
  toolName?: string;
  /** The host's version (e.g. `codex --version` output) for version-gated capabilities; unknown = gate closed. */
  hostVersion?: string;
}

export interface FormatRequest {
  host: HostRecord;
  event: CanonicalEvent;
  outcome: Outcome;
  options: FormatOptions;
}

export type DialectFormatter = (request: FormatRequest) => Formatted;

/** The universal no-op: print nothing, exit 0. */
export const NOTHING: Formatted = Object.freeze({ stdout: '', exitCode: 0 }) as Formatted;

/** One JSON answer on stdout, exit 0. */
export function json(value: unknown): Formatted {
  return { stdout: JSON.stringify(value), exitCode: 0 };
}
