import { quoteFts } from './fts-query.js';
import type { KnowledgeInternals } from './open-knowledge-base.js';

/** Document frequencies are counted up to this many matches: beyond it a word is common, and counting on costs time. */
const DF_CAP = 1500;
const DF_FLOOR = 600;

const dfCache = new WeakMap<KnowledgeInternals, { generation: number; total: number; df: Map<string, number> }>();

function dfState(state: KnowledgeInternals) {
  let c = dfCache.get(state);
  if (!c || c.generation !== state.generation) {
    const total = Number(state.db.prepare('SELECT count(*) AS n FROM chunks').get<{ n: number }>()?.n ?? 0);
    c = { generation: state.generation, total, df: new Map() };
    dfCache.set(state, c);
  }
  return c;
}

/** Above this many chunks a word is "common": 1 % of the store, but at least DF_FLOOR and at most DF_CAP. */
export function commonThreshold(state: KnowledgeInternals): number {
  return Math.min(DF_CAP, Math.max(DF_FLOOR, Math.ceil(0.01 * dfState(state).total)));
}

/**
 * Document frequency of a word or phrase, counted up to just past the common threshold (the count costs as
 * much as the rows it walks), cached per store version.
 */
export function dfOf(state: KnowledgeInternals, term: string): number {
  const c = dfState(state);
  let df = c.df.get(term);
  if (df === undefined) {
    const cap = commonThreshold(state) + 1;
    try {
      df = Number(
        state.db
          .prepare('SELECT count(*) AS n FROM (SELECT 1 FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT ?)')
          .get<{ n: number }>(quoteFts(term), cap)?.n ?? 0,
      );
    } catch {
      df = 0;
    }
    if (c.df.size > 4096) c.df.clear();
    c.df.set(term, df);
  }
  return df;
}

/** Inverse document frequency (0 for a word the store does not contain). */
export function idfOf(state: KnowledgeInternals, term: string): number {
  const df = dfOf(state, term);
  return df === 0 ? 0 : Math.log(1 + dfState(state).total / df);
}
