/** The JSON printed by `ctxmode purge --json` (the dashboard's purge action does the same work). */

export type PurgeScope = 'session' | 'project';

/** What a project purge removed (shared/src/memory/purge-project-data.ts does it). */
export interface PurgeResult {
  scope: PurgeScope;
  /** The session purged (scope session). */
  sessionId?: string;
  memoryEvents: number;
  knowledgeChunks: number | 'all';
  ledgerRows: number;
  /** Set when the store files were deleted instead of emptied (the disk was full). */
  byDeletingFiles?: boolean;
}

export interface PurgeReport extends PurgeResult {
  schema: 'context-mode.purge/1';
}
