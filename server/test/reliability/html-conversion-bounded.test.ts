import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { convertBody } from '../../src/fetch/convert-body.js';
import { convertHtml, nestingDepth } from '../../src/fetch/convert-html.js';
import { htmlToPlainMarkdown } from '../../src/fetch/html-to-text.js';

/** Longest gap between 5 ms timer ticks while `work` runs: how long the event loop was held. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ value: T; stallMs: number; ms: number }> {
  let last = performance.now();
  let stallMs = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  const start = performance.now();
  try {
    const value = await work();
    return { value, stallMs, ms: performance.now() - start };
  } finally {
    clearInterval(tick);
  }
}

describe('HTML conversion is bounded in size, depth and time', () => {
  test('a page nested 2,000 deep converts (it threw "Maximum call stack size exceeded")', async () => {
    const html = `<html><body>${'<div>'.repeat(2000)}deep text here${'</div>'.repeat(2000)}</body></html>`;
    assert.ok(nestingDepth(html) >= 2000);
    const r = await convertHtml(html);
    assert.match(r.markdown, /deep text here/);
    assert.match(r.fallback ?? '', /nested/);
  });

  test('a 20,000-row table converts or falls back without stalling the event loop (it ran over 600 s)', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `<tr><td>row ${i}</td><td>${i * 3}</td></tr>`).join('');
    const html = `<html><body><h1>Big table</h1><table><tr><th>name</th><th>n</th></tr>${rows}</table></body></html>`;
    const { value, stallMs, ms } = await longestStall(() => convertBody(Buffer.from(html), 'text/html'));
    assert.match(value.content, /row 19999/);
    assert.ok(ms < 60_000, `finished in ${ms.toFixed(0)} ms`);
    assert.ok(stallMs < 2000, `event loop held for ${stallMs.toFixed(0)} ms`);
  });

  test('5 MB of paragraphs is converted by the linear extraction, headings kept (it took 109 s)', async () => {
    const para = '<p>Lorem ipsum dolor sit amet, <b>consectetur</b> adipiscing elit &amp; more.</p>\n';
    const html = `<html><head><title>T</title><script>var x = "<p>no</p>";</script></head><body><h2>Start</h2>${para.repeat(
      Math.ceil((5 * 1024 * 1024) / para.length),
    )}<h2>End marker</h2></body></html>`;
    const { value, ms, stallMs } = await longestStall(() => convertBody(Buffer.from(html), 'text/html'));
    assert.match(value.note ?? '', /plain text/);
    assert.ok(stallMs < 2000, `event loop held for ${stallMs.toFixed(0)} ms (the extraction runs in the worker)`);
    assert.match(value.content, /^## Start$/m);
    assert.match(value.content, /^## End marker$/m);
    assert.doesNotMatch(value.content, /var x/);
    assert.ok(ms < 30_000, `finished in ${ms.toFixed(0)} ms`);
  });

  test('a mid-sized page converts with the full converter in a worker thread (tables stay tables)', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `<tr><td>cell ${i}</td><td>${i}</td></tr>`).join('');
    const html = `<html><body><main><h1>Report</h1><table><thead><tr><th>a</th><th>b</th></tr></thead><tbody>${rows}</tbody></table></main></body></html>`;
    const r = await convertHtml(html);
    assert.equal(r.fallback, undefined);
    assert.match(r.markdown, /\| cell 299 \| 299 \|/);
  });

  test('binary bodies are refused with a reason; UTF-16 with a BOM is decoded as text', async () => {
    await assert.rejects(
      () => convertBody(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]), 'application/octet-stream'),
      /binary content/,
    );
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hello wide world', 'utf16le')]);
    assert.equal((await convertBody(utf16, 'text/plain')).content, 'hello wide world');
  });

  test('the linear extraction keeps structure and skips noise', () => {
    const md = htmlToPlainMarkdown(
      '<h1>T</h1><ul><li>one</li><li>two &lt;b&gt;</li></ul><style>p{}</style><!-- c --><p>x&#39;y</p>',
    );
    assert.equal(md, "# T\n\n- one\n- two <b>\n\nx'y");
  });
});
