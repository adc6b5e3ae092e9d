/**
 * The knowledge-base contract used by every tool (ctx_index, ctx_search, ctx_fetch_and_index, the sandbox's
 * budget digests, hook interception, timeline search). Implemented in this folder; consumers import only this
 * file and `open-knowledge-base.ts`.
 */
export type ContentFormat = 'markdown' | 'rst' | 'text' | 'json' | 'code';
export type ContentType = 'code' | 'prose';

export interface IndexInput {
  /** Human-readable source label, e.g. `file:src/a.ts`, `fetch:https://…`, `exec:shell:2026-…-a1b2`. Unique per source. */
  source: string;
  content: string;
  format: ContentFormat;
  /** For file-backed sources: refreshed when the file changes. */
  filePath?: string;
  /** Session that produced the content; current-session content ranks above stale content. */
  sessionId?: string;
  /** Source kind for filtering and display: 'file' | 'dir' | 'fetch' | 'exec' | 'batch' | 'hook' | 'memory' | 'manual'. */
  kind?: string;
  /** Source code language hint for the code chunker (ts, py, go, …). */
  language?: string;
  /** Free-form metadata kept with the source (url, content-type, exit code, …). */
  meta?: Record<string, unknown>;
}

export interface IndexResult {
  source: string;
  sourceId: number;
  chunks: number;
  codeChunks: number;
  bytes: number;
  /** True when an earlier version of the same source was replaced (atomically). */
  replaced: boolean;
  /** Number of secrets redacted before storing. */
  redactions: number;
  /** Set when the same output was already stored under this label: nothing new was written (`source` is it). */
  sameAs?: string;
}

export interface SearchOptions {
  limit?: number;
  /** Exact source label, or a prefix/substring match when no exact label exists. */
  source?: string;
  contentType?: ContentType;
  /** The caller's session; its content is ranked above other sessions' content. */
  sessionId?: string;
  /** Mean snippet size per hit in UTF-8 bytes (default 500), spread across the hits by score; short chunks are returned whole when they fit. */
  snippetBytes?: number;
  /** Attach each hit's score parts (`SearchHit.parts`), to see why it ranked where it did. */
  explain?: boolean;
}

/**
 * The parts of a hit's rerank score, each 0–1 unless said otherwise; the score is their weighted sum (the
 * weights are RANK_WEIGHTS in rerank.ts).
 */
export interface RankParts {
  /** Fused full-text rank (reciprocal rank fusion over the FTS lists), over the best candidate's. */
  fused: number;
  /** IDF-weighted share of the query's words found in the heading path or text (a synonym counts 0.6). */
  coverage: number;
  /** The same share counted in the heading path only. */
  title: number;
  /** How close together the matched words sit (1 = side by side). */
  proximity: number;
  /** Share of consecutive query-word pairs written side by side. */
  phrase: number;
  /** 1 when a word of the question appears in the source's label (a package or file name). */
  label: number;
  /** 1 when the question names the source outright (its whole package or file name; see named-source.ts). */
  named: number;
  /** 1 when the chunk's own heading names an API the question's pasted code calls (see called-api.ts). */
  called: number;
  /** The session bonus itself: + for the caller's session, − for another session's content, 0 otherwise. */
  session: number;
}

export interface SearchHit {
  chunkId: number;
  source: string;
  title: string;
  contentType: ContentType;
  /** Text around the matches, ≤ the snippet budget; the whole chunk when it is short. */
  snippet: string;
  /** Higher is better; only comparable within one result list. */
  score: number;
  indexedAt: string;
  /** How the hit was found: 'fts' or 'fuzzy' (typo fallback). */
  via: 'fts' | 'fuzzy';
  /** With `explain`: the parts of `score`. */
  parts?: RankParts;
}

export interface SourceInfo {
  id: number;
  source: string;
  kind: string;
  chunks: number;
  codeChunks: number;
  bytes: number;
  indexedAt: string;
  filePath?: string;
  sessionId?: string;
  meta?: Record<string, unknown>;
}

/** What one search did besides finding hits: the tools report these to the user. */
export interface SearchReport {
  hits: SearchHit[];
  /** File-backed sources re-indexed before searching because their file changed. */
  refreshed: string[];
  /**
   * File-backed sources whose file changed but is too large to re-index during a search: their previous text
   * answered, and an explicit re-index (ctx_index, `ctxmode index`) brings them up to date.
   */
  notRefreshed?: string[];
  /** Typo corrections applied (unknown query word → nearest indexed word). */
  corrections: Array<{ from: string; to: string }>;
  /** With a `source` filter: the labels it matched (empty = unknown source). Undefined without a filter. */
  matchedSources?: string[];
  /** Set when the query had no searchable words; hits is then empty. */
  emptyQuery?: string;
  /** With `explain`: every candidate the rerank scored, best first (before siblings are spread out). */
  ranked?: RankedCandidate[];
}

/** A candidate chunk as the rerank scored it (see SearchOptions.explain). */
export interface RankedCandidate {
  chunkId: number;
  source: string;
  title: string;
  score: number;
  parts: RankParts;
}

export interface KnowledgeBase {
  index(input: IndexInput): IndexResult;
  /** Same outcome as index, written in short slices so a large input never holds the event loop for long. */
  indexAsync?(input: IndexInput): Promise<IndexResult>;
  search(query: string, options?: SearchOptions): SearchHit[];
  getSource(source: string): SourceInfo | undefined;
  listSources(): SourceInfo[];
  deleteSource(source: string): boolean;
  /** Removes every chunk of a session (purge scope=session). Returns chunks removed. */
  purgeSession(sessionId: string): number;
  /** Removes everything (purge scope=project). */
  purgeAll(): void;
  /** Removes everything by deleting the file and starting a fresh store (works on a full disk). */
  resetFile?(): void;
  stats(): { sources: number; chunks: number; bytes: number };
  close(): void;
  /** Like search, plus what happened on the way (refreshes, typo corrections, source matching). Optional for other implementations. */
  searchWithReport?(query: string, options?: SearchOptions): SearchReport;
  /** Set when the database file was corrupt and moved aside at open; a fresh store was created. */
  readonly recovered?: { movedTo: string; reason: string };
}
