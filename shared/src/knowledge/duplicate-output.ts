/**
 * The same command output indexed twice (a test run repeated, the same `git status`) would be two sources with
 * identical chunks, and every search would return each hit twice. Outputs get a fresh generated label per run
 * (exec:<time>-<random>), so the label cannot tell them apart; the content hash can. Only generated output kinds
 * are folded: a label the user chose (ctx_index content, a file, a URL) is always kept as asked.
 */
import type { Database } from '../db/types.js';
import type { IndexResult } from './types.js';

/** Source kinds whose label is generated per run, so identical bytes mean a repeated output. */
const OUTPUT_KINDS: ReadonlySet<string> = new Set(['exec']);

/**
 * The existing source holding exactly these bytes (same hash and format) when `kind` is a generated output kind,
 * as the result an index call returns (nothing written); otherwise undefined.
 */
export function existingOutput(
  db: Database,
  input: { kind?: string; format: string; filePath?: string },
  hash: string,
): IndexResult | undefined {
  if (!input.kind || !OUTPUT_KINDS.has(input.kind) || input.filePath) return undefined;
  const kinds = [...OUTPUT_KINDS];
  const row = db
    .prepare(
      `SELECT id, label, chunk_count, code_chunk_count, bytes FROM sources
       WHERE content_hash = ? AND format = ? AND file_path IS NULL AND kind IN (${kinds.map(() => '?').join(', ')})
       ORDER BY id DESC LIMIT 1`,
    )
    .get<{ id: number; label: string; chunk_count: number; code_chunk_count: number; bytes: number }>(
      hash,
      input.format,
      ...kinds,
    );
  if (!row) return undefined;
  return {
    source: row.label,
    sourceId: Number(row.id),
    chunks: Number(row.chunk_count),
    codeChunks: Number(row.code_chunk_count),
    bytes: Number(row.bytes),
    replaced: false,
    redactions: 0,
    sameAs: row.label,
  };
}
