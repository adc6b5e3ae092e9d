import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detectFormat } from '../../src/mcp/tools/ctx-index.js';

test('pasted reStructuredText is recognised only by a clear sign of it', () => {
  assert.equal(detectFormat('Intro.\n\nInstall\n~~~~~~~\n\nRun it.'), 'rst');
  assert.equal(detectFormat('Title\n=====\n\n.. note::\n\n   Careful.'), 'rst');
  // `=`/`-` underlines alone are setext headings to markdown too: stay markdown.
  assert.equal(detectFormat('Title\n=====\n\nText.\n\nSub\n---\n\nMore.'), 'markdown');
  assert.equal(detectFormat('# Title\n\nText.\n\nSub\n~~~~\n\nx'), 'markdown');
  // An underline shorter than its line, or a `~~~` fence opening on code, is no reST title.
  assert.notEqual(detectFormat('A long title here\n~~~~\n\ntext'), 'rst');
  assert.notEqual(detectFormat('Code:\n\nls\n~~~\necho hi\n~~~\n'), 'rst');
  assert.equal(detectFormat('just some words\nand more'), 'text');
});
