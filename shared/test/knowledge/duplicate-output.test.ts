import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shapeOutput } from '../../src/budget/shape-output.js';
import { tempKnowledgeBase } from './temp-knowledge-base.js';

const OUTPUT = Array.from(
  { length: 400 },
  (_, i) => `PASS test/case-${i}.spec.ts (${i} ms) checking the flux capacitor`,
).join('\n');

test('the same command output indexed twice comes back once per hit, and both answers name one source', () => {
  const { kb } = tempKnowledgeBase('cm-kb-dupe-');
  const first = shapeOutput({ text: OUTPUT, sourceLabel: 'exec:shell', kb, budget: 2048 });
  const second = shapeOutput({ text: OUTPUT, sourceLabel: 'exec:shell', kb, budget: 2048 });
  assert.ok(first.indexedSource);
  assert.equal(second.indexedSource, first.indexedSource, 'the repeated output points at the stored one');
  const hits = kb.search('case-17 flux capacitor', { limit: 10 });
  const bodies = hits.map((h) => `${h.title}\n${h.snippet}`);
  assert.ok(hits.length > 0);
  assert.equal(new Set(bodies).size, bodies.length, `duplicate hits: ${JSON.stringify(bodies)}`);
  assert.equal(kb.listSources().filter((s) => s.kind === 'exec').length, 1);
});

test('a different output, or content the user indexed under a label of their own, is stored as asked', () => {
  const { kb } = tempKnowledgeBase('cm-kb-dupe-');
  shapeOutput({ text: OUTPUT, sourceLabel: 'exec:shell', kb, budget: 2048 });
  const other = shapeOutput({ text: `${OUTPUT}\nFAIL one more`, sourceLabel: 'exec:shell', kb, budget: 2048 });
  assert.ok(other.indexedSource);
  kb.index({ source: 'notes-a', content: 'same words here', format: 'text' });
  kb.index({ source: 'notes-b', content: 'same words here', format: 'text' });
  const labels = kb.listSources().map((s) => s.source);
  assert.ok(labels.includes('notes-a') && labels.includes('notes-b'), labels.join(', '));
  assert.equal(labels.filter((l) => l.startsWith('exec:')).length, 2);
});
