import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeRanking } from '../../src/knowledge/describe-rank.js';
import { RANK_WEIGHTS } from '../../src/knowledge/rerank.js';
import { tempKnowledgeBase } from './temp-knowledge-base.js';

test('explain: each hit carries the parts of its score, and they add up to the score shown', () => {
  const { kb } = tempKnowledgeBase('cm-explain-');
  kb.index({
    source: 'guide',
    content:
      '# Guide\n\n## Retry policy\n\nRetries back off exponentially; set maxAttempts to stop.\n\n## Logging\n\nLogs go to stderr.\n',
    format: 'markdown',
  });
  kb.index({ source: 'notes', content: '# Notes\n\nA retry is only tried once per request.\n', format: 'markdown' });
  const hits = kb.search('retry policy attempts', { limit: 2, explain: true });
  assert.equal(hits[0]!.title, 'Guide > Retry policy');
  for (const h of hits) {
    const parts = h.parts!;
    const sum = (Object.keys(RANK_WEIGHTS) as Array<keyof typeof RANK_WEIGHTS>).reduce(
      (a, k) => a + RANK_WEIGHTS[k] * parts[k],
      0,
    );
    assert.ok(Math.abs(sum - h.score) < 0.001, `${h.title}: ${sum} vs ${h.score}`);
  }
  // The heading names two of the three words; the other section's heading none of them.
  assert.ok(hits[0]!.parts!.title > hits[1]!.parts!.title);
  assert.match(describeRanking(hits), /^\[1\] [\d.]+ = fused 1×[\d.]+ \+ coverage 1\.5×[\d.]+ \+ title 0\.6×/);
  assert.equal(kb.search('retry policy attempts', { limit: 1 })[0]!.parts, undefined);
  // At limit 1 the other section did not make it: explain still shows it, and on what it lost.
  const one = kb.searchWithReport!('retry policy attempts', { limit: 1, explain: true });
  assert.deepEqual(
    one.ranked!.map((c) => c.title),
    ['Guide > Retry policy', 'Notes'],
  );
  assert.match(describeRanking(one.hits, one.ranked), /Next candidates:\n {4}Notes — notes\n {4}[\d.]+ = fused/);
});
