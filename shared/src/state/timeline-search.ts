import type { KnowledgeBase, SearchHit, SearchOptions, SearchReport } from '../knowledge/types.js';
import { searchMemory } from '../memory/search-memory.js';

export interface TimelineScope {
  projectRoot: string;
  /** Memory is restricted to this session when the store knows it (else the whole project's memory). */
  sessionId?: string | undefined;
  env?: NodeJS.ProcessEnv;
}

/**
 * One query over the knowledge base and session memory together, newest first, cut to `limit`: what ctx_search
 * with sort "timeline" and `context-mode search --timeline` answer. Memory events become hits whose source is
 * `memory:<category>`. A knowledge base without chunks is fine: the answer is then memory alone.
 */
export function timelineSearch(
  kb: KnowledgeBase | undefined,
  query: string,
  opts: SearchOptions,
  limit: number,
  scope: TimelineScope,
): SearchReport {
  const report: SearchReport = kb
    ? (kb.searchWithReport?.(query, opts) ?? { hits: kb.search(query, opts), refreshed: [], corrections: [] })
    : { hits: [], refreshed: [], corrections: [] };
  let memory: ReturnType<typeof searchMemory> = [];
  try {
    const memoryOpts = {
      limit,
      ...(opts.source ? { source: opts.source } : {}),
      ...(scope.sessionId ? { sessionId: scope.sessionId } : {}),
    };
    memory = searchMemory(scope.projectRoot, query, memoryOpts, scope.env ?? process.env);
  } catch {
    // Memory is optional here: a missing or busy memory store must not fail a knowledge search.
  }
  const merged: { time: string; hit: SearchHit }[] = [
    ...report.hits.map((h) => ({ time: h.indexedAt, hit: h })),
    ...memory.map((m, i) => ({
      time: m.time,
      hit: {
        chunkId: -1 - i,
        source: `memory:${m.source}`,
        title: `${m.title} | ${m.time.slice(0, 16).replace('T', ' ')}`,
        contentType: 'prose' as const,
        snippet: m.snippet,
        score: 0,
        indexedAt: m.time,
        via: 'fts' as const,
      },
    })),
  ].sort((a, b) => b.time.localeCompare(a.time));
  const out: SearchReport = { ...report, hits: merged.slice(0, limit).map((m) => m.hit) };
  // A source filter that matched session memory categories is not "unknown".
  if (out.matchedSources && out.matchedSources.length === 0 && memory.length) delete out.matchedSources;
  return out;
}
