import { createHash } from 'node:crypto';

/**
 * The hash a source's text is stored and compared under (`sources.content_hash`, a converted file's raw hash):
 * one function, so indexing, re-indexing and the search-time refresh always agree on "unchanged".
 */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
