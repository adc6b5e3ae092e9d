import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { CHUNK_CAP_BYTES, utf8Length } from '../../src/knowledge/chunkers/chunk.js';
import { chunkCode } from '../../src/knowledge/chunkers/chunk-code.js';
import { chunkJson } from '../../src/knowledge/chunkers/chunk-json.js';
import { chunkMarkdown } from '../../src/knowledge/chunkers/chunk-markdown.js';
import { chunkText } from '../../src/knowledge/chunkers/chunk-text.js';

const FIXTURES = new URL('../../../test/fixtures/captured/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

function assertValidChunks(chunks: Array<{ content: string; title: string }>, cap = CHUNK_CAP_BYTES) {
  for (const c of chunks) {
    assert.ok(utf8Length(c.content) <= cap, `${c.title}: ${utf8Length(c.content)} bytes`);
    // A lone surrogate would mean a code point was cut in half.
    assert.ok(
      !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(c.content),
      `${c.title}: split surrogate`,
    );
    assert.ok(c.title.length > 0);
  }
}

test('markdown sections are titled by their heading stack', () => {
  const md =
    '# Guide\n\nIntro.\n\n## Install\n\nRun npm i.\n\n### On Windows\n\nUse PowerShell.\n\n## Usage\n\nCall it.';
  const chunks = chunkMarkdown(md);
  assert.deepEqual(
    chunks.map((c) => c.title),
    ['Guide', 'Guide > Install', 'Guide > Install > On Windows', 'Guide > Usage'],
  );
  assert.equal(chunks[2]!.content, 'Use PowerShell.');
});

test('setext headings and front matter are recognised', () => {
  const chunks = chunkMarkdown('---\ntitle: x\n---\nTop\n===\n\nbody\n\nSub\n---\n\nmore');
  assert.deepEqual(
    chunks.map((c) => c.title),
    ['Front matter', 'Top', 'Top > Sub'],
  );
});

test('a heading inside a fenced block is code, not a section', () => {
  const md = '# Real\n\n```bash\n# not a heading\necho hi\n```\n\ntext';
  const chunks = chunkMarkdown(md);
  assert.equal(chunks.length, 1);
  assert.equal(chunks[0]!.contentType, 'code');
  assert.match(chunks[0]!.content, /# not a heading/);
});

test('an oversized section splits at paragraphs and never inside a fence', () => {
  const para = (i: number) => `Paragraph ${i} ` + 'lorem ipsum dolor sit amet '.repeat(20);
  const fence = '```js\n' + Array.from({ length: 40 }, (_, i) => `const v${i} = ${i};`).join('\n') + '\n```';
  const md = `# Big\n\n${[para(1), para(2), fence, para(3), para(4), para(5), para(6), para(7)].join('\n\n')}`;
  const chunks = chunkMarkdown(md);
  assert.ok(chunks.length >= 2);
  assertValidChunks(chunks);
  assert.deepEqual(chunks.map((c) => c.title).slice(0, 2), ['Big', 'Big (2)']);
  for (const c of chunks) {
    const fences = (c.content.match(/^```/gm) ?? []).length;
    assert.equal(fences % 2, 0, `unbalanced fence in ${c.title}`);
  }
  assert.ok(
    chunks.some((c) => c.content.includes(fence)),
    'the fence stays whole',
  );
});

test('a fence larger than the cap is split by lines and each part re-fenced', () => {
  const big = '```py\n' + Array.from({ length: 400 }, (_, i) => `print(${i})  # line ${i}`).join('\n') + '\n```';
  const chunks = chunkMarkdown(`# Code\n\n${big}`);
  assert.ok(chunks.length > 1);
  assertValidChunks(chunks);
  for (const c of chunks) {
    assert.match(c.content, /^```py\n/);
    assert.match(c.content, /\n```$/);
  }
});

test('one huge paragraph of CJK and emoji is split within the cap without breaking characters', () => {
  const text = '東京タワーは🗼高い。'.repeat(1200);
  for (const chunks of [chunkMarkdown(`# 塔\n\n${text}`), chunkText(text)]) {
    assert.ok(chunks.length > 1);
    assertValidChunks(chunks);
    assert.equal(chunks.map((c) => c.content).join(''), text);
  }
});

test('plain text uses blank-line sections when it has a few, line windows otherwise', () => {
  const sections = chunkText('Alpha line\nmore\n\nBeta line\n\nGamma line');
  assert.deepEqual(
    sections.map((c) => c.title),
    ['Alpha line', 'Beta line', 'Gamma line'],
  );
  const lines = Array.from({ length: 50 }, (_, i) => `line ${i + 1}`).join('\n');
  const windows = chunkText(lines);
  assert.deepEqual(
    windows.map((c) => c.title),
    ['Lines 1-20', 'Lines 19-38', 'Lines 37-50'],
  );
  assert.deepEqual(
    chunkText('short\ntext').map((c) => c.title),
    ['Output'],
  );
  assert.deepEqual(chunkText('   '), []);
});

test('JSON is chunked by key path and arrays are titled by identity fields', () => {
  const items = Array.from({ length: 60 }, (_, i) => ({ id: `item-${i}`, description: 'x'.repeat(150) }));
  const json = JSON.stringify({ meta: { version: 1 }, items });
  const chunks = chunkJson(json);
  assertValidChunks(chunks);
  assert.ok(chunks.every((c) => c.contentType === 'code'));
  const titles = chunks.map((c) => c.title);
  assert.ok(titles.includes('meta'), titles.join(' | '));
  assert.ok(
    titles.some((t) => /^items > item-0…item-\d+$/.test(t)),
    titles.join(' | '),
  );
  const small = chunkJson('{"a": 1}');
  assert.deepEqual(
    small.map((c) => c.title),
    ['(root)'],
  );
  assert.equal(chunkJson('{not json')[0]!.contentType, 'prose');
});

test('real captured JSON stays within the cap', () => {
  for (const name of ['github-issues.json', 'mcp-tools.json', 'package-large.json'])
    assertValidChunks(chunkJson(fixture(name)));
});

test('source code is chunked by top-level declarations with their comments', () => {
  const src = [
    "import { z } from 'zod';",
    '',
    '/** Adds. */',
    'export function add(a: number, b: number) {',
    '  return a + b;',
    '}',
    '',
    'export class Store {',
    '  get(): string {',
    "    return 'x'.repeat(" + '1'.repeat(1) + ');',
    '  }',
    '  ' + '// filler\n  '.repeat(80),
    '}',
  ].join('\n');
  const chunks = chunkCode(src);
  assertValidChunks(chunks);
  assert.ok(
    chunks.some((c) => c.title.includes('function add') && c.content.includes('/** Adds. */')),
    chunks.map((c) => c.title).join(' | '),
  );
  assert.ok(chunks.some((c) => c.title.includes('class Store')));
  assert.ok(chunks.every((c) => c.contentType === 'code'));
  assertValidChunks(chunkCode(fixture('source-example.ts')));
});

test('python and go declarations are recognised', () => {
  const py =
    'import os\n\n' +
    'def load(path):\n' +
    '    return open(path).read()\n'.repeat(40) +
    '\nclass Cache:\n' +
    '    pass\n'.repeat(60);
  assert.ok(chunkCode(py).some((c) => c.title.includes('def load')));
  const go =
    'package main\n\nfunc Serve(addr string) error {\n' +
    '\treturn nil\n'.repeat(100) +
    '}\n\ntype Server struct {\n' +
    '\tAddr string\n'.repeat(100) +
    '}\n';
  const titles = chunkCode(go)
    .map((c) => c.title)
    .join(' | ');
  assert.match(titles, /func Serve/);
  assert.match(titles, /type Server/);
});

test('a multi-megabyte single line is split into capped pieces that join back to it', () => {
  const line = 'word '.repeat(400_000);
  const chunks = chunkText(line);
  assertValidChunks(chunks);
  assert.equal(chunks.map((c) => c.content).join(''), line.replace(/\n+$/, ''));
});
