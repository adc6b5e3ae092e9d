import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { tempDirs } from './temp-dirs.js';
import { describe, test } from 'node:test';
import { openKnowledgeBase } from '@context-mode/shared/knowledge/open-knowledge-base';

const tempDir = tempDirs('cm-rel-async-');

describe('indexing without blocking the event loop', () => {
  test('2 MB of one-line hex: timers keep firing while it is indexed (the server used to freeze)', async () => {
    const kb = openKnowledgeBase({ path: join(tempDir(), 'knowledge.db') });
    const hex = randomBytes(1024 * 1024).toString('hex') + ' needle-marker';
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const r = await kb.indexAsync({ source: 'hex', content: hex, format: 'text' });
    clearInterval(ticker);
    assert.ok(r.chunks > 400);
    // The sync path held the loop for the whole input (seconds); slices are ~15 ms. Generous bound for load.
    assert.ok(longestGap < 1000, `longest event-loop gap ${longestGap.toFixed(0)} ms`);
    assert.equal(kb.search('needle-marker', { source: 'hex' }).length, 1);
    kb.close();
  });

  test('same chunks as the synchronous indexer; the old version stays searchable until the swap', async () => {
    const kb = openKnowledgeBase({ path: join(tempDir(), 'knowledge.db') });
    const text = Array.from({ length: 400 }, (_, i) => `line ${i} about useEffect and widget${i}`).join('\n');
    const a = kb.index({ source: 'doc', content: text, format: 'text' });
    kb.index({ source: 'old', content: 'the previous version says zebra', format: 'text' });
    const pending = kb.indexAsync({ source: 'old', content: text + '\nnow it says giraffe', format: 'text' });
    // While the new version is written, searches see the old one only, and listings hide the pending source.
    await new Promise((r) => setImmediate(r));
    assert.equal(kb.search('zebra').length, 1);
    assert.deepEqual(
      kb
        .listSources()
        .map((s) => s.source)
        .sort(),
      ['doc', 'old'],
    );
    const b = await pending;
    const twin = await kb.indexAsync({ source: 'doc-async', content: text, format: 'text' });
    assert.equal(twin.chunks, a.chunks);
    assert.equal(twin.bytes, a.bytes);
    assert.equal(kb.search('widget17', { source: 'doc-async' }).length, 1);
    kb.deleteSource('doc-async');
    assert.equal(b.replaced, true);
    assert.equal(kb.search('zebra').length, 0);
    assert.equal(kb.search('giraffe', { source: 'old' }).length, 1);
    assert.equal(kb.stats().sources, 2);
    assert.deepEqual(
      kb
        .listSources()
        .map((s) => s.source)
        .sort(),
      ['doc', 'old'],
    );
    kb.close();
  });
});

test('large markdown is chunked in pieces cut before headings, so sections keep their titles', async () => {
  const { chunkingSegments } = await import('@context-mode/shared/knowledge/prepare-index');
  const section = (i: number) => `# Part ${i}\n\n${'Words about the part, repeated. '.repeat(400)}\n\n`;
  const md = Array.from({ length: 200 }, (_, i) => section(i)).join('');
  const pieces = chunkingSegments(md, 'markdown', 64 * 1024);
  assert.ok(pieces.length > 10);
  assert.equal(pieces.join(''), md);
  assert.ok(pieces.every((p) => p.startsWith('# Part ')));
  assert.deepEqual(chunkingSegments('line\n'.repeat(100_000), 'text', 64 * 1024).length, 1);
});
