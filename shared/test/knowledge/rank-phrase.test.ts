import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openKnowledgeBase } from '../../src/knowledge/open-knowledge-base.js';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test('a section writing the asked words as a phrase ranks above one holding them as close but apart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-phrase-'));
  dirs.push(dir);
  const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
  try {
    // The same words, as close together, in the same order-free sense; only one writes them as the phrase.
    // The adjacent one is indexed first, so a tie would go to the other (newer) one.
    kb.index({
      source: 'adjacent',
      content: '# Parser options\n\nAllow a return statement at the top level of a script.\n',
      format: 'markdown',
    });
    kb.index({
      source: 'scattered',
      content: '# Parser options\n\nPick a level, top or bottom, for the return of a script.\n',
      format: 'markdown',
    });
    const hits = kb.search('top level', { limit: 2 });
    assert.deepEqual(
      hits.map((h) => h.source),
      ['adjacent', 'scattered'],
    );
  } finally {
    kb.close();
  }
});
