/**
 * `ctxmode dashboard`: the dashboard bundle and a small JSON API on 127.0.0.1 only. Every request needs the
 * random token (query `token`, header `x-context-mode-token`, or the cookie set when the page first loads with
 * it); the Host header must name this server (no DNS rebinding) and POSTs must come from its own origin.
 * Changes to the project's ledger or memory are pushed to open pages as server-sent events.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { projectPaths } from '@context-mode/shared/project/index';
import { parseDashboardAction, performDashboardAction } from './dashboard-actions.js';

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

function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieToken(req: IncomingMessage): string | undefined {
  const m = /(?:^|;\s*)cm_token=([A-Za-z0-9_-]+)/.exec(req.headers.cookie ?? '');
  return m?.[1];
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('request body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
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

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const host = req.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
      return send(res, 421, JSON.stringify({ error: 'wrong host' }));
    const given =
      url.searchParams.get('token') ?? (req.headers['x-context-mode-token'] as string | undefined) ?? cookieToken(req);
    if (!sameToken(given, token))
      return send(
        res,
        403,
        JSON.stringify({ error: 'this dashboard needs the token from the URL ctxmode dashboard printed' }),
      );
    const origin = req.headers.origin;
    if (
      req.method === 'POST' &&
      origin &&
      origin !== `http://127.0.0.1:${port}` &&
      origin !== `http://localhost:${port}`
    )
      return send(res, 403, JSON.stringify({ error: 'cross-origin request refused' }));

    try {
      if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '/index.html')) {
        // The cookie lets the page's own script, style and API requests carry the token without putting it in
        // every URL; Strict keeps other sites from sending it.
        return send(res, 200, readFileSync(join(opts.bundleDir, 'index.html'), 'utf8'), TYPES['.html'], {
          'set-cookie': `cm_token=${token}; HttpOnly; SameSite=Strict; Path=/`,
        });
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
        const [msg] = performDashboardAction({ type: 'refresh' }, opts.projectRoot, env, memoryLimit);
        return send(res, 200, JSON.stringify(msg && msg.type === 'state' ? msg.state : msg));
      }
      if (req.method === 'POST' && url.pathname === '/api/action') {
        let raw: unknown;
        try {
          raw = JSON.parse(await readBody(req));
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
          JSON.stringify(performDashboardAction(parsed.action, opts.projectRoot, env, memoryLimit)),
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
      return send(res, 500, JSON.stringify({ error: err instanceof Error ? err.message : String(err) }));
    }
  });

  // Live refresh: the stores write their files (or WAL) on every change; a short debounce folds bursts.
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  const notify = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      for (const c of clients) c.write('event: changed\ndata: {}\n\n');
    }, 300);
  };
  const startWatching = () => {
    if (watcher || !existsSync(dataDir)) return;
    try {
      watcher = watch(dataDir, (_e, file) => {
        if (file && /^(ledger|memory|knowledge)\.db/.test(String(file))) notify();
      });
    } catch {
      watcher = undefined;
    }
  };
  startWatching();
  // The project's data dir appears with its first tool call; look for it now and then until it exists.
  const probe = setInterval(startWatching, 2000);
  probe.unref();

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
        clearTimeout(timer);
        watcher?.close();
        for (const c of clients) c.end();
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}
