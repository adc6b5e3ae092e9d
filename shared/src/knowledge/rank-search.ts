import { buildFtsQuery, quoteFts } from './fts-query.js';
import { partialIdentifierCandidates } from './partial-identifiers.js';
import { findCandidates, resolveSources, type CandidateFilter } from './fts-candidates.js';
import type { KnowledgeInternals } from './open-knowledge-base.js';
import { PENDING_KIND } from './pending-source.js';
import { hasCjk, lightStem } from './query-terms.js';
import { namedSources } from './named-source.js';
import { impliedByNegatedFlag } from './negated-flag.js';
import { reportsTrouble } from './question-context.js';
import { buildReranker, rankScore } from './rerank.js';
import { synonymsOf } from './synonyms.js';
import { buildSnippet, caveatShare } from './snippet.js';
import { parentSection, spreadSiblings } from './spread-siblings.js';
import { allocateSnippetBytes } from './snippet-allocation.js';
import { MIN_SNIPPET_BYTES } from './format-search.js';
import { utf8Length } from './chunkers/chunk.js';
import type { ContentType, RankParts, SearchHit, SearchOptions, SearchReport } from './types.js';

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
/** Mean snippet bytes per hit when the caller gives none (the CLI and MCP tool derive it from the budget). */
const DEFAULT_SNIPPET_BYTES = 500;
/**
 * For a trouble report, a hit's share of the snippet bytes is its score × (1 + this × the share of the question's
 * weight inside its best caveat sentence; snippet.ts caveatShare). Tuned on the tune halves: 3–6 the same, 1–2 less.
 */
const CAVEAT_BYTE_LEAN = 4;

/** Does any chunk hold `text` verbatim (as a substring, through the trigram index)? */
function docsWrite(state: KnowledgeInternals, text: string): boolean {
  if ([...text].length < 3) return false;
  return !!state.db.prepare('SELECT 1 FROM chunks_tri WHERE chunks_tri MATCH ? LIMIT 1').get(quoteFts(text));
}

interface CandidateRow {
  id: number;
  title: string;
  content: string;
  content_type: ContentType;
  label: string;
  session_id: string | null;
  indexed_at: string;
}

interface Scored {
  row: CandidateRow;
  score: number;
  parts: RankParts;
  fuzzyOnly: boolean;
}

/**
 * The ranking pipeline: sanitise → (typo corrections for unknown words) → porter and trigram FTS5 searches
 * fused by reciprocal rank (fts-candidates.ts) → rerank of the fused head by term coverage, title hits and
 * proximity, with the caller's session ranked up (rerank.ts) → exactly `limit` hits, siblings spread out
 * (spread-siblings.ts), with snippets.
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
  // A `--no-` flag the docs never write is asked about as a negation (negated-flag.ts).
  const implied = impliedByNegatedFlag(query, (flag) => docsWrite(state, flag));
  let q = buildFtsQuery(query, implied);
  if (q.empty) {
    report.emptyQuery = q.reason;
    return report;
  }
  const original = q.terms;
  // Typo fallback: words the store has never seen get their nearest vocabulary word added to the query.
  const corrections: Array<{ from: string; to: string }> = [];
  for (const t of q.terms) {
    // A misspelt word around the question would come back as a word of the question.
    if (t.context) continue;
    if (t.lower.length < MIN_TYPO_FIX_LENGTH || hasCjk(t.lower) || /[\d._-]/.test(t.lower)) continue;
    // A word the store knows in any inflection ("configs" for "config") is not a typo and is never rewritten.
    if (state.typos.isKnown(t.lower) || state.typos.isKnown(lightStem(t.lower))) continue;
    const fix = state.typos.correct(t.lower, state.generation);
    if (fix && plausibleTypoFix(t.lower, fix)) corrections.push({ from: t.word, to: fix });
  }
  if (corrections.length) {
    const next = buildFtsQuery(query, [...corrections.map((c) => c.to), ...implied]);
    if (!next.empty) q = next;
    report.corrections = corrections;
  }
  const filter: CandidateFilter = {};
  if (sourceIds) filter.sourceIds = sourceIds;
  if (opts.contentType) filter.contentType = opts.contentType;
  const searchedExtra = [...corrections, ...implied.map((w) => ({ from: w, to: w }))];
  const { fused, withAlts, searchedAlts } = findCandidates(state, query, q.terms, searchedExtra, limit, filter);
  if (fused.size === 0) {
    // Nothing holds the words whole: a prefix of a SHA or a slice of a long token is still a substring.
    const partial = partialIdentifierCandidates(state, query, Math.max(limit * 10, 50), filter);
    partial.forEach((id, r) => fused.set(id, 1 / (r + 1)));
  }
  if (fused.size === 0) return report;
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

  const reranker = buildReranker(
    state,
    original,
    withAlts.length ? withAlts : q.terms,
    searchedAlts,
    opts.sessionId,
    namedSources(query, rows),
    query,
  );
  const scored: Scored[] = [];
  for (const [id, rrf] of head) {
    const row = byId.get(id);
    if (!row) continue;
    const { parts, originalHit } = reranker.score(row, rrf / maxRrf);
    scored.push({ row, score: rankScore(parts), parts, fuzzyOnly: corrections.length > 0 && !originalHit });
  }
  scored.sort((a, b) => b.score - a.score || b.row.indexed_at.localeCompare(a.row.indexed_at) || a.row.id - b.row.id);
  const top = spreadSiblings(
    scored,
    limit,
    (s) => s.score,
    (s) => parentSection(s.row.label, s.row.title),
  );
  // A trouble report is answered by a caveat: the hit whose caveat sentence holds most of the question gets
  // more of the bytes (the order stays the score's).
  const preferCaveats = reportsTrouble(query);
  const byteWeight = (s: Scored) =>
    preferCaveats
      ? s.score * (1 + CAVEAT_BYTE_LEAN * caveatShare(s.row.content, reranker.snippetMatchers, reranker.snippetWeights))
      : s.score;
  const snippetBytes = allocateSnippetBytes(
    top.map(byteWeight),
    top.map((s) => utf8Length(s.row.content.trim())),
    Math.max(MIN_SNIPPET_BYTES, Math.floor(opts.snippetBytes ?? DEFAULT_SNIPPET_BYTES)),
    MIN_SNIPPET_BYTES,
  );
  report.hits = top.map((s, i): SearchHit => ({
    chunkId: Number(s.row.id),
    source: s.row.label,
    title: s.row.title,
    contentType: s.row.content_type,
    snippet: buildSnippet(s.row.content, reranker.snippetMatchers, snippetBytes[i]!, reranker.snippetWeights, {
      definitions: reranker.snippetDefinitions,
      preferCaveats,
      title: s.row.title,
    }),
    score: Math.round(s.score * 1000) / 1000,
    indexedAt: s.row.indexed_at,
    via: s.fuzzyOnly ? 'fuzzy' : 'fts',
    ...(opts.explain ? { parts: s.parts } : {}),
  }));
  if (opts.explain)
    report.ranked = scored.map((s) => ({
      chunkId: Number(s.row.id),
      source: s.row.label,
      title: s.row.title,
      score: Math.round(s.score * 1000) / 1000,
      parts: s.parts,
    }));
  return report;
}
