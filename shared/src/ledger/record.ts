import type { LedgerEntry } from './types.js';

/**
 * The one write path into the savings ledger. Never throws: a ledger failure must not fail the tool call
 * that produced the bytes. (Storage lands with the memory/ledger issue; until then this is a no-op.)
 */
export function recordLedger(projectRoot: string, entry: LedgerEntry): void {
  void projectRoot;
  void entry;
}
