import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { tempKnowledgeBase } from './temp-knowledge-base.js';

/** A `git log` as git prints it: 40 commits with 40-character SHAs. */
function gitLog(): { text: string; shas: string[] } {
  const shas: string[] = [];
  const text = Array.from({ length: 40 }, (_, i) => {
    const sha = createHash('sha1').update(`commit ${i}`).digest('hex');
    shas.push(sha);
    return `commit ${sha}\nAuthor: Dev ${i} <dev${i}@example.com>\nDate:   Mon Jan ${(i % 28) + 1} 10:00:00 2024 +0000\n\n    fix item ${i} in module m${i % 7}\n`;
  }).join('\n');
  return { text, shas };
}

test('after indexing a git log, 7- and 12-character SHA prefixes find their commit (0/10 each before)', () => {
  const { kb } = tempKnowledgeBase('cm-kb-partial-');
  const { text, shas } = gitLog();
  kb.index({ source: 'git log', content: text, format: 'text' });
  const found = (q: string, sha: string) => kb.search(q).some((h) => h.snippet.includes(sha));
  const sample = shas.slice(0, 10);
  assert.equal(sample.filter((sha) => found(sha, sha)).length, 10, 'the full SHA');
  assert.equal(sample.filter((sha) => found(sha.slice(0, 7), sha)).length, 10, '7-character prefix');
  assert.equal(sample.filter((sha) => found(sha.slice(0, 12), sha)).length, 10, '12-character prefix');
  assert.equal(sample.filter((sha) => found(sha.slice(14, 26), sha)).length, 10, '12 characters from the middle');
});

test('a 12-character slice from the middle of a long token is found, and a slice that is nowhere finds nothing', () => {
  const { kb } = tempKnowledgeBase('cm-kb-partial-');
  const token = `ey${createHash('sha256').update('a').digest('base64url')}${createHash('sha256').update('b').digest('hex')}`;
  kb.index({ source: 'deploy.log', content: `deploy ok\nrelease artifact ${token}\nall done`, format: 'text' });
  const hits = kb.search(token.slice(40, 52));
  assert.equal(hits.length, 1);
  assert.ok(hits[0]!.snippet.includes(token));
  assert.deepEqual(kb.search('zz9999qqqq77'), []);
});
