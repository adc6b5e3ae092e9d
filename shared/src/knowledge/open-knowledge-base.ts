import type { KnowledgeBase } from './types.js';

export interface OpenKnowledgeBaseOptions {
  /** Path of knowledge.db, or ':memory:'. */
  path: string;
}

/** Placeholder until the knowledge base lands. */
export function openKnowledgeBase(options: OpenKnowledgeBaseOptions): KnowledgeBase {
  throw new Error(`knowledge base not implemented yet (${options.path})`);
}
