import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { htmlToMarkdown } from './html-to-markdown.js';
import { htmlToPlainMarkdown } from './html-to-text.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

/** Limits on the full converter; past them a page is extracted linearly instead (still indexed, plainer). */
export const HTML_LIMITS = {
  /** Pages up to this size convert on the main thread (fast and shallow enough to never matter). */
  inlineBytes: 32 * 1024,
  /** Above this the full converter is not tried at all (it took 109 s on 4.9 MB of paragraphs). */
  fullConverterBytes: 1024 * 1024,
  /** Deeper nesting than this overflows the recursive converter's stack. */
  maxDepth: 400,
  /** Time the worker gets before it is terminated and the linear extraction used. */
  timeoutMs: 4000,
} as const;

export interface ConvertedHtml {
  markdown: string;
  /** Set when the linear extraction was used, with why (shown in the fetch answer). */
  fallback?: string;
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Deepest element nesting, by a linear scan of tags (approximate: enough to refuse pathological pages). */
export function nestingDepth(html: string, stopAt = Infinity): number {
  let depth = 0;
  let max = 0;
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^<>]*?(\/?)>/g)) {
    const name = m[2]!.toLowerCase();
    if (VOID.has(name) || m[3]) continue;
    if (m[1]) depth = Math.max(0, depth - 1);
    else if (++depth > max) {
      max = depth;
      if (max > stopAt) break;
    }
  }
  return max;
}

function workerUrl(): URL | undefined {
  // Bundled: dist/html-worker.mjs next to (or one level above) the chunk importing this; from source: the .ts file.
  for (const rel of ['./html-worker.mjs', '../html-worker.mjs', './html-worker.ts']) {
    const url = new URL(rel, import.meta.url);
    if (existsSync(fileURLToPath(url))) return url;
  }
  return undefined;
}

function convertInWorker(html: string, baseUrl: string | undefined, timeoutMs: number, plain = false): Promise<string> {
  const url = workerUrl();
  if (!url) return Promise.reject(new Error('converter worker not found'));
  return new Promise((resolve, reject) => {
    const worker = new Worker(url);
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`conversion took over ${timeoutMs} ms`));
    }, timeoutMs);
    const done = () => clearTimeout(timer);
    worker.once('message', (msg: { markdown?: string; error?: string }) => {
      done();
      void worker.terminate();
      if (msg.markdown !== undefined) resolve(msg.markdown);
      else reject(new Error(msg.error ?? 'conversion failed'));
    });
    worker.once('error', (err) => {
      done();
      reject(err);
    });
    worker.postMessage({ html, baseUrl, plain });
  });
}

/**
 * HTML → markdown within bounds of size, depth and time: small pages convert in place, larger ones in a worker
 * thread with a time limit, and pages too large, too deep or too slow get the linear extraction. The server's
 * event loop is never held by a page.
 */
export async function convertHtml(
  html: string,
  baseUrl?: string,
  limits: Partial<typeof HTML_LIMITS> = {},
): Promise<ConvertedHtml> {
  const lim = { ...HTML_LIMITS, ...limits };
  // The linear extraction is linear but not free (~0.1 s per MB): large pages get it in the worker too.
  const plain = async (why: string): Promise<ConvertedHtml> => {
    if (html.length > lim.inlineBytes) {
      try {
        return { markdown: await convertInWorker(html, baseUrl, lim.timeoutMs * 2, true), fallback: why };
      } catch {
        // No worker (or it failed): the extraction is bounded, so doing it here is still safe.
      }
    }
    return { markdown: htmlToPlainMarkdown(html), fallback: why };
  };
  if (html.length > lim.fullConverterBytes) return plain(`page over ${Math.round(lim.fullConverterBytes / 1024)} KiB`);
  const depth = nestingDepth(html, lim.maxDepth);
  if (depth > lim.maxDepth) return plain(`elements nested over ${lim.maxDepth} deep`);
  try {
    if (html.length <= lim.inlineBytes) return { markdown: await htmlToMarkdown(html, baseUrl) };
    return { markdown: await convertInWorker(html, baseUrl, lim.timeoutMs) };
  } catch (err) {
    return plain(errorMessage(err));
  }
}

/**
 * The knowledge indexer's HTML converter for local files (ctx_index and `index` over documentation folders):
 * the same bounded conversion as a fetched page, with links left as written.
 */
export function convertHtmlFile(html: string): Promise<ConvertedHtml> {
  return convertHtml(html);
}
