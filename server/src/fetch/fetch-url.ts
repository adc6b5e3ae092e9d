import { request as httpRequest, type Agent, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { getProxyForUrl } from 'proxy-from-env';
import { FetchPolicyError, guardedLookup, literalRefusal } from './guarded-lookup.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

const FETCH_TIMEOUT_MS = 30_000;
const FETCH_MAX_BYTES = 50 * 1024 * 1024;
const FETCH_MAX_REDIRECTS = 5;

export interface FetchOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface FetchedBody {
  /** The URL the body came from, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
  redirects: number;
}

/** A failed fetch, with a hint for the model on what to do next. `retry` marks transient network errors. */
export class FetchError extends Error {
  override readonly name = 'FetchError';
  constructor(
    message: string,
    readonly retry = false,
  ) {
    super(message);
  }
}

const TRANSIENT = new Set([
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ETIMEOUT',
  'ENETUNREACH',
  'ECONNRESET',
  'ECONNREFUSED',
  'EHOSTUNREACH',
]);

/**
 * GETs an http(s) URL under the SSRF policy: the scheme must be http or https; every hop's addresses are
 * checked at connect time (guardedLookup) and literal IPs up front; at most 5 redirects, each re-checked;
 * one 30 s deadline for the whole chain; the (decompressed) body is streamed and the request aborted as
 * soon as it passes 50 MiB. HTTPS_PROXY / HTTP_PROXY / NO_PROXY are honoured (see viaProxy).
 */
export async function fetchUrl(rawUrl: string, options: FetchOptions): Promise<FetchedBody> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? FETCH_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? FETCH_MAX_REDIRECTS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  let url = parseHttpUrl(rawUrl);
  for (let hop = 0; ; hop++) {
    const res = await get(url, options.allowPrivate, signal, timeoutMs);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop >= maxRedirects) throw new FetchError(`too many redirects (more than ${maxRedirects}) from ${rawUrl}`);
      let next: URL;
      try {
        next = new URL(res.headers.location, url);
      } catch {
        throw new FetchError(`bad redirect location "${res.headers.location}" from ${url.href}`);
      }
      url = parseHttpUrl(next.href, `redirect from ${url.href}`);
      continue;
    }
    if (status < 200 || status >= 300) {
      res.resume();
      throw new FetchError(
        `HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''} from ${url.href}`,
        status >= 500 || status === 429,
      );
    }
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes && !res.headers['content-encoding']) {
      res.destroy();
      throw new FetchError(tooLarge(url.href, maxBytes));
    }
    const body = await readCapped(res, maxBytes, url.href, signal, timeoutMs);
    return {
      url: url.href,
      status,
      contentType: String(res.headers['content-type'] ?? ''),
      body,
      redirects: hop,
    };
  }
}

function parseHttpUrl(raw: string, context = ''): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError(`not a valid URL: "${raw}". Pass an absolute http(s) URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const where = context ? ` (${context})` : '';
    throw new FetchPolicyError(`only http and https URLs can be fetched, got ${url.protocol}${where}`);
  }
  return url;
}

function tooLarge(href: string, maxBytes: number): string {
  return `the body of ${href} is larger than ${Math.round(maxBytes / 1048576)} MiB; fetch a smaller page or a raw file instead`;
}

/**
 * The agent for a proxied request when the proxy env vars route this URL through one. The proxy resolves the
 * target itself, so the SSRF check runs here first on our own resolution of the host (a proxy may sit on a
 * private address; only the target is policed). Behind a proxy a DNS answer that changes between this check
 * and the proxy's own lookup is outside our control — the price of working on networks that require one.
 */
async function viaProxy(url: URL, allowPrivate: boolean): Promise<Agent | undefined> {
  const proxy = getProxyForUrl(url.href);
  if (!proxy) return undefined;
  await new Promise<void>((resolve, reject) =>
    guardedLookup(allowPrivate)(url.hostname, {}, (err) => (err ? reject(err) : resolve())),
  );
  // Loaded only when a proxy is configured: most machines never pay for it.
  if (url.protocol === 'https:') return new (await import('https-proxy-agent')).HttpsProxyAgent(proxy);
  return new (await import('http-proxy-agent')).HttpProxyAgent(proxy);
}

async function get(url: URL, allowPrivate: boolean, signal: AbortSignal, timeoutMs: number): Promise<IncomingMessage> {
  const refusal = literalRefusal(url.hostname, allowPrivate);
  if (refusal) throw new FetchPolicyError(refusal);
  let proxyAgent: Agent | undefined;
  try {
    proxyAgent = await viaProxy(url, allowPrivate);
  } catch (err) {
    throw describe(err, url, signal, timeoutMs);
  }
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'GET',
      ...(proxyAgent ? {} : { lookup: guardedLookup(allowPrivate) as never }),
      signal,
      headers: {
        'user-agent': 'context-mode (ctx_fetch_and_index)',
        accept: 'text/html,application/xhtml+xml,application/json,text/plain;q=0.9,*/*;q=0.5',
        'accept-encoding': 'gzip, deflate, br',
      },
      // No pooled agent: a kept-alive socket would skip the per-connection address check.
      agent: proxyAgent ?? false,
    });
    req.once('response', resolve);
    req.once('error', (err) => reject(describe(err, url, signal, timeoutMs)));
    req.end();
  });
}

function describe(err: unknown, url: URL, signal: AbortSignal, timeoutMs: number): Error {
  if (err instanceof FetchPolicyError || err instanceof FetchError) return err;
  if (signal.aborted) {
    const reason = signal.reason as { name?: string } | undefined;
    if (reason?.name === 'TimeoutError')
      return new FetchError(`timed out after ${timeoutMs / 1000} s fetching ${url.href}`, true);
    return new FetchError(`fetch of ${url.href} was cancelled`);
  }
  const code = (err as NodeJS.ErrnoException)?.code;
  const msg = errorMessage(err);
  if (code && TRANSIENT.has(code)) {
    return new FetchError(
      `network error ${code} fetching ${url.href}: ${msg}. Retry the same call on a transient DNS or network error.`,
      true,
    );
  }
  if (code === 'ENOTFOUND') return new FetchError(`host not found: ${url.hostname} (check the URL)`);
  return new FetchError(`fetch of ${url.href} failed: ${msg}`);
}

function readCapped(
  res: IncomingMessage,
  maxBytes: number,
  href: string,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Buffer> {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  let stream: Readable = res;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.pipe(createGunzip());
  else if (encoding === 'deflate') stream = res.pipe(createInflate());
  else if (encoding === 'br') stream = res.pipe(createBrotliDecompress());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (err: Error): void => {
      if (settled) return;
      settled = true;
      res.destroy();
      if (stream !== res) stream.destroy();
      reject(err);
    };
    // The decompressed size counts, so a small compressed bomb is stopped too.
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return fail(new FetchError(tooLarge(href, maxBytes)));
      chunks.push(chunk);
    });
    stream.once('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks, size));
    });
    stream.once('error', (err) => fail(describe(err, new URL(href), signal, timeoutMs)));
    res.once('aborted', () => fail(describe(new Error('connection closed early'), new URL(href), signal, timeoutMs)));
    res.once('error', (err) => fail(describe(err, new URL(href), signal, timeoutMs)));
  });
}
