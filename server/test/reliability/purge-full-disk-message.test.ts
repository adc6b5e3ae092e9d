import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describePurge } from '../../src/mcp/tools/ctx-purge.js';

test('ctx_purge says when it freed a full disk by deleting the store files', () => {
  const text = describePurge({
    scope: 'project',
    memoryEvents: 0,
    knowledgeChunks: 'all',
    ledgerRows: 0,
    byDeletingFiles: true,
  });
  assert.match(text, /deleting its store files \(the disk was full/);
  assert.match(
    describePurge({ scope: 'project', memoryEvents: 3, knowledgeChunks: 'all', ledgerRows: 2 }),
    /3 memory event\(s\)/,
  );
});
