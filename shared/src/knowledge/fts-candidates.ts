import { buildFtsQuery, quoteFts, type QueryTerm } from './fts-query.js';
import type { KnowledgeInternals } from './open-knowledge-base.js';
import { PENDING_KIND } from './pending-source.js';
import { hasCjk } from './query-terms.js';
import { commonThreshold, dfOf } from './term-frequency.js';
import type { ContentType } from './types.js';

/** Reciprocal rank fusion constant: a list's rank r adds 1 / (RRF_K + r + 1). */
const RRF_K = 60;
/** Synonyms searched per query, in all. */
const MAX_ALTS = 8;
/** RRF weight of the title-only ranking relative to the full-text ones. */
const TITLE_LIST_WEIGHT = 0.25;
/** bm25 column weights (title, body): a heading that names the query is the strongest single signal. */
const TITLE_WEIGHT = 4;

export interface CandidateFilter {
  sourceIds?: number[];
  contentType?: ContentType;
}

/** What the FTS stage found for a query: candidate chunk ids with their fused rank score, and the words used. */
export interface Candidates {
  /** Chunk id → reciprocal-rank-fusion score over every list searched. */
  fused: Map<number, number>;
  /** The query's words with their synonyms (empty when the synonym-expanded query had no words). */
  withAlts: QueryTerm[];
  /** The synonyms that were searched (known to the store and not too common); only these count in the rerank. */
  searchedAlts: Set<string>;
}

