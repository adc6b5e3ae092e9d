/**
 * The JSON printed by `context-mode memory --json`; the IDE dashboards render it as the memory timeline and
 * send pin/delete actions back by event id.
 */
export interface MemoryEventView {
  id: number;
  sessionId: string;
  /** Category, also the `source` filter of ctx_search(sort: "timeline"): user-prompt, goal, decision, rule, … */
  category: string;
  type: string;
  /** 4 = kept longest (prompts, goals, decisions, rules) … 1 = evicted first. */
  priority: number;
  data: string;
  pinned: boolean;
  /** ISO 8601. */
  time: string;
  /** Compaction leg of the session the event belongs to (0 = before the first compaction). */
  leg: number;
}

export interface MemorySessionView {
  id: string;
  host: string;
  startedAt: string;
  lastEventAt: string;
  events: number;
  compactions: number;
}

export interface MemoryReport {
  schema: 'context-mode.memory/1';
  generatedAt: string;
  project: { id: string; root: string; name: string };
  sessions: MemorySessionView[];
  /** Newest first. */
  events: MemoryEventView[];
  /** Set when the listing was filtered by `--search`. */
  query?: string;
}

/** `memory pin <id> --json` (also with `--unpin`): the event after the change, `pinned` telling which way it went. */
export interface MemoryPinReport extends MemoryEventView {
  schema: 'context-mode.memory-pin/1';
}

/** `memory delete <id> --json` when the event existed (an unknown id is a `not-found` error). */
export interface MemoryDeleteReport {
  schema: 'context-mode.memory-delete/1';
  id: number;
  deleted: true;
}
