/**
 * One ledger row (docs/architecture.md#ledger). saved = rawBytes − returnedBytes, counted only for kinds where the raw bytes were
 * produced in the sandbox or replaced by a hook and so never reached the model. Own-cost rows (tools/list,
 * routing blocks, snapshots) carry rawBytes 0 and returnedBytes = what the product injected.
 */
export type LedgerKind =
  | 'sandbox' // ctx_execute / ctx_execute_file / ctx_batch_execute output
  | 'index' // ctx_index content the model did not have to read
  | 'fetch' // ctx_fetch_and_index body kept out of context
  | 'search' // ctx_search answer (raw 0: retrieval is a cost, not a saving)
  | 'hook-replace' // post-tool output replaced by a digest
  | 'hook-redirect' // pre-tool redirect (estimate, reported apart)
  | 'own-cost'; // product overhead: tools/list, routing block, snapshot

export interface LedgerEntry {
  sessionId: string;
  host: string;
  tool: string;
  kind: LedgerKind;
  rawBytes: number;
  returnedBytes: number;
  sourceId?: string;
  /** ms since epoch; defaults to now. */
  time?: number;
}
