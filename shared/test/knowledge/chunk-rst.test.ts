import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CHUNK_CAP_BYTES, utf8Length } from '../../src/knowledge/chunkers/chunk.js';
import { chunkContent, formatForPath } from '../../src/knowledge/chunkers/chunk-content.js';
import { chunkRst } from '../../src/knowledge/chunkers/chunk-rst.js';
import { indexPath } from '../../src/knowledge/index-path.js';
import { tempKnowledgeBase } from './temp-knowledge-base.js';

const titles = (text: string, cap?: number) => chunkRst(text, cap).map((c) => c.title);
const bodyOf = (text: string, title: string) => chunkRst(text).find((c) => c.title === title)?.content ?? '';

test('.rst and .rest files go to the reST chunker; .txt and markdown do not', () => {
  assert.equal(formatForPath('docs/usage.rst'), 'rst');
  assert.equal(formatForPath('docs/USAGE.REST'), 'rst');
  assert.equal(formatForPath('docs/usage.rst.txt'), 'text');
  assert.equal(formatForPath('README.md'), 'markdown');
  assert.deepEqual(
    chunkContent('Setup\n~~~~~\n\nRun it.', 'rst').map((c) => c.title),
    ['Setup'],
  );
});

test('section levels follow the order in which underline styles first appear, not the character', () => {
  const doc = [
    'Guide',
    '~~~~~',
    '',
    'Intro text.',
    '',
    'Install',
    '^^^^^^^',
    '',
    'Run the installer.',
    '',
    'On Windows',
    '""""""""""',
    '',
    'Use PowerShell.',
    '',
    'Usage',
    '^^^^^',
    '',
    'Call it.',
  ].join('\n');
  assert.deepEqual(titles(doc), ['Guide', 'Guide > Install', 'Guide > Install > On Windows', 'Guide > Usage']);
  assert.equal(bodyOf(doc, 'Guide > Install > On Windows'), 'Use PowerShell.');
});

test('an overlined title is a different style from the same character underlined alone', () => {
  const doc = '=======\n  Manual\n=======\n\nAbout.\n\nChapter\n=======\n\nText.\n\nOther\n=====\n\nMore.';
  assert.deepEqual(titles(doc), ['Manual', 'Manual > Chapter', 'Manual > Other']);
});

test('an underline shorter than its title, or text directly after a paragraph line, is not a heading', () => {
  const doc = 'Section\n=======\n\nA long line of text\n-----\n\nfirst line\nsecond line\n------------\n\nend.';
  const chunks = chunkRst(doc);
  assert.deepEqual(
    chunks.map((c) => c.title),
    ['Section'],
  );
  assert.match(chunks[0]!.content, /A long line of text\n-----/);
  assert.match(chunks[0]!.content, /second line\n-{12}/);
});

test('simple and grid tables stay inside their section and yield no headings', () => {
  const doc = [
    'Options',
    '=======',
    '',
    'The settings are:',
    '',
    '======== ========= =============',
    'Name     Default   Meaning',
    '======== ========= =============',
    'retries  3         Attempts made',
    '-------- --------- -------------',
    'timeout  30        Seconds',
    '-------- --------- -------------',
    'x        y         z',
    '======== ========= =============',
    '',
    'In the config file:',
    '',
    '+----------+---------+',
    '| key      | value   |',
    '+==========+=========+',
    '| mode     | fast    |',
    '+----------+---------+',
    '',
    'Limits',
    '------',
    '',
    'None.',
  ].join('\n');
  const chunks = chunkRst(doc);
  assert.deepEqual(
    chunks.map((c) => c.title),
    ['Options', 'Options > Limits'],
  );
  assert.match(chunks[0]!.content, /timeout +30 +Seconds/);
  assert.match(chunks[0]!.content, /\| mode +\| fast +\|/);
  // A border that never closes is one line of text, not a table that swallows the titles after it.
  assert.deepEqual(titles('Top\n===\n\n===== =====\nab    cd\n\nNext\n----\n\nText.'), ['Top', 'Top > Next']);
});

test('literal blocks and code directives never yield headings and stay whole with their introduction', () => {
  const literal = Array.from({ length: 12 }, (_, n) => `    setting_${n} = value`).join('\n');
  const doc = [
    'Config',
    '======',
    '',
    'Example file::',
    '',
    '    # In ~/.aws/credentials:',
    '    [default]',
    '    Title',
    '    -----',
    '',
    literal,
    '',
    'Quoted form::',
    '',
    '> Quoted',
    '> -------',
    '',
    '.. code-block:: python',
    '',
    '    def f():',
    '        pass',
    '    Heading',
    '    =======',
    '',
    '.. code::',
    '',
    '  Another',
    '  ~~~~~~~',
    '',
    'Words after.',
  ].join('\n');
  const chunks = chunkRst(doc);
  assert.deepEqual(
    chunks.map((c) => c.title),
    ['Config'],
  );
  assert.equal(chunks[0]!.contentType, 'code');
  // Packed under a small cap, the literal block is not split away from the sentence that introduces it.
  const small = chunkRst(doc, 450);
  assert.deepEqual(
    small.map((c) => c.title),
    ['Config', 'Config (2)'],
  );
  assert.match(small[0]!.content, /^Example file::\n\n[^]*setting_11 = value/);
  assert.match(small[1]!.content, /^\.\. code-block:: python\n\n {4}def f\(\):/);
  for (const c of small) assert.ok(utf8Length(c.content) <= 450);
});

