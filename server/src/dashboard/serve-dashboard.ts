/**
 * `ctxmode dashboard`: the dashboard bundle and a small JSON API on 127.0.0.1 only. The Host header must name
 * this server (no DNS rebinding) and an Origin, when sent, must be its own; every API call needs the random
 * token in the `x-context-mode-token` header (no cookie: any page on 127.0.0.1 would get it), and a POST must
 * carry its Origin. Connections are capped and slow headers dropped. Changes to the project's stores are pushed
 * to open pages as server-sent events.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { projectPaths } from '@context-mode/shared/project/project-identity';
import { ChangeGate, SPOOL_DIR, WATCH_PROBE_MS } from '@context-mode/shared/state/watch-rule';
import { parseDashboardAction, performDashboardAction } from './dashboard-actions.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

export interface DashboardServerOptions {
  projectRoot: string;
  /** Folder with index.html, dashboard.js, dashboard.css. */
  bundleDir: string;
  port?: number;
  token?: string;
  env?: NodeJS.ProcessEnv;
}

export interface DashboardServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const MAX_BODY = 64 * 1024;
/** Beyond this an oversized body is not drained for a polite 413: the connection is closed. */
const MAX_DRAIN = 8 * 1024 * 1024;
/** Open connections at once: a few tabs with their event streams, nowhere near what a flood holds. */
const MAX_CONNECTIONS = 64;
const HEADERS_TIMEOUT_MS = 5000;
const REQUEST_TIMEOUT_MS = 15_000;

