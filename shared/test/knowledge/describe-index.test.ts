import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeIndexResult, directoryPrefix, isPrefixLabel } from '../../src/knowledge/describe-index.js';
import type { IndexPathResult } from '../../src/knowledge/index-path.js';

test('a directory index names the directory its files share, never a fragment of a file name', () => {
  assert.equal(directoryPrefix(['file:docs/guide/alpha.md', 'file:docs/guide/about.md']), 'file:docs/guide/');
  assert.equal(directoryPrefix(['file:docs/a.md', 'file:docs/sub/b.md']), 'file:docs/');
  assert.equal(directoryPrefix(['notes:a.md', 'notes:b/c.md']), 'notes:');
  // Files in the project root share only `file:`, which would name every indexed file.
  assert.equal(directoryPrefix(['file:a.md', 'file:b.md']), undefined);
  assert.ok(isPrefixLabel('file:docs/') && isPrefixLabel('notes:'));
  assert.ok(!isPrefixLabel('file:docs/a.md'));
});

test('an index answer reports HTML conversions before its closing search hint', () => {
  const root = '/p';
  const r: IndexPathResult = {
    kind: 'dir',
    path: '/p/site',
    files: [{ path: '/p/site/a.html', source: 'file:site/a.html', chunks: 2 }],
    chunks: 2,
    codeChunks: 0,
    bytes: 100,
    redactions: 0,
    skipped: [{ path: '/p/site/b.html', reason: 'indexing failed: disk full' }],
    capped: false,
    totalSeen: 2,
    removed: [],
    htmlConverted: 1,
    htmlFallbacks: [{ path: '/p/site/a.html', reason: 'converter timed out', indexedAs: 'plain extraction' }],
  };
  const lines = describeIndexResult(r, root, (s) => `search: ${s}`).split('\n');
  assert.deepEqual(lines.slice(1), [
    'Skipped 1: site/b.html (indexing failed: disk full).',
    '1 HTML page(s) indexed as their text, by sections.',
    'HTML not fully converted: site/a.html (converter timed out; indexed as plain extraction).',
    'search: file:site/a.html',
  ]);
});
