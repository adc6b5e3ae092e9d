/**
 * Partial identifiers: a 7- or 12-character prefix of a commit SHA, a slice from the middle of a long token. The
 * word index holds whole tokens only, so it cannot match them; the trigram table (chunks_tri) holds every
 * three-character run and matches any substring of 3+ characters. Used when the word search found nothing.
 */
import { quoteFts } from './fts-query.js';
import type { CandidateFilter } from './fts-candidates.js';
import type { KnowledgeInternals } from './open-knowledge-base.js';
import { PENDING_KIND } from './pending-source.js';

/** Identifier-like words of the query: 6+ characters of letters, digits, `_` or `-`, with a digit or mixed case. */
function identifierFragments(query: string): string[] {
  const words = query.match(/[A-Za-z0-9_+/=-]{6,}/g) ?? [];
  return [...new Set(words.filter((w) => /\d/.test(w) || (/[a-z]/.test(w) && /[A-Z]/.test(w))))].slice(0, 4);
}

/**
 * Chunks holding every identifier fragment of the query as a substring (case-insensitive), newest first, at most
 * `k`. Empty when the query has no identifier-like word.
 */
export function partialIdentifierCandidates(
  state: KnowledgeInternals,
  query: string,
  k: number,
  filter: CandidateFilter,
): number[] {
  const fragments = identifierFragments(query);
  if (!fragments.length) return [];
  const where = ['chunks_tri MATCH ?', 's.kind <> ?'];
  const params: Array<string | number> = [fragments.map((f) => quoteFts(f.toLowerCase())).join(' AND '), PENDING_KIND];
  if (filter.sourceIds) {
    where.push('c.source_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(filter.sourceIds));
  }
  if (filter.contentType) {
    where.push('c.content_type = ?');
    params.push(filter.contentType);
  }
  params.push(k);
  const sql = `SELECT c.id FROM chunks_tri JOIN chunks c ON c.id = chunks_tri.rowid JOIN sources s ON s.id = c.source_id
    WHERE ${where.join(' AND ')} ORDER BY c.id DESC LIMIT ?`;
  return state.db
    .prepare(sql)
    .all<{ id: number }>(...params)
    .map((r) => Number(r.id));
}
