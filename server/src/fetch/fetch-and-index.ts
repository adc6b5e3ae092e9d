import { indexWithoutBlocking } from '@context-mode/shared/knowledge/index-without-blocking';
import type { KnowledgeBase } from '@context-mode/shared/knowledge/types';
import { BinaryBodyError, convertBody } from './convert-body.js';
import { FetchPolicyError } from './guarded-lookup.js';
import { FetchError, fetchUrl, type FetchOptions } from './fetch-url.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

export const DEFAULT_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

export interface FetchRequest {
  url: string;
  source?: string | undefined;
}

export interface FetchOutcome {
  url: string;
  /** The knowledge-base source label (`<source>::<url>`, or `fetch:<url>` without a source). */
  label: string;
  status: 'new' | 'cache' | 'error';
  chunks: number;
  /** Converted (indexed) bytes; for a cache hit, the stored bytes. */
  bytes: number;
  /** Start of the converted text (new fetches only). */
  preview?: string;
  /** Age of a cache hit in ms. */
  ageMs?: number;
  error?: string;
  /** True for transient network errors worth retrying. */
  retry?: boolean;
  /** 'html' | 'json' | 'text' for new fetches. */
  kind?: string;
  finalUrl?: string;
  /** How the page was converted when not the usual way (a plain extraction of an oversized or deep page). */
  note?: string;
}

export interface FetchAndIndexOptions extends Omit<FetchOptions, 'signal'> {
  force?: boolean;
  /** Cache freshness in ms (default 24 h); 0 always refetches. */
  ttlMs?: number;
  concurrency?: number;
  sessionId?: string;
  signal?: AbortSignal;
  now?: () => number;
  /** Called after each URL settles (progress notifications). */
  onSettled?: (done: number, total: number, outcome: FetchOutcome) => void | Promise<void>;
}

/** The source label for a request: the cache key per (source, url). */
export function fetchLabel(req: FetchRequest): string {
  const source = req.source?.trim();
  return source ? `${source}::${req.url}` : `fetch:${req.url}`;
}

/**
 * Fetches every request (at most `concurrency` at a time) and indexes each body into the knowledge base.
 * A source indexed less than `ttlMs` ago is a cache hit unless `force`. Each body is written with indexAsync
 * (short transactions, swapped in atomically), so a large page never holds the server's event loop.
 */
export async function fetchAndIndex(
  kb: KnowledgeBase,
  requests: FetchRequest[],
  options: FetchAndIndexOptions,
): Promise<FetchOutcome[]> {
  const now = options.now ?? Date.now;
  const ttl = options.ttlMs ?? DEFAULT_CACHE_TTL_MS;
  const useCache = !options.force && ttl > 0;
  const results: FetchOutcome[] = new Array(requests.length);
  let next = 0;
  let done = 0;

  const one = async (req: FetchRequest): Promise<FetchOutcome> => {
    const label = fetchLabel(req);
    if (useCache) {
      const info = kb.getSource(label);
      const age = info ? now() - Date.parse(info.indexedAt) : NaN;
      if (info && Number.isFinite(age) && age >= 0 && age < ttl) {
        return { url: req.url, label, status: 'cache', chunks: info.chunks, bytes: info.bytes, ageMs: age };
      }
    }
    try {
      const fetched = await fetchUrl(req.url, {
        allowPrivate: options.allowPrivate,
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
        ...(options.maxRedirects !== undefined ? { maxRedirects: options.maxRedirects } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const converted = await convertBody(fetched.body, fetched.contentType, fetched.url);
      if (!converted.content.trim()) {
        return {
          url: req.url,
          label,
          status: 'error',
          chunks: 0,
          bytes: 0,
          error: `no readable text at ${fetched.url}`,
        };
      }
      const indexed = await indexWithoutBlocking(kb, {
        source: label,
        content: converted.content,
        format: converted.format,
        kind: 'fetch',
        ...(options.sessionId ? { sessionId: options.sessionId } : {}),
        meta: { url: req.url, finalUrl: fetched.url, contentType: fetched.contentType, status: fetched.status },
      });
      return {
        url: req.url,
        label,
        status: 'new',
        chunks: indexed.chunks,
        bytes: Buffer.byteLength(converted.content, 'utf8'),
        preview: converted.content.slice(0, 4096),
        kind: converted.kind,
        finalUrl: fetched.url,
        ...(converted.note ? { note: converted.note } : {}),
      };
    } catch (err) {
      const retry = err instanceof FetchError && err.retry;
      const message =
        err instanceof FetchError || err instanceof FetchPolicyError || err instanceof BinaryBodyError
          ? err.message
          : `failed to fetch ${req.url}: ${errorMessage(err)}`;
      return { url: req.url, label, status: 'error', chunks: 0, bytes: 0, error: message, retry };
    }
  };

  const worker = async (): Promise<void> => {
    while (next < requests.length) {
      const i = next++;
      const outcome = await one(requests[i]!);
      results[i] = outcome;
      done++;
      await options.onSettled?.(done, requests.length, outcome);
    }
  };
  const width = Math.max(1, Math.min(8, Math.floor(options.concurrency ?? 1), requests.length));
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}