test('the leading field list is metadata: :title: names the text before the first section', () => {
  const doc = [
    ':title: Widget Reference',
    ':description: Everything about widgets',
    ':category: General',
    '',
    'Widgets are small.',
    '',
    'Sizes',
    '=====',
    '',
    'Three sizes.',
  ].join('\n');
  const chunks = chunkRst(doc);
  assert.deepEqual(
    chunks.map((c) => c.title),
    ['Widget Reference', 'Sizes'],
  );
  assert.match(chunks[0]!.content, /Everything about widgets/);
  assert.doesNotMatch(chunks[0]!.content, /:category:|:title:/);
});

test('comments, link targets and tables of contents are dropped; admonitions are kept', () => {
  const doc = [
    '.. This file is generated; do not edit.',
    '   Really, do not.',
    '',
    '.. _install-guide:',
    '',
    'Install',
    '=======',
    '',
    '.. contents::',
    '   :local:',
    '',
    '.. only:: html',
    '',
    '   .. contents::',
    '',
    '.. note::',
    '',
    '   Needs root.',
    '',
    'Run make.',
  ].join('\n');
  const chunks = chunkRst(doc);
  assert.deepEqual(
    chunks.map((c) => c.title),
    ['Install'],
  );
  assert.equal(chunks[0]!.content, '.. note::\n\n   Needs root.\n\nRun make.');
});

test('roles and inline markup read as plain text in the heading path', () => {
  const doc = [
    ':mod:`email` Package Architecture',
    '=================================',
    '',
    'Overview.',
    '',
    'The :func:`~email.parser.parse` call and ``Policy``',
    '---------------------------------------------------',
    '',
    'Body.',
    '',
    '`Links <https://example.org>`_ and *emphasis*',
    '---------------------------------------------',
    '',
    'More.',
  ].join('\n');
  assert.deepEqual(titles(doc), [
    'email Package Architecture',
    'email Package Architecture > The parse call and Policy',
    'email Package Architecture > Links and emphasis',
  ]);
});

test('a file with no headings is one untitled chunk, split at the cap like markdown', () => {
  assert.deepEqual(
    chunkRst('Just a paragraph.\n\nAnd another.').map((c) => [c.title, c.content]),
    [['Untitled', 'Just a paragraph.\n\nAnd another.']],
  );
  const long = Array.from({ length: 400 }, (_, n) => `Paragraph ${n} has a few words in it.`).join('\n\n');
  const chunks = chunkRst(long);
  assert.ok(chunks.length > 1);
  assert.deepEqual(
    chunks.slice(0, 2).map((c) => c.title),
    ['Untitled', 'Untitled (2)'],
  );
  for (const c of chunks) assert.ok(utf8Length(c.content) <= CHUNK_CAP_BYTES);
  assert.deepEqual(chunkRst(''), []);
});

test('CRLF input gives the same chunks as LF input', () => {
  const lf = 'Top\n***\n\nText.\n\nSub\n+++\n\n.. code-block:: sh\n\n   ls\n';
  assert.deepEqual(chunkRst(lf.replace(/\n/g, '\r\n')), chunkRst(lf));
  assert.deepEqual(titles(lf), ['Top', 'Top > Sub']);
});

test('a .rst file indexed by path is found by the section that answers', async () => {
  const { kb, dir } = tempKnowledgeBase('cm-rst-');
  const doc = [
    ':title: Transfer Settings',
    '',
    'How transfers are tuned.',
    '',
    'Concurrency',
    '~~~~~~~~~~~',
    '',
    'Set ``max_workers`` to change how many uploads run at once.',
    '',
    'Bandwidth',
    '~~~~~~~~~',
    '',
    '=========== =========',
    'Setting     Default',
    '=========== =========',
    'rate_limit  unlimited',
    '=========== =========',
    '',
    'The rate_limit value throttles uploads, e.g. ``50MB/s``.',
  ].join('\n');
  writeFileSync(join(dir, 'transfer.rst'), doc);
  const r = await indexPath(kb, 'transfer.rst', { projectRoot: dir });
  assert.equal(r.chunks, 3);
  const hits = kb.search('throttle upload rate limit');
  assert.equal(hits[0]?.title, 'Bandwidth');
  assert.match(hits[0]!.snippet, /50MB\/s/);
  assert.equal(kb.search('how many uploads at once')[0]?.title, 'Concurrency');
});
