import { formatForPath } from './chunkers/chunk-content.js';
import type { ContentFormat } from './types.js';

/**
 * A file source whose indexed text is a conversion of the file (HTML → markdown) keeps the hash of the file's
 * own text in its meta: the source's content hash is that of the converted text, which a changed-file check
 * reading the file could never match.
 */
export interface ConvertedMeta {
  convertedFrom: 'html';
  rawSha256: string;
}

function isConvertedMeta(meta: unknown): meta is ConvertedMeta {
  const m = meta as Partial<ConvertedMeta> | null | undefined;
  return m?.convertedFrom === 'html' && typeof m.rawSha256 === 'string';
}

export interface RefreshBasis {
  /** The hash the file's current text is compared with. */
  hash: string | null;
  format: ContentFormat;
  meta?: Record<string, unknown>;
}

/**
 * How the search-time refresh treats a file-backed source: unchanged when the file's text hashes to `hash`,
 * else re-indexed as `format` with `meta`. A converted file that changed is re-indexed as the file's plain
 * format: the refresh runs inside a search and cannot wait for the converter, and fresh text beats stale
 * sections; the next ctx_index of the file converts it again.
 */
export function refreshBasis(row: {
  content_hash: string | null;
  format: string;
  meta: string | null;
  file_path: string | null;
}): RefreshBasis {
  let meta: Record<string, unknown> | undefined;
  try {
    meta = row.meta ? (JSON.parse(row.meta) as Record<string, unknown>) : undefined;
  } catch {
    meta = undefined;
  }
  if (!isConvertedMeta(meta)) {
    return { hash: row.content_hash, format: row.format as ContentFormat, ...(meta ? { meta } : {}) };
  }
  const { convertedFrom: _from, rawSha256, ...rest } = meta;
  return {
    hash: rawSha256,
    format: formatForPath(row.file_path ?? ''),
    ...(Object.keys(rest).length ? { meta: rest } : {}),
  };
}

export function convertedMeta(rawSha256: string): ConvertedMeta {
  return { convertedFrom: 'html', rawSha256 };
}
