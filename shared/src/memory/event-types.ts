/**
 * Session memory events. A category is what a user (and ctx_search's `source` filter) sees; the type says which
 * rule produced it. Priority decides eviction when a session reaches its cap: 1 goes first, 4 stays longest.
 * context-mode 1.0.169 evicted user prompts and rules first; here what the user said and decided is what survives.
 */
export type MemoryCategory =
  | 'user-prompt'
  | 'goal'
  | 'decision'
  | 'rule'
  | 'constraint'
  | 'blocker'
  | 'task'
  | 'plan'
  | 'error'
  | 'file'
  | 'git'
  | 'env'
  | 'subagent'
  | 'skill'
  | 'mcp'
  | 'web'
  | 'compaction';

export type Priority = 1 | 2 | 3 | 4;

/** What extraction produces: pure data, no ids or times (the store assigns those). */
export interface ExtractedEvent {
  category: MemoryCategory;
  type: string;
  priority: Priority;
  /** Human-readable, secrets masked, bounded in size. */
  data: string;
  /**
   * Groups events about the same thing: a file path, a command head, a task id. Errors and their resolution
   * share a key, which is how the snapshot knows an error is no longer open.
   */
  key?: string;
}

/** A stored event. */
export interface MemoryEvent extends ExtractedEvent {
  id: number;
  sessionId: string;
  leg: number;
  pinned: boolean;
  /** ms since epoch. */
  createdAt: number;
  key: string;
}

/** Largest `data` kept for one event; longer text is cut with a marker (the full text stays with the host). */
export const MAX_EVENT_DATA = 2_000;
