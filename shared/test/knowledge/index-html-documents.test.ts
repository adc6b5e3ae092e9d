import assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { isHtmlDocument } from '../../src/knowledge/html-document.js';
import type { HtmlConverter } from '../../src/knowledge/html-document.js';
import { indexPath } from '../../src/knowledge/index-path.js';
import { tempKnowledgeBase } from './temp-knowledge-base.js';

const fresh = () => tempKnowledgeBase('cm-html-');

const PAGE =
  '<!DOCTYPE html><html><head><title>Guide</title></head><body><nav class="menu">Home</nav>' +
  '<h1>Guide</h1><p>The quokka setting turns on caching.</p></body></html>';

/** Stands in for the server's converter: headings and paragraphs only, enough to see what was indexed. */
const toyConverter: HtmlConverter = async (html) => ({
  markdown: html
    .replace(/<nav[\s\S]*?<\/nav>|<head[\s\S]*?<\/head>/g, '')
    .replace(/<h1>(.*?)<\/h1>/g, '\n# $1\n\n')
    .replace(/<[^>]+>/g, '')
    .trim(),
});

test('documents are told from templates', () => {
  assert.ok(isHtmlDocument(PAGE), 'a whole page');
  assert.ok(isHtmlDocument('<h2>Options</h2>\n<p>Each option is described below.</p>'), 'a fragment of prose');
  assert.ok(
    isHtmlDocument('<!doctype html><body><h1>Jinja</h1><pre>{{ user.name }}</pre><code>{% if x %}</code></body>'),
    'a page documenting template syntax in its code samples',
  );
  assert.ok(!isHtmlDocument('<div class="card"><span>{{ title }}</span></div>'), 'an interpolating fragment');
  assert.ok(!isHtmlDocument('<li *ngFor="let item of items"><h3>x</h3><p>y</p></li>'), 'an Angular template');
  assert.ok(!isHtmlDocument('<button v-if="open" @click="close">Close</button>'), 'a Vue template');
  assert.ok(
    !isHtmlDocument('<!DOCTYPE html><html><body>{% block content %}{% endblock %}</body></html>'),
    'a Django base template is a whole page but still a template',
  );
  assert.ok(!isHtmlDocument('<div class="row"><span>plain markup</span></div>'), 'markup without prose');
});

test('an HTML document is indexed as markdown sections; a template as it is; unconverted without a converter', async () => {
  const { kb, dir } = fresh();
  mkdirSync(join(dir, 'site'));
  writeFileSync(join(dir, 'site', 'guide.html'), PAGE);
  writeFileSync(join(dir, 'site', 'card.html'), '<div class="card"><span>{{ quokka }}</span></div>');
  const seen: string[] = [];
  const convert: HtmlConverter = async (html, path) => {
    seen.push(path);
    return toyConverter(html, path);
  };
  const r = await indexPath(kb, 'site', { projectRoot: dir, convertHtml: convert });
  assert.equal(r.files.length, 2);
  assert.equal(r.htmlConverted, 1);
  assert.deepEqual(
    seen.map((p) => p.slice(-10)),
    ['guide.html'],
  );
  const hits = kb.search('quokka', { limit: 5 });
  const guide = hits.find((h) => h.source === 'file:site/guide.html')!;
  assert.equal(guide.title, 'Guide');
  assert.doesNotMatch(guide.snippet, /<|class=|Home/);
  const card = hits.find((h) => h.source === 'file:site/card.html')!;
  assert.match(card.snippet, /<div class="card">/, 'the template keeps its tags');

  const { kb: plainKb, dir: plainDir } = fresh();
  writeFileSync(join(plainDir, 'guide.html'), PAGE);
  await indexPath(plainKb, 'guide.html', { projectRoot: plainDir });
  assert.match(plainKb.search('quokka')[0]!.snippet, /<p>/, 'no converter: indexed as before');
});

test('a failed conversion indexes the file as it is, says so, and keeps the other files', async () => {
  const { kb, dir } = fresh();
  mkdirSync(join(dir, 'site'));
  writeFileSync(join(dir, 'site', 'a.html'), PAGE);
  writeFileSync(join(dir, 'site', 'b.html'), PAGE.replace('quokka', 'wombat'));
  writeFileSync(join(dir, 'site', 'c.html'), PAGE.replace('quokka', 'numbat'));
  const convert: HtmlConverter = async (html, path) => {
    if (path.endsWith('b.html')) throw new Error('conversion took over 4000 ms');
    if (path.endsWith('c.html')) return { markdown: '# Guide\n\nnumbat', fallback: 'page over 1024 KiB' };
    return toyConverter(html, path);
  };
  const r = await indexPath(kb, 'site', { projectRoot: dir, convertHtml: convert });
  assert.equal(r.files.length, 3);
  assert.equal(r.htmlConverted, 2);
  assert.deepEqual(
    r.htmlFallbacks?.map((f) => [f.path.slice(-6), f.reason, f.indexedAs]),
    [
      ['b.html', 'conversion took over 4000 ms', 'html'],
      ['c.html', 'page over 1024 KiB', 'plain extraction'],
    ],
  );
  assert.match(kb.search('wombat')[0]!.snippet, /<p>/);
  assert.equal(kb.search('quokka')[0]!.source, 'file:site/a.html');
});

test('a converted file touched but unchanged is not re-indexed; a changed one is, as its plain format', async () => {
  const { kb, dir } = fresh();
  const file = join(dir, 'guide.html');
  writeFileSync(file, PAGE);
  await indexPath(kb, 'guide.html', { projectRoot: dir, convertHtml: toyConverter });
  assert.equal(kb.getSource('file:guide.html')?.meta?.['convertedFrom'], 'html');
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);
  const same = kb.searchWithReport('quokka');
  assert.deepEqual(same.refreshed, [], 'same text: the hash of the file itself matches');
  assert.doesNotMatch(same.hits[0]!.snippet, /<p>/);

  writeFileSync(file, PAGE.replace('quokka', 'bilby'));
  const evenLater = new Date(Date.now() + 10_000);
  utimesSync(file, evenLater, evenLater);
  const changed = kb.searchWithReport('bilby');
  assert.deepEqual(changed.refreshed, ['file:guide.html']);
  assert.match(changed.hits[0]!.snippet, /bilby/, 'the new text is found at once');
  assert.equal(kb.getSource('file:guide.html')?.meta, undefined, 'no longer marked converted');

  await indexPath(kb, 'guide.html', { projectRoot: dir, convertHtml: toyConverter });
  assert.doesNotMatch(kb.search('bilby')[0]!.snippet, /<p>/, 'the next index converts it again');
});

test('a converted page saved with a BOM or as UTF-16, touched but unchanged, keeps its converted sections', async () => {
  const { kb, dir } = fresh();
  const files = {
    'bom.html': Buffer.from('\uFEFF' + PAGE, 'utf8'),
    'utf16.html': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(PAGE.replace('quokka', 'wombat'), 'utf16le')]),
  };
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
  await indexPath(kb, '.', { projectRoot: dir, convertHtml: toyConverter });
  const later = new Date(Date.now() + 5000);
  for (const name of Object.keys(files)) utimesSync(join(dir, name), later, later);
  for (const word of ['quokka', 'wombat']) {
    const r = kb.searchWithReport(word);
    assert.deepEqual(r.refreshed, [], `${word}: the file's text is unchanged`);
    assert.doesNotMatch(r.hits[0]!.snippet, /<p>|<!DOCTYPE/, `${word}: still the converted text, not raw HTML`);
  }
});
