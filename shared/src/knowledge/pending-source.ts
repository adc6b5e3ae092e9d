/**
 * The `kind` of a source whose chunks are still being written by the non-blocking indexer. Its chunks are in the
 * tables but no reader may return them: search, listings and totals skip this kind until the last transaction
 * renames the source to its real label and kind.
 */
export const PENDING_KIND = 'pending';
