import type { KnowledgeBase } from './types.js';

const told = new WeakSet<object>();

/**
 * The one-time notice for a knowledge base whose file was corrupt at open (moved aside, fresh store created).
 * Returns it on the first call for that store and '' afterwards, so the next tool answer carries it exactly once.
 */
export function takeRecoveryNote(kb: KnowledgeBase): string {
  const rec = kb.recovered;
  if (!rec || told.has(kb)) return '';
  told.add(kb);
  return `Note: the knowledge base file was unreadable (${rec.reason}); it was moved to ${rec.movedTo} and a fresh, empty store was created. Re-index what you need.\n\n`;
}
