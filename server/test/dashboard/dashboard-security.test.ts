// The dashboard server against real HTTP requests: only its own page, sending the token in a header, may read or
// change data; nothing a cookie-holding local page gets is a credential; slow or flooding clients are cut off and
// an oversized action is refused with a 413 that says why.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startDashboardServer, type DashboardServer } from '../../src/dashboard/serve-dashboard.js';
import { seedProject, type SeededProject } from './seed-project.js';

const BUNDLE = fileURLToPath(new URL('../../dist/dashboard/', import.meta.url));

interface Reply {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

function call(
  port: number,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers: opts.headers ?? {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

describe('dashboard server security (real HTTP)', () => {
  let seed: SeededProject;
  let server: DashboardServer;
  let own: string;

  before(async () => {
    seed = seedProject();
    server = await startDashboardServer({ projectRoot: seed.project, bundleDir: BUNDLE, env: seed.env });
    own = `http://127.0.0.1:${server.port}`;
  });
  after(async () => {
    await server?.close();
    seed?.cleanup();
  });

  it('sets no cookie: nothing another local page could receive', async () => {
    const page = await call(server.port, `/?token=${server.token}`);
    assert.equal(page.status, 200);
    assert.equal(page.headers['set-cookie'], undefined);
  });

  it('reads state only with the token in its header', async () => {
    const t = server.token;
    assert.equal((await call(server.port, '/api/state')).status, 403);
    assert.equal((await call(server.port, `/api/state?token=${t}`)).status, 403, 'a token in the URL is not enough');
    const cookie = await call(server.port, '/api/state', { headers: { cookie: `cm_token=${t}` } });
    assert.equal(cookie.status, 403, 'a cookie is not a credential');
    assert.equal((await call(server.port, '/api/state', { headers: { 'x-context-mode-token': `${t}x` } })).status, 403);
    const ok = await call(server.port, '/api/state', { headers: { 'x-context-mode-token': t } });
    assert.equal(ok.status, 200);
    assert.ok((JSON.parse(ok.body) as { memory: { totalEvents: number } }).memory.totalEvents > 0);
    const wrongHost = await call(server.port, '/api/state', {
      headers: { 'x-context-mode-token': t, host: 'evil.test' },
    });
    assert.equal(wrongHost.status, 421);
    const foreign = await call(server.port, '/api/state', {
      headers: { 'x-context-mode-token': t, origin: 'http://127.0.0.1:1' },
    });
    assert.equal(foreign.status, 403, 'another port on 127.0.0.1 is another origin');
  });

  it('a cookie without Origin can neither read memory nor purge', async () => {
    const headers = { cookie: `cm_token=${server.token}`, 'content-type': 'application/json' };
    const read = await call(server.port, '/api/action', {
      method: 'POST',
      headers,
      body: JSON.stringify({ type: 'search', query: 'retry' }),
    });
    assert.equal(read.status, 403);
    const purge = await call(server.port, '/api/action', {
      method: 'POST',
      headers,
      body: JSON.stringify({ type: 'purge', scope: 'project' }),
    });
    assert.equal(purge.status, 403);
    const noOrigin = await call(server.port, '/api/action', {
      method: 'POST',
      headers: { 'x-context-mode-token': server.token, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'purge', scope: 'project' }),
    });
    assert.equal(noOrigin.status, 403, 'a write must name its origin');
    const state = await call(server.port, '/api/state', { headers: { 'x-context-mode-token': server.token } });
    assert.ok((JSON.parse(state.body) as { memory: { totalEvents: number } }).memory.totalEvents > 0, 'nothing purged');
    const fromPage = await call(server.port, '/api/action', {
      method: 'POST',
      headers: { 'x-context-mode-token': server.token, origin: own, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'search', query: 'retry' }),
    });
    assert.equal(fromPage.status, 200);
  });

  it('answers an oversized action with 413 and a message', async () => {
    const reply = await call(server.port, '/api/action', {
      method: 'POST',
      headers: { 'x-context-mode-token': server.token, origin: own, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'search', query: 'x'.repeat(200 * 1024) }),
    });
    assert.equal(reply.status, 413);
    assert.match(reply.body, /at most 64 KiB/);
  });

  it('drops half-sent headers within seconds', async () => {
    const sock = connect(server.port, '127.0.0.1');
    await new Promise((r) => sock.once('connect', r));
    const started = Date.now();
    sock.write('GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const closedAfter = await new Promise<number>((resolve) => {
      sock.on('data', () => {});
      sock.once('close', () => resolve(Date.now() - started));
      setTimeout(() => resolve(Infinity), 15_000).unref();
    });
    sock.destroy();
    assert.ok(closedAfter < 8000, `half-sent headers held ${closedAfter} ms`);
  });

  it('caps concurrent connections', async () => {
    const socks: Socket[] = [];
    try {
      for (let i = 0; i < 200; i++) {
        const s = connect(server.port, '127.0.0.1');
        s.on('error', () => {});
        socks.push(s);
      }
      await new Promise((r) => setTimeout(r, 500));
      const open = socks.filter((s) => !s.destroyed && s.readyState === 'open').length;
      // The kernel accepts the socket before Node closes it; wait for the closes to land.
      await new Promise((r) => setTimeout(r, 500));
      const held = socks.filter((s) => !s.destroyed && !s.closed).length;
      assert.ok(held <= 64, `held ${held} of 200 (open at first ${open})`);
    } finally {
      for (const s of socks) s.destroy();
    }
  });
});
