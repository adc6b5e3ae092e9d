import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { FetchPolicyError } from '../../src/fetch/guarded-lookup.js';
import { FetchError, fetchUrl } from '../../src/fetch/fetch-url.js';
import { startLocalServer } from './local-http-server.js';

let srv: Awaited<ReturnType<typeof startLocalServer>>;
before(async () => {
  srv = await startLocalServer();
});
after(async () => {
  await srv.close();
});

const allow = { allowPrivate: true };

test('a page on 127.0.0.1 is fetched with the private-range opt-in', async () => {
  const r = await fetchUrl(`${srv.base}/page`, allow);
  assert.equal(r.status, 200);
  assert.match(r.contentType, /text\/html/);
  assert.match(r.body.toString(), /Widget Guide/);
});

test('loopback is refused without the opt-in, naming the env var that allows it', async () => {
  await assert.rejects(fetchUrl(`${srv.base}/page`, { allowPrivate: false }), (err: Error) => {
    assert.ok(err instanceof FetchPolicyError);
    assert.match(err.message, /CONTEXT_MODE_ALLOW_PRIVATE_FETCH=1/);
    return true;
  });
});

test('a host name resolving to loopback is refused at connect time (DNS checked, not just literals)', async () => {
  const port = new URL(srv.base).port;
  await assert.rejects(fetchUrl(`http://localhost:${port}/page`, { allowPrivate: false }), (err: Error) => {
    assert.ok(err instanceof FetchPolicyError, String(err));
    assert.match(err.message, /localhost/);
    return true;
  });
  const ok = await fetchUrl(`http://localhost:${port}/page`, allow);
  assert.equal(ok.status, 200);
});

test('redirects are followed and reported', async () => {
  const r = await fetchUrl(`${srv.base}/r1`, allow);
  assert.equal(r.redirects, 2);
  assert.equal(r.url, `${srv.base}/page`);
});

test('a redirect to the cloud metadata address is refused even with the opt-in', async () => {
  await assert.rejects(fetchUrl(`${srv.base}/to-metadata`, allow), (err: Error) => {
    assert.ok(err instanceof FetchPolicyError);
    assert.match(err.message, /169\.254\.169\.254/);
    assert.match(err.message, /blocked by security policy/);
    return true;
  });
});

test('a redirect to a file: URL is refused', async () => {
  await assert.rejects(fetchUrl(`${srv.base}/to-file`, allow), /only http and https/);
});

test('more than 5 redirects is an error', async () => {
  await assert.rejects(fetchUrl(`${srv.base}/loop0`, allow), /too many redirects/);
  const r = await fetchUrl(`${srv.base}/loop0`, { ...allow, maxRedirects: 5 }).catch((e: Error) => e);
  assert.ok(r instanceof FetchError);
});

test('non-2xx answers are errors that name the status', async () => {
  await assert.rejects(fetchUrl(`${srv.base}/missing`, allow), /HTTP 404/);
});

test('a body over the cap is aborted while streaming', async () => {
  await assert.rejects(fetchUrl(`${srv.base}/big`, { ...allow, maxBytes: 1024 * 1024 }), /larger than 1 MiB/);
});

test('a declared content-length over the cap is refused before reading', async () => {
  await assert.rejects(fetchUrl(`${srv.base}/big-declared`, allow), /larger than 50 MiB/);
});

test('a server that never answers hits the deadline', async () => {
  await assert.rejects(fetchUrl(`${srv.base}/slow`, { ...allow, timeoutMs: 300 }), (err: Error) => {
    assert.ok(err instanceof FetchError);
    assert.match(err.message, /timed out/);
    assert.equal(err.retry, true);
    return true;
  });
});

test('gzip bodies are decompressed', async () => {
  const r = await fetchUrl(`${srv.base}/gzip`, allow);
  assert.equal(r.body.toString(), 'compressed sprocket manual');
});

test('only http and https schemes are fetched', async () => {
  for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'javascript:alert(1)', 'data:text/plain,hi']) {
    await assert.rejects(fetchUrl(url, allow), /only http and https/, url);
  }
  await assert.rejects(fetchUrl('not a url', allow), /not a valid URL/);
});

test('literal metadata and unspecified addresses are refused without any request', async () => {
  for (const url of [
    'http://169.254.169.254/',
    'http://[fe80::1]/',
    'http://0.0.0.0:80/',
    'http://[::ffff:169.254.169.254]/',
  ]) {
    await assert.rejects(fetchUrl(url, allow), FetchPolicyError, url);
  }
});