function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The body as text, or undefined when it is larger than MAX_BODY. An oversized body is read to its end (and
 * thrown away) so the client gets the 413 rather than a reset; one far too large is cut off.
 */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
      else if (size > MAX_DRAIN) req.destroy();
    });
    req.on('end', () => resolve(size > MAX_BODY ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startDashboardServer(opts: DashboardServerOptions): Promise<DashboardServer> {
  const env = opts.env ?? process.env;
  const token = opts.token ?? randomBytes(24).toString('base64url');
  const dataDir = projectPaths(opts.projectRoot, env).dir;
  const clients = new Set<ServerResponse>();
  let memoryLimit: number | undefined;
  let port = 0;

  const send = (
    res: ServerResponse,
    status: number,
    body: string,
    type = 'application/json; charset=utf-8',
    extra: Record<string, string> = {},
  ) => {
    res.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': CSP,
      'referrer-policy': 'no-referrer',
      ...extra,
    });
    res.end(body);
  };

  const ownOrigin = (o: string) => o === `http://127.0.0.1:${port}` || o === `http://localhost:${port}`;
  const server: Server = createServer(
    // Half-sent headers are dropped within seconds (slowloris), checked every second rather than Node's 30 s.
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
    async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const host = req.headers.host ?? '';
      if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
        return send(res, 421, JSON.stringify({ error: 'wrong host' }));
      const origin = req.headers.origin;
      if (origin !== undefined && !ownOrigin(origin))
        return send(res, 403, JSON.stringify({ error: 'cross-origin request refused' }));
      if (url.pathname.startsWith('/api/')) {
        // No cookie: cookies are not port-scoped, so any page served from 127.0.0.1 would receive it. The token
        // travels in a header only the page's own script sets (the event stream, which carries no data, takes it
        // in its URL because EventSource cannot set headers); a POST must also name this page as its origin.
        const given =
          url.pathname === '/api/events'
            ? (url.searchParams.get('token') ?? undefined)
            : (req.headers['x-context-mode-token'] as string | undefined);
        if (!sameToken(given, token))
          return send(
            res,
            403,
            JSON.stringify({
              error: 'this dashboard needs the token from the URL ctxmode dashboard printed, sent by its own page',
            }),
          );
        if (req.method === 'POST' && origin === undefined)
          return send(
            res,
            403,
            JSON.stringify({ error: 'a request that changes data must come from the dashboard page' }),
          );
      }

      try {
        if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '/index.html')) {
          // The page and its bundle hold no data; the token in the page's URL is what its script sends to the API.
          return send(res, 200, readFileSync(join(opts.bundleDir, 'index.html'), 'utf8'), TYPES['.html']);
        }
        if (req.method === 'GET' && /^\/dashboard\.(js|css)$/.test(url.pathname)) {
          return send(
            res,
            200,
            readFileSync(join(opts.bundleDir, url.pathname.slice(1)), 'utf8'),
            TYPES[extname(url.pathname)],
          );
        }
        if (req.method === 'GET' && url.pathname === '/api/state') {
          const [msg] = performDashboardAction({ type: 'refresh' }, opts.projectRoot, env, { memoryLimit });
          return send(res, 200, JSON.stringify(msg && msg.type === 'state' ? msg.state : msg));
        }
        if (req.method === 'POST' && url.pathname === '/api/action') {
          const body = await readBody(req);
          if (body === undefined)
            return send(
              res,
              413,
              JSON.stringify([
                { type: 'error', action: 'unknown', message: `an action is at most ${MAX_BODY / 1024} KiB of JSON` },
              ]),
              undefined,
              { connection: 'close' },
            );
          let raw: unknown;
          try {
            raw = JSON.parse(body);
          } catch (err) {
            return send(
              res,
              400,
              JSON.stringify([
                { type: 'error', action: 'unknown', message: `not a JSON action: ${(err as Error).message}` },
              ]),
            );
          }
          const parsed = parseDashboardAction(raw);
          if (!parsed.ok)
            return send(
              res,
              400,
              JSON.stringify([
                {
                  type: 'error',
                  action: String((raw as { type?: unknown })?.type ?? 'unknown'),
                  message: parsed.message,
                },
              ]),
            );
          if (parsed.action.type === 'refresh' && parsed.action.memoryLimit) memoryLimit = parsed.action.memoryLimit;
          return send(
            res,
            200,
            JSON.stringify(performDashboardAction(parsed.action, opts.projectRoot, env, { memoryLimit })),
          );
        }
        if (req.method === 'GET' && url.pathname === '/api/events') {
          res.writeHead(200, {
            'content-type': 'text/event-stream',
            'cache-control': 'no-store',
            connection: 'keep-alive',
          });
          res.write(': connected\n\n');
          clients.add(res);
          req.on('close', () => clients.delete(res));
          return;
        }
        return send(res, 404, JSON.stringify({ error: 'not found' }));
      } catch (err) {
        return send(res, 500, JSON.stringify({ error: errorMessage(err) }));
      }
    },
  );

  // Live refresh by the shells' one watcher rule (shared/src/state/watch-rule.ts): only store and spool events,
  // debounced, and pushed only when the stores' signature moved, so the page's own reads never trigger a refresh.
  const gate = new ChangeGate(dataDir, () => {
    for (const c of clients) c.write('event: changed\ndata: {}\n\n');
  });
  let watcher: FSWatcher | undefined;
  let spoolWatcher: FSWatcher | undefined;
  const drop = (w: FSWatcher | undefined) => {
    try {
      w?.close();
    } catch {
      // already closed
    }
  };
  const startWatching = () => {
    if (watcher && !existsSync(dataDir)) {
      drop(watcher);
      drop(spoolWatcher);
      watcher = spoolWatcher = undefined;
    }
    try {
      if (!watcher && existsSync(dataDir)) {
        watcher = watch(dataDir, (_e, file) => {
          gate.event(file ? String(file) : undefined);
          // The spool appearing: watch inside it now, so the entries that follow are not left for the next probe.
          if (file && String(file) === SPOOL_DIR && !spoolWatcher) startWatching();
        }).on('error', () => {
          drop(watcher);
          watcher = undefined;
        });
        gate.event(SPOOL_DIR);
      }
      const spool = join(dataDir, SPOOL_DIR);
      if (watcher && !spoolWatcher && existsSync(spool)) {
        spoolWatcher = watch(spool, () => gate.event(SPOOL_DIR)).on('error', () => {
          drop(spoolWatcher);
          spoolWatcher = undefined;
        });
        gate.event(SPOOL_DIR);
      }
    } catch {
      // Gone between the check and the watch, or out of watches: the probe tries again.
    }
  };
  startWatching();
  // The project's data dir (and its spool) appear with the first tool call; look now and then until they exist.
  const probe = setInterval(startWatching, WATCH_PROBE_MS);
  probe.unref();

  server.maxConnections = MAX_CONNECTIONS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(probe);
        gate.dispose();
        drop(watcher);
        drop(spoolWatcher);
        for (const c of clients) c.end();
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}
