import assert from 'node:assert/strict';
import { test } from 'node:test';
import { directoryPrefix, isPrefixLabel } from '../../src/knowledge/describe-index.js';

test('a directory index names the directory its files share, never a fragment of a file name', () => {
  assert.equal(directoryPrefix(['file:docs/guide/alpha.md', 'file:docs/guide/about.md']), 'file:docs/guide/');
  assert.equal(directoryPrefix(['file:docs/a.md', 'file:docs/sub/b.md']), 'file:docs/');
  assert.equal(directoryPrefix(['notes:a.md', 'notes:b/c.md']), 'notes:');
  // Files in the project root share only `file:`, which would name every indexed file.
  assert.equal(directoryPrefix(['file:a.md', 'file:b.md']), undefined);
  assert.ok(isPrefixLabel('file:docs/') && isPrefixLabel('notes:'));
  assert.ok(!isPrefixLabel('file:docs/a.md'));
});
