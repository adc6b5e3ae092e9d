import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, test } from 'node:test';
import { fetchUrl } from '../../src/fetch/fetch-url.js';
import { FetchPolicyError } from '../../src/fetch/guarded-lookup.js';
import { startLocalServer } from './local-http-server.js';

// A real forwarding HTTP proxy on 127.0.0.1 that records what it was asked for. (This file owns its process's
// proxy environment variables: node --test runs each file in its own process.)
let target: Awaited<ReturnType<typeof startLocalServer>>;
let proxy: Server;
let proxyUrl = '';
const seen: string[] = [];

before(async () => {
  target = await startLocalServer();
  proxy = createServer((req, res) => {
    seen.push(String(req.url));
    const up = request(String(req.url), { method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
after(async () => {
  await target.close();
  await new Promise((r) => proxy.close(r));
});
beforeEach(() => {
  seen.length = 0;
  for (const k of [
    'HTTP_PROXY',
    'http_proxy',
    'HTTPS_PROXY',
    'https_proxy',
    'NO_PROXY',
    'no_proxy',
    'ALL_PROXY',
    'all_proxy',
  ])
    delete process.env[k];
});

test('HTTP_PROXY routes the fetch through the proxy', async () => {
  process.env.HTTP_PROXY = proxyUrl;
  const r = await fetchUrl(`${target.base}/page`, { allowPrivate: true });
  assert.match(r.body.toString('utf8'), /Widget Guide/);
  assert.deepEqual(seen, [`${target.base}/page`]);
});

test('NO_PROXY hosts are fetched directly', async () => {
  process.env.HTTP_PROXY = proxyUrl;
  process.env.NO_PROXY = '127.0.0.1';
  const r = await fetchUrl(`${target.base}/page`, { allowPrivate: true });
  assert.match(r.body.toString('utf8'), /Widget Guide/);
  assert.deepEqual(seen, []);
});

test('behind a proxy the SSRF policy still refuses private targets, before the proxy is asked', async () => {
  process.env.HTTP_PROXY = proxyUrl;
  await assert.rejects(fetchUrl('http://localhost:9/secret', { allowPrivate: false }), FetchPolicyError);
  assert.deepEqual(seen, []);
});
