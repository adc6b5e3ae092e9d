import { buildFtsQuery, quoteFts, type QueryTerm } from './fts-query.js';
import type { KnowledgeInternals } from './open-knowledge-base.js';
import { PENDING_KIND } from './pending-source.js';
import { hasCjk, lightStem } from './query-terms.js';
import { synonymsOf } from './synonyms.js';
import { buildSnippet, withoutBoilerplate } from './snippet.js';
import { allocateSnippetBytes } from './snippet-allocation.js';
import { MIN_SNIPPET_BYTES } from './format-search.js';
import { utf8Length } from './chunkers/chunk.js';
import { commonThreshold, dfOf, idfOf } from './term-frequency.js';
import { escapeRegex, matchesIn, minSpan, positions, termMatcher } from './term-match.js';
import type { ContentType, SearchHit, SearchOptions, SearchReport } from './types.js';

// Rerank score (COVER_WEIGHT raised 1 -> 1.5 on the search-answers tune half) = RRF_WEIGHT·(fused rank score, normalised) + COVER_WEIGHT·(IDF share of query words present)
// + TITLE_BONUS·(IDF share present in the heading path) + PROX_WEIGHT·proximity + PHRASE_WEIGHT·(share of consecutive
// query-word pairs written side by side) (+ LABEL_BONUS when the question
// names the source). Tuned on bench/corpus (tuning set) and checked on its holdout questions; nearby values
// score within a question or two of each other, so these are round numbers rather than fitted ones.
const RRF_K = 60;
/** Query-word weights are IDF raised to this power, so a generic word ("error", "windows") counts for less. */
const IDF_POWER = 1.5;
/** A synonym counts for this share of the word it stands in for. */
const ALT_WEIGHT = 0.6;
const RRF_WEIGHT = 1;
const COVER_WEIGHT = 1.5;
const TITLE_BONUS = 0.6;
const PROX_WEIGHT = 0.25;
const LABEL_BONUS = 0.3;
/** Weight of the share of consecutive query-word pairs found side by side (one word may sit between). */
const PHRASE_WEIGHT = 0.3;
/** Score cost, per hit already taken from the same parent section, of another hit from it. */
const SIBLING_PENALTY = 0.2;
/** Synonyms searched per query, in all. */
const MAX_ALTS = 8;
/** RRF weight of the title-only ranking relative to the full-text ones. */
const TITLE_LIST_WEIGHT = 0.25;
/** bm25 column weights (title, body): a heading that names the query is the strongest single signal. */
const TITLE_WEIGHT = 4;
/** The caller's own session's content ranks up; another session's content ranks slightly down. */
const OWN_SESSION_BONUS = 0.35;
const OTHER_SESSION_PENALTY = -0.15;
/** Words shorter than this are never typo-corrected. */
const MIN_TYPO_FIX_LENGTH = 4;
/**
 * Up to this length only a restored letter ("debg" → "debug") or a swap ("tpyo") is taken for a typo: nearly
 * every short word has a real neighbour one letter changed or removed away ("took" → "tool", "hide" → "ide").
 */
const SHORT_WORD_LENGTH = 4;

/** Is `fix` a believable correction of the unknown word `word`? */
function plausibleTypoFix(word: string, fix: string): boolean {
  if (fix === word) return false;
  // A word the synonym groups list is English the store happens not to use, not a misspelling.
  if (synonymsOf(word).length) return false;
  if (word.length > SHORT_WORD_LENGTH || fix.length > word.length) return true;
  return fix.length === word.length && [...word].sort().join('') === [...fix].sort().join('');
}
/**
 * A word's weight is at least this share of its rarest searched synonym's IDF, so a common word whose synonym is
 * rare still tells the rerank something.
 */
const SYNONYM_IDF_SHARE = 0.8;
/** Matched words spread over this many characters per query word halve the proximity score. */
const PROXIMITY_SPAN_PER_WORD = 30;
/** Snippet weight of a word that every chunk holds (IDF 0): it still marks a line as on topic, just barely. */
const MIN_SNIPPET_WEIGHT = 0.1;
/** Mean snippet bytes per hit when the caller gives none (the CLI and MCP tool derive it from the budget). */
const DEFAULT_SNIPPET_BYTES = 500;

interface CandidateRow {
  id: number;
  title: string;
  content: string;
  content_type: ContentType;
  label: string;
  session_id: string | null;
  indexed_at: string;
}

