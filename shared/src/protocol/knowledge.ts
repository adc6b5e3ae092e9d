/**
 * The JSON printed by the knowledge-base commands: `search --json`, `search --timeline --json`, `sources --json`, `sources delete --json`
 * and `index --json`. Failures print the error shape (./error.ts) instead.
 */
import type { IndexPathResult } from '../knowledge/index-path.js';
import type { SearchReport as KnowledgeSearchReport, SourceInfo } from '../knowledge/types.js';

/** `search --json`: the same shape whether or not the knowledge base holds anything. */
export interface SearchReport extends KnowledgeSearchReport {
  schema: 'context-mode.search/1';
  query: string;
  /** True when the project's knowledge base holds nothing (hits is then empty). */
  empty: boolean;
}

/**
 * `search --timeline --json`: knowledge hits and session-memory events for the query in one list, newest first.
 * A memory event's hit has the source `memory:<category>`, chunkId < 0 and score 0; its indexedAt is when it happened.
 */
export interface TimelineSearchReport extends KnowledgeSearchReport {
  schema: 'context-mode.search-timeline/1';
  query: string;
}

/** `sources --json`: every source of the project's knowledge base, with the totals. */
export interface SourcesReport {
  schema: 'context-mode.sources/1';
  /** The project root. */
  project: string;
  sources: SourceInfo[];
  /** Totals over the sources listed. */
  chunks: number;
  bytes: number;
}

/**
 * `sources delete <label> --json` when something was removed (a label matching nothing is a `not-found` error).
 * `source` is the label asked for: one source's label, or a prefix ending in `/` or `:` (what `index` prints for a
 * directory), which removes every source under it; `removed` lists the labels actually deleted.
 */
export interface SourceDeleteReport {
  schema: 'context-mode.source-delete/1';
  source: string;
  deleted: true;
  removed: string[];
}

/** `index <path> --json`: what was indexed and what was skipped, and why. */
export interface IndexReport extends IndexPathResult {
  schema: 'context-mode.index/1';
}
