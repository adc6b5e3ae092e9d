import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export const PAGE_HTML = `<!doctype html><html><head><title>Widget Guide</title><style>.x{color:red}</style>
<script>window.tracking = "SECRET_SCRIPT_TEXT";</script></head><body>
<header><a href="/">Site header link</a></header>
<nav><ul><li>NAVIGATION_NOISE</li></ul></nav>
<main><h1>Widget Guide</h1><p>Widgets are configured with <code>frobnicate()</code>.</p>
<h2>Options</h2><table><thead><tr><th>name</th><th>default</th></tr></thead><tbody><tr><td>speed</td><td>42</td></tr></tbody></table>
<pre><code class="language-js">const w = frobnicate({ speed: 42 });</code></pre></main>
<footer>FOOTER_NOISE</footer><noscript>NOSCRIPT_NOISE</noscript></body></html>`;

export const JSON_BODY = { service: { name: 'gizmo', endpoints: [{ path: '/v1/ping', method: 'GET' }] }, version: 3 };

type Handler = (req: IncomingMessage, res: ServerResponse, base: string) => void;

/**
 * A real HTTP server on 127.0.0.1 with the routes the fetch tests need. Every request is counted per path,
 * so tests can tell a cache hit (no request) from a refetch.
 */
export async function startLocalServer(): Promise<{ base: string; hits: Map<string, number>; close(): Promise<void> }> {
  const hits = new Map<string, number>();
  const routes: Record<string, Handler> = {
    '/page': (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE_HTML);
    },
    '/data.json': (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(JSON_BODY));
    },
    '/notes.txt': (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('plain notes about sprockets\nsecond line');
    },
    '/gzip': (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(gzipSync('compressed sprocket manual'));
    },
    '/r1': (_q, res) => {
      res.writeHead(302, { location: '/r2' });
      res.end();
    },
    '/r2': (_q, res, base) => {
      res.writeHead(301, { location: `${base}/page` });
      res.end();
    },
    '/to-metadata': (_q, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    },
    '/to-file': (_q, res) => {
      res.writeHead(302, { location: 'file:///etc/passwd' });
      res.end();
    },
    '/missing': (_q, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('nope');
    },
    '/big': (_q, res) => {
      // 4 MiB streamed in 64 KiB pieces, without a content-length.
      res.writeHead(200, { 'content-type': 'text/plain' });
      const piece = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = (): void => {
        while (sent < 64) {
          sent++;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    },
    '/big-declared': (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(200 * 1024 * 1024) });
      res.write('a');
      // Never finishes: the client must refuse on the declared length alone.
    },
    '/slow': () => {
      // Never answers: the client's deadline must end it.
    },
    '/empty': (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body><script>only script</script></body></html>');
    },
  };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const loop = /^\/loop(\d+)$/.exec(path);
    if (loop) {
      res.writeHead(302, { location: `/loop${Number(loop[1]) + 1}` });
      return res.end();
    }
    const route = routes[path];
    if (!route) {
      res.writeHead(404);
      return res.end();
    }
    route(req, res, base);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    hits,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
