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

function storeWith(sections: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'cm-synonym-'));
  dirs.push(dir);
  const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
  for (const [source, content] of Object.entries(sections)) kb.index({ source, content, format: 'markdown' });
  return kb;
}

test('a question asked in other words finds the section written with the doc word', () => {
  const kb = storeWith({
    // The answering sections share only the doc's own word with each question.
    answer: [
      '# Serializer',
      '',
      '## options.space',
      '',
      'Number of spaces to indent nested values in the serialized text.',
      '',
      '## options.unsafe',
      '',
      'Set to true to keep the markup of the output as it is, for trusted input only.',
      '',
      '## argv',
      '',
      'Pass the argv of the process; each one is parsed in turn.',
      '',
      '## --skip-full',
      '',
      'Leave files with 100% coverage out of the report.',
    ].join('\n'),
    other: [
      '# Timers',
      '',
      '## setTimeout',
      '',
      'Runs a callback once after a delay in milliseconds.',
      '',
      '## setInterval',
      '',
      'Runs a callback again and again with a fixed delay between calls.',
    ].join('\n'),
  });
  try {
    const top = (q: string) => kb.search(q, { limit: 1 })[0]?.title ?? '';
    // None of these words is in the store: only the synonym groups lead to the answer.
    assert.match(top('indentation'), /options\.space/);
    assert.match(top('escaping html'), /options\.unsafe/);
    assert.match(top('arguments'), /argv/);
    // "hide" is deep in its group; its nearest neighbours ("exclude", "skip") are the synonyms searched first.
    assert.match(top('hide'), /--skip-full/);
  } finally {
    kb.close();
  }
});