function resolveSources(state: KnowledgeInternals, source: string): Array<{ id: number; label: string }> {
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
  filter: { sourceIds?: number[]; contentType?: ContentType },
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

interface Scored {
  row: CandidateRow;
  score: number;
  fuzzyOnly: boolean;
}

/**
 * The ranking pipeline: sanitise → (typo corrections for unknown words) → porter and trigram FTS5 searches →
 * reciprocal rank fusion keyed by chunk id → rerank of the fused head by term coverage, title hits and
 * proximity, with the caller's session ranked up → exactly `limit` hits with snippets.
 */
export function searchKnowledge(
  state: KnowledgeInternals,
  query: string,
  opts: SearchOptions,
): Omit<SearchReport, 'refreshed'> {
  const limit = Math.max(1, Math.min(100, Math.floor(Number(opts.limit ?? 3)) || 3));
  const report: Omit<SearchReport, 'refreshed'> = { hits: [], corrections: [] };
  let sourceIds: number[] | undefined;
  if (opts.source !== undefined && opts.source !== '') {
    const matched = resolveSources(state, opts.source);
    report.matchedSources = matched.map((m) => m.label);
    if (!matched.length) return report;
    sourceIds = matched.map((m) => m.id);
  }
  let q = buildFtsQuery(query);
  if (q.empty) {
    report.emptyQuery = q.reason;
    return report;
  }
  const original = q.terms;
  // Typo fallback: words the store has never seen get their nearest vocabulary word added to the query.
  const corrections: Array<{ from: string; to: string }> = [];
  for (const t of q.terms) {
    if (t.lower.length < MIN_TYPO_FIX_LENGTH || hasCjk(t.lower) || /[\d._-]/.test(t.lower)) continue;
    // A word the store knows in any inflection ("configs" for "config") is not a typo and is never rewritten.
    if (state.typos.isKnown(t.lower) || state.typos.isKnown(lightStem(t.lower))) continue;
    const fix = state.typos.correct(t.lower, state.generation);
    if (fix && plausibleTypoFix(t.lower, fix)) corrections.push({ from: t.word, to: fix });
  }
  if (corrections.length) {
    const next = buildFtsQuery(
      query,
      corrections.map((c) => c.to),
    );
    if (!next.empty) q = next;
    report.corrections = corrections;
  }
  const filter: { sourceIds?: number[]; contentType?: ContentType } = {};
  if (sourceIds) filter.sourceIds = sourceIds;
  if (opts.contentType) filter.contentType = opts.contentType;
  const k = Math.max(limit * 10, 50);
  // Words matching a large share of the store are left out of the OR query (ranking every chunk that contains
  // "option" costs more than it tells) but still count in the rerank; an AND query over all the words keeps
  // chunks that have every one of them. At 100k chunks this bounds each search to a few thousand candidates.
  const common = commonThreshold(state);
  const literal = [...new Set(q.terms.flatMap((t) => (t.parts.length ? [t.lower, t.parts.join(' ')] : [t.lower])))];
  const rare = literal.filter((p) => dfOf(state, p) <= common);
  const lists: number[][] = [];
  let titleList: number[] = [];
  if (rare.length) {
    const or = rare.map(quoteFts).join(' OR ');
    lists.push(ftsRanks(state, 'chunks_fts', or, k, filter));
    // Headings are what documentation questions are usually about: a title-only ranking is a list of its own.
    titleList = ftsRanks(state, 'chunks_fts', `{title} : (${or})`, k, filter);
  }
  if (rare.length < literal.length && q.terms.length > 1) {
    const and = q.terms.map((t) => quoteFts(t.lower)).join(' AND ');
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
    const byDf = [...q.terms].sort((a, b) => dfOf(state, a.lower) - dfOf(state, b.lower));
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
  const corrected = new Set(corrections.map((c) => c.from.toLowerCase()));
  const fragments = q.terms.filter(
    (t) =>
      hasCjk(t.lower) ||
      ([...t.lower].length >= 4 && !t.parts.length && !corrected.has(t.lower) && !state.typos.isKnown(t.lower)),
  );
  if (fragments.length)
    lists.push(ftsRanks(state, 'chunks_tri', fragments.map((t) => quoteFts(t.lower)).join(' OR '), k, filter));
  // Synonym-expanded recall is a list of its own, so it adds candidates without diluting the literal ranking.
  const expanded = buildFtsQuery(
    query,
    corrections.map((c) => c.to),
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
  const rareAltSet = new Set(rareAlts);
  if (rareAlts.length)
    lists.push(ftsRanks(state, 'chunks_fts', [...rare, ...rareAlts].map(quoteFts).join(' OR '), k, filter));

  const fused = new Map<number, number>();
  for (const list of lists) list.forEach((id, r) => fused.set(id, (fused.get(id) ?? 0) + 1 / (RRF_K + r + 1)));
  titleList.forEach((id, r) => fused.set(id, (fused.get(id) ?? 0) + TITLE_LIST_WEIGHT / (RRF_K + r + 1)));
  if (fused.size === 0) {
    // Short CJK words (under a trigram) cannot be found by either index: scan the text instead.
    const cjk = q.terms.filter((t) => hasCjk(t.lower));
    if (cjk.length) for (const id of likeScan(state, cjk, k, filter)) fused.set(id, 1 / (RRF_K + 1));
    if (fused.size === 0) return report;
  }
  const head = [...fused.entries()].sort((a, b) => b[1] - a[1]).slice(0, Math.max(limit * 5, 30));
  const ids = head.map(([id]) => id);
  const rows = state.db
    .prepare(
      `SELECT c.id, c.title, c.content, c.content_type, s.label, s.session_id, s.indexed_at
       FROM chunks c JOIN sources s ON s.id = c.source_id WHERE c.id IN (SELECT value FROM json_each(?)) AND s.kind <> ?`,
    )
    .all<CandidateRow>(JSON.stringify(ids), PENDING_KIND);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const maxRrf = head[0]?.[1] ?? 1;

  // One group per query word: the word itself (weight 1) and its synonyms (weight ALT_WEIGHT), IDF-weighted,
  // so a rare word the user typed counts for more than a common one and an unmatched word costs nothing.
  const termsForScoring = withAlts.length ? withAlts : q.terms;
  const groups = termsForScoring.map((t) => {
    const own = termMatcher(t.parts.length ? t.parts.join(' ') : t.lower);
    // Only the synonyms that were searched count (their frequencies are known; the rest were too common).
    const used = t.alts.filter((a) => rareAltSet.has(a));
    const alts = used.map((a) => termMatcher(a));
    const idf =
      Math.max(
        idfOf(state, t.parts.length ? t.parts.join(' ') : t.lower),
        ...used.map((a) => SYNONYM_IDF_SHARE * idfOf(state, a)),
      ) ** IDF_POWER;
    return { term: t, own, alts, altWords: used, idf, original: original.some((o) => o.lower === t.lower) };
  });
  const totalIdf = groups.reduce((a, g) => a + g.idf, 0) || 1;
  // Consecutive query words written next to each other in a chunk ("server sent events", "top level") say
  // more than the same words scattered through it.
  const pairs = original
    .slice(1)
    .map((t, i) => [original[i]!, t] as const)
    .filter(([a, b]) => !a.weak && !b.weak && !hasCjk(a.lower) && !hasCjk(b.lower))
    .map(([a, b]) => {
      const stem = (w: string) => lightStem(w.replace(/[._'’-]+/g, ' ')).replace(/\s+/g, ' ');
      const source = (w: string) => escapeRegex(stem(w)).replace(/ /g, '[\\s._-]?');
      const re = new RegExp(
        `(?<![\\p{L}\\p{N}])${source(a.lower)}[\\p{L}\\p{N}]*[\\s_-]+(?:[\\p{L}\\p{N}]+[\\s_-]+)?${source(b.lower)}`,
        'u',
      );
      // Both stems as plain substrings first: most chunks lack one of them, and includes() is cheaper.
      const needles = [stem(a.lower).split(' ')[0]!, stem(b.lower).split(' ')[0]!];
      return (lower: string) => needles.every((n) => lower.includes(n)) && re.test(lower);
    });
  const labelTerms = original
    .filter((t) => t.lower.length >= 3 && !t.weak)
    .map((t) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(t.lower)}(?![\\p{L}\\p{N}])`, 'u'));
  const matchers = groups.map((g) => g.own);
  // Snippets look for the words and their searched synonyms, each weighted by how rare it is.
  // In snippets a word also counts inside an identifier ("cache" in `LRUCache`): the line naming the API is the
  // answer more often than not. The rerank does not, since nearly every name would match a common word.
  const snippetMatchers = groups.flatMap((g) => {
    const t = g.term;
    return [
      termMatcher(t.parts.length ? t.parts.join(' ') : t.lower, { humps: true }),
      ...g.altWords.map((a) => termMatcher(a, { humps: true })),
    ];
  });
  const snippetWeights = groups.flatMap((g) => {
    const weight = g.idf || MIN_SNIPPET_WEIGHT;
    return [weight, ...g.alts.map(() => ALT_WEIGHT * weight)];
  });
  const scored: Scored[] = [];
  for (const [id, rrf] of head) {
    const row = byId.get(id);
    if (!row) continue;
    // Badge rows and link definitions say nothing about what a chunk covers.
    const titleLower = row.title.toLowerCase();
    const body = withoutBoilerplate(row.content);
    const contentLower = body.toLowerCase();
    const pos = positions(body, matchers, contentLower);
    let covered = 0;
    let titleCovered = 0;
    let originalHit = false;
    groups.forEach((g, i) => {
      const ownTitle = matchesIn(g.own, titleLower, titleLower);
      const ownBody = pos[i]!.length > 0;
      let w = ownTitle || ownBody ? 1 : 0;
      let tw = ownTitle ? 1 : 0;
      if (!w || !tw) {
        for (const a of g.alts) {
          const inTitle = matchesIn(a, titleLower, titleLower);
          if (!w && (inTitle || matchesIn(a, body, contentLower))) w = ALT_WEIGHT;
          if (!tw && inTitle) tw = ALT_WEIGHT;
        }
      }
      covered += w * g.idf;
      titleCovered += tw * g.idf;
      if ((ownTitle || ownBody) && g.original) originalHit = true;
    });
    const span = minSpan(pos);
    const proximity = Number.isFinite(span) ? 1 / (1 + span / (PROXIMITY_SPAN_PER_WORD * groups.length)) : 0;
    const adjacent = pairs.length
      ? pairs.filter((found) => found(titleLower) || found(contentLower)).length / pairs.length
      : 0;
    let score =
      RRF_WEIGHT * (rrf / maxRrf) +
      COVER_WEIGHT * (covered / totalIdf) +
      TITLE_BONUS * (titleCovered / totalIdf) +
      PROX_WEIGHT * proximity +
      PHRASE_WEIGHT * adjacent;
    // Naming the library or file in the question ("use raw-body with …") points at that source.
    const label = row.label.toLowerCase();
    if (labelTerms.some((re) => re.test(label))) score += LABEL_BONUS;
    if (opts.sessionId && row.session_id)
      score += row.session_id === opts.sessionId ? OWN_SESSION_BONUS : OTHER_SESSION_PENALTY;
    scored.push({ row, score, fuzzyOnly: corrections.length > 0 && !originalHit });
  }
  scored.sort((a, b) => b.score - a.score || b.row.indexed_at.localeCompare(a.row.indexed_at) || a.row.id - b.row.id);
  // Sibling sections under one long heading score alike (they share its words): each hit already taken from
  // the same parent section costs the next one SIBLING_PENALTY, so three near-copies do not fill the answer.
  const top: Scored[] = [];
  const pool = scored.slice(0, Math.max(limit * 4, 12));
  const parentOf = (s: Scored) => `${s.row.label}\u0000${s.row.title.replace(/ > [^>]*$/, '')}`;
  while (top.length < limit && pool.length) {
    let bi = 0;
    let bv = -Infinity;
    pool.forEach((c, i) => {
      const p = parentOf(c);
      const v = c.score - SIBLING_PENALTY * top.filter((t) => parentOf(t) === p).length;
      if (v > bv + 1e-9) {
        bv = v;
        bi = i;
      }
    });
    top.push(pool.splice(bi, 1)[0]!);
  }
  const snippetBytes = allocateSnippetBytes(
    top.map((s) => s.score),
    top.map((s) => utf8Length(s.row.content.trim())),
    Math.max(MIN_SNIPPET_BYTES, Math.floor(opts.snippetBytes ?? DEFAULT_SNIPPET_BYTES)),
    MIN_SNIPPET_BYTES,
  );
  report.hits = top.map((s, i): SearchHit => ({
    chunkId: Number(s.row.id),
    source: s.row.label,
    title: s.row.title,
    contentType: s.row.content_type,
    snippet: buildSnippet(s.row.content, snippetMatchers, snippetBytes[i]!, snippetWeights),
    score: Math.round(s.score * 1000) / 1000,
    indexedAt: s.row.indexed_at,
    via: s.fuzzyOnly ? 'fuzzy' : 'fts',
  }));
  return report;
}

function likeScan(
  state: KnowledgeInternals,
  terms: QueryTerm[],
  k: number,
  filter: { sourceIds?: number[]; contentType?: ContentType },
): number[] {
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
