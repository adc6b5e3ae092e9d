import type { IndexInput, IndexResult, KnowledgeBase } from './types.js';

/** Indexes through the store's non-blocking path when it has one (server tools must not stall other calls). */
export function indexWithoutBlocking(kb: KnowledgeBase, input: IndexInput): Promise<IndexResult> {
  return kb.indexAsync ? kb.indexAsync(input) : Promise.resolve().then(() => kb.index(input));
}