/** Sources whose label is `source`, or failing that contains it (newest first, pending ones left out). */
export function resolveSources(state: KnowledgeInternals, source: string): Array<{ id: number; label: string }> {
  const exact = state.db
    .prepare('SELECT id, label FROM sources WHERE label = ?')
    .all<{ id: number; label: string }>(source);
  if (exact.length) return exact;
  const like = `%${source.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return state.db
    .prepare(
      "SELECT id, label FROM sources WHERE label LIKE ? ESCAPE '\\' AND kind <> ? ORDER BY indexed_at DESC LIMIT 1000",
    )
    .all<{ id: number; label: string }>(like, PENDING_KIND);
}

function ftsRanks(
  state: KnowledgeInternals,
  table: 'chunks_fts' | 'chunks_tri',
  match: string,
  k: number,
  filter: CandidateFilter,
  newestFirst = false,
): number[] {
  const where: string[] = [`${table} MATCH ?`];
  const params: Array<string | number> = [match];
  let join = '';
  if (filter.sourceIds || filter.contentType) {
    join = ` JOIN chunks c ON c.id = ${table}.rowid`;
    if (filter.sourceIds) {
      where.push('c.source_id IN (SELECT value FROM json_each(?))');
      params.push(JSON.stringify(filter.sourceIds));
    }
    if (filter.contentType) {
      where.push('c.content_type = ?');
      params.push(filter.contentType);
    }
  }
  params.push(k);
  const order = newestFirst ? `${table}.rowid DESC` : `bm25(${table}, ${TITLE_WEIGHT}.0, 1.0)`;
  const sql = `SELECT ${table}.rowid AS id FROM ${table}${join} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ?`;
  try {
    return state.db
      .prepare(sql)
      .all<{ id: number }>(...params)
      .map((r) => Number(r.id));
  } catch (err) {
    // The sanitiser makes syntax errors impossible; anything else (e.g. a trigram quirk) degrades to no hits.
    if (/fts5|syntax/i.test(String(err))) return [];
    throw err;
  }
}

/**
 * The recall stage: porter and trigram FTS5 searches (rare words, all words, relaxed pairs, fragments,
 * synonyms), each a ranked list, fused by reciprocal rank keyed by chunk id. `terms` is the sanitised query
 * with typo fixes already added; `fixes` are those fixes (the synonym-expanded query is rebuilt with them).
 */
export function findCandidates(
  state: KnowledgeInternals,
  query: string,
  allTerms: QueryTerm[],
  fixes: Array<{ from: string; to: string }>,
  limit: number,
  filter: CandidateFilter,
): Candidates {
  const k = Math.max(limit * 10, 50);
  // Words only in the sentences around a question do not pick candidates (see QueryTerm.context).
  const terms = allTerms.filter((t) => !t.context);
  // Words matching a large share of the store are left out of the OR query (ranking every chunk that contains
  // "option" costs more than it tells) but still count in the rerank; an AND query over all the words keeps
  // chunks that have every one of them. At 100k chunks this bounds each search to a few thousand candidates.
  const common = commonThreshold(state);
  const literal = [...new Set(terms.flatMap((t) => (t.parts.length ? [t.lower, t.parts.join(' ')] : [t.lower])))];
  const rare = literal.filter((p) => dfOf(state, p) <= common);
  const lists: number[][] = [];
  let titleList: number[] = [];
  if (rare.length) {
    const or = rare.map(quoteFts).join(' OR ');
    lists.push(ftsRanks(state, 'chunks_fts', or, k, filter));
    // Headings are what documentation questions are usually about: a title-only ranking is a list of its own.
    titleList = ftsRanks(state, 'chunks_fts', `{title} : (${or})`, k, filter);
  }
  if (rare.length < literal.length && terms.length > 1) {
    const and = terms.map((t) => quoteFts(t.lower)).join(' AND ');
    if (rare.length) {
      lists.push(ftsRanks(state, 'chunks_fts', and, k, filter));
    } else {
      // Every word is common, so their intersection can still be huge and bm25 would read every row of it:
      // take the newest chunks with all the words in the title, and the newest with them anywhere, unranked;
      // the rerank orders them.
      lists.push(ftsRanks(state, 'chunks_fts', `{title} : (${and})`, k, filter, true));
      lists.push(ftsRanks(state, 'chunks_fts', and, k, filter, true));
    }
  }
  let found = new Set(lists.flat()).size;
  if (found < limit && rare.length < literal.length) {
    // Too few chunks hold the rare words or all words: relax to pairs of words (each an AND, so still cheap),
    // then to an OR of the two rarest words, before giving up on the literal words.
    const byDf = [...terms].sort((a, b) => dfOf(state, a.lower) - dfOf(state, b.lower));
    for (let i = 0; i < byDf.length && found < limit; i++) {
      for (let j = i + 1; j < byDf.length && j < i + 3 && found < limit; j++) {
        lists.push(
          ftsRanks(state, 'chunks_fts', `${quoteFts(byDf[i]!.lower)} AND ${quoteFts(byDf[j]!.lower)}`, k, filter),
        );
        found = new Set(lists.flat()).size;
      }
    }
    if (found < limit) {
      // Ranking every chunk holding a common word is the one thing that gets slow at scale (bm25 reads each
      // chunk's length), so take the newest holders in titles and anywhere, unranked; the rerank orders them.
      const or = byDf
        .slice(0, 2)
        .map((t) => quoteFts(t.lower))
        .join(' OR ');
      lists.push(ftsRanks(state, 'chunks_fts', `{title} : (${or})`, k, filter, true));
      lists.push(ftsRanks(state, 'chunks_fts', or, k, filter, true));
    }
  }
  // Trigram (substring) search is for what the word index cannot match: CJK runs, and words it has never seen
  // whole and could not correct (a fragment of an identifier). Typos are the vocabulary's job.
  const corrected = new Set(fixes.map((c) => c.from.toLowerCase()));
  const fragments = terms.filter(
    (t) =>
      hasCjk(t.lower) ||
      ([...t.lower].length >= 4 && !t.parts.length && !corrected.has(t.lower) && !state.typos.isKnown(t.lower)),
  );
  if (fragments.length)
    lists.push(ftsRanks(state, 'chunks_tri', fragments.map((t) => quoteFts(t.lower)).join(' OR '), k, filter));
  // Synonym-expanded recall is a list of its own, so it adds candidates without diluting the literal ranking.
  const expanded = buildFtsQuery(
    query,
    fixes.map((c) => c.to),
    { synonyms: true },
  );
  const withAlts = expanded.empty ? [] : expanded.terms;
  // Round-robin over the words so each keeps its first synonyms, at most MAX_ALTS in all: every extra OR
  // branch widens the set bm25 has to score.
  const rareAlts: string[] = [];
  for (let i = 0; rareAlts.length < MAX_ALTS && withAlts.some((t) => t.alts.length > i); i++) {
    for (const t of withAlts) {
      const a = t.alts[i];
      // A synonym the store has never seen as a word is skipped before paying for a frequency count.
      if (a && rareAlts.length < MAX_ALTS && state.typos.isKnown(a) && dfOf(state, a) <= common) rareAlts.push(a);
    }
  }
  if (rareAlts.length)
    lists.push(ftsRanks(state, 'chunks_fts', [...rare, ...rareAlts].map(quoteFts).join(' OR '), k, filter));

  const fused = new Map<number, number>();
  for (const list of lists) list.forEach((id, r) => fused.set(id, (fused.get(id) ?? 0) + 1 / (RRF_K + r + 1)));
  titleList.forEach((id, r) => fused.set(id, (fused.get(id) ?? 0) + TITLE_LIST_WEIGHT / (RRF_K + r + 1)));
  if (fused.size === 0) {
    // Short CJK words (under a trigram) cannot be found by either index: scan the text instead.
    const cjk = terms.filter((t) => hasCjk(t.lower));
    if (cjk.length) for (const id of likeScan(state, cjk, k, filter)) fused.set(id, 1 / (RRF_K + 1));
  }
  return { fused, withAlts, searchedAlts: new Set(rareAlts) };
}

function likeScan(state: KnowledgeInternals, terms: QueryTerm[], k: number, filter: CandidateFilter): number[] {
  const where = terms.map(() => "(c.content LIKE ? ESCAPE '\\' OR c.title LIKE ? ESCAPE '\\')");
  const params: Array<string | number> = [];
  for (const t of terms) {
    const like = `%${t.lower.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    params.push(like, like);
  }
  let sql = `SELECT c.id FROM chunks c WHERE (${where.join(' OR ')})`;
  if (filter.sourceIds) {
    sql += ' AND c.source_id IN (SELECT value FROM json_each(?))';
    params.push(JSON.stringify(filter.sourceIds));
  }
  if (filter.contentType) {
    sql += ' AND c.content_type = ?';
    params.push(filter.contentType);
  }
  params.push(k);
  return state.db
    .prepare(`${sql} LIMIT ?`)
    .all<{ id: number }>(...params)
    .map((r) => Number(r.id));
}
