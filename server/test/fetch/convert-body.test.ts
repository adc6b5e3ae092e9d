import assert from 'node:assert/strict';
import { test } from 'node:test';
import { convertBody, decodeBody } from '../../src/fetch/convert-body.js';
import { htmlToMarkdown } from '../../src/fetch/html-to-markdown.js';
import { JSON_BODY, PAGE_HTML } from './local-http-server.js';

test('HTML becomes markdown with headings, a GFM table and fenced code; chrome and scripts are gone', async () => {
  const r = await convertBody(Buffer.from(PAGE_HTML), 'text/html; charset=utf-8');
  assert.equal(r.format, 'markdown');
  assert.equal(r.kind, 'html');
  assert.match(r.content, /^# Widget Guide/m);
  assert.match(r.content, /^## Options/m);
  assert.match(r.content, /\| name \| default \|/);
  assert.match(r.content, /```\s*\n?[^]*frobnicate\(\{ speed: 42 \}\)/);
  assert.match(r.content, /`frobnicate\(\)`/);
  for (const noise of [
    'SECRET_SCRIPT_TEXT',
    'NAVIGATION_NOISE',
    'FOOTER_NOISE',
    'NOSCRIPT_NOISE',
    'Site header link',
    'color:red',
  ]) {
    assert.ok(!r.content.includes(noise), `markdown still contains ${noise}`);
  }
});

test('a page without a heading gets its <title> as the first heading', async () => {
  const md = await htmlToMarkdown('<html><head><title>Only &amp; Title</title></head><body><p>text</p></body></html>');
  assert.match(md, /^# Only & Title\n\ntext$/);
});

test('JSON is pretty-printed and indexed as json; JSON-looking text/plain too', async () => {
  const r = await convertBody(Buffer.from(JSON.stringify(JSON_BODY)), 'application/json');
  assert.equal(r.format, 'json');
  assert.equal(r.content, JSON.stringify(JSON_BODY, null, 2));
  const plain = await convertBody(Buffer.from('{"a":1}'), 'text/plain');
  assert.equal(plain.format, 'json');
});

test('declared JSON that does not parse is kept as text, not dropped', async () => {
  const r = await convertBody(Buffer.from('{oops'), 'application/json');
  assert.equal(r.format, 'text');
  assert.equal(r.content, '{oops');
});

test('plain text stays text; .md URLs are markdown, .rst URLs and text/x-rst are reStructuredText', async () => {
  assert.equal((await convertBody(Buffer.from('hello'), 'text/plain')).format, 'text');
  assert.equal((await convertBody(Buffer.from('# hi'), 'text/plain', 'https://x.dev/README.md')).format, 'markdown');
  assert.equal((await convertBody(Buffer.from('# hi'), 'text/markdown')).format, 'markdown');
  const rst = 'Guide\n=====\n\nUsage\n-----\n\nRun it.\n';
  assert.equal((await convertBody(Buffer.from(rst), 'text/plain', 'https://x.dev/docs/index.rst')).format, 'rst');
  assert.equal((await convertBody(Buffer.from(rst), 'text/x-rst; charset=utf-8')).format, 'rst');
});

test('the charset from the header or a meta tag decodes the body', () => {
  const latin1 = Buffer.from([0x63, 0x61, 0x66, 0xe9]); // "café" in ISO-8859-1
  assert.equal(decodeBody(latin1, 'text/plain; charset=iso-8859-1'), 'café');
  const html = Buffer.concat([Buffer.from('<meta charset="iso-8859-1"><p>'), latin1]);
  assert.match(decodeBody(html, 'text/html'), /café/);
  assert.equal(decodeBody(Buffer.from('café'), 'text/plain'), 'café');
});

test('heading permalinks keep only their text; relative links become absolute against the page URL', async () => {
  const html =
    '<h2><a href="#opts">Options</a></h2><p>See <a href="guide/start.html">the guide</a>, ' +
    '<a href="https://other.dev/x">elsewhere</a> and <a href="#top">top</a><a class="anchor" href="#x">¶</a>.</p>';
  const md = await htmlToMarkdown(html, 'https://docs.example.com/book/page.html');
  assert.match(md, /^## Options$/m);
  assert.match(md, /\[the guide\]\(https:\/\/docs\.example\.com\/book\/guide\/start\.html\)/);
  assert.match(md, /\[elsewhere\]\(https:\/\/other\.dev\/x\)/);
  assert.match(md, / and top\./);
  assert.doesNotMatch(md, /¶/);
});

test('chrome marked only by ARIA roles (a Sphinx-style sidebar, search box and related bar) is dropped', async () => {
  const html = `<html><head><title>Widgets</title></head><body>
<div class="related" role="navigation" aria-label="related navigation"><ul><li>RELATED_BAR_NOISE</li></ul></div>
<div class="document"><div class="body" role="main">
<h1>Widgets</h1><p>Call <code>spin()</code> to start a widget.</p>
<h2>Stopping</h2><p>Call <code>halt()</code>.</p>
</div></div>
<div class="sphinxsidebar" role="navigation" aria-label="main navigation"><h3>Table of Contents</h3><p>SIDEBAR_NOISE</p>
<div id="searchbox" role="search"><form><input name="q"></form><p>SEARCH_NOISE</p></div></div>
<div class="footer" role="contentinfo">FOOTER_ROLE_NOISE</div>
</body></html>`;
  const md = await htmlToMarkdown(html);
  assert.match(md, /^# Widgets\n\nCall `spin\(\)` to start a widget\.\n\n## Stopping\n\nCall `halt\(\)`\.$/);
  for (const noise of ['RELATED_BAR_NOISE', 'SIDEBAR_NOISE', 'SEARCH_NOISE', 'FOOTER_ROLE_NOISE', 'Table of Contents'])
    assert.ok(!md.includes(noise), `markdown still contains ${noise}`);
});
