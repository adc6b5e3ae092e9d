/**
 * The dashboard's aggregate read: stats, the savings series, a page of memory and the knowledge sources of one
 * project, in one process. It creates no store; like `ctxmode stats` it first moves pending redirect notes into
 * the ledger, so the sidebar and `stats --json` show the same figures whichever runs first.
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { openKnowledgeBase } from '../knowledge/open-knowledge-base.js';
import { readSavingsSeries } from '../ledger/ledger-series.js';
import { readStats } from '../ledger/ledger-stats.js';
import { readMemoryReport } from '../memory/memory-report.js';
import { projectPaths, readProjectMeta } from '../project/project-identity.js';
import type { DashboardState, SourceView } from '../protocol/dashboard.js';

export interface DashboardStateOptions {
  env?: NodeJS.ProcessEnv;
  /** Memory events in the page (newest first); default 500. */
  memoryLimit?: number;
  sessionId?: string;
  /** Without `sessionId`: the current session is the latest one with rows at or after this time (ms), else none. */
  sessionSince?: number;
  now?: number;
}

function readSources(knowledgeDb: string): DashboardState['sources'] {
  if (!existsSync(knowledgeDb)) return { total: 0, chunks: 0, bytes: 0, items: [] };
  const kb = openKnowledgeBase({ path: knowledgeDb });
  try {
    const items: SourceView[] = kb
      .listSources()
      .map((s) => ({ source: s.source, kind: s.kind, chunks: s.chunks, bytes: s.bytes, indexedAt: s.indexedAt }));
    const totals = kb.stats();
    return { total: totals.sources, chunks: totals.chunks, bytes: totals.bytes, items };
  } finally {
    kb.close();
  }
}

export function readDashboardState(projectRoot: string, opts: DashboardStateOptions = {}): DashboardState {
  const env = opts.env ?? process.env;
  const paths = projectPaths(projectRoot, env);
  const meta = readProjectMeta(paths.dir);
  const limit = Math.max(1, Math.min(opts.memoryLimit ?? 500, 10_000));
  const stats = readStats(projectRoot, {
    env,
    ...(opts.sessionId ? { sessionId: opts.sessionId } : {}),
    ...(opts.sessionSince !== undefined ? { sessionSince: opts.sessionSince } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });
  const memory = readMemoryReport(projectRoot, { env, limit, ...(opts.now ? { now: opts.now } : {}) });
  return {
    schema: 'context-mode.dashboard-state/1',
    generatedAt: new Date(opts.now ?? Date.now()).toISOString(),
    project: { id: paths.id, root: meta?.root ?? paths.root, name: meta?.name ?? basename(paths.root) },
    stats,
    series: readSavingsSeries(paths.dir),
    memory: { ...memory, totalEvents: memory.sessions.reduce((n, s) => n + s.events, 0), limit },
    sources: readSources(paths.knowledgeDb),
  };
}
