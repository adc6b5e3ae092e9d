import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { buildFtsQuery } from '../../src/knowledge/fts-query.js';
import { openKnowledgeBase } from '../../src/knowledge/open-knowledge-base.js';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const contextOf = (input: string) => {
  const q = buildFtsQuery(input);
  assert.ok(!q.empty);
  return Object.fromEntries(q.terms.map((t) => [t.lower, !!t.context]));
};

test('words only in the sentences around the question are context; the question is the sentence that asks', () => {
  assert.deepEqual(contextOf('I run a Node service that reads files. How do I retry failed requests?'), {
    run: true,
    node: true,
    service: true,
    reads: true,
    files: true,
    retry: false,
    failed: false,
    requests: false,
  });
  // Question first, context after; a word in both is the question's.
  assert.deepEqual(contextOf('Why do my requests time out? My requests go through a proxy.'), {
    requests: false,
    time: false,
    go: true,
    proxy: true,
  });
  // With no sentence that asks, the last sentence is the question.
  assert.deepEqual(contextOf('Config lives in yaml files. retry backoff settings'), {
    config: true,
    lives: true,
    yaml: true,
    files: true,
    retry: false,
    backoff: false,
    settings: false,
  });
  // One sentence (a dotted name is not a sentence end) has no context.
  assert.deepEqual(contextOf('set next.config.js output to standalone'), {
    set: false,
    'next.config.js': false,
    output: false,
    standalone: false,
  });
});

test('a sentence of context does not pull the answer away from the question', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-qctx-'));
  dirs.push(dir);
  const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
  try {
    kb.index({
      source: 'service-guide',
      content:
        '# Service guide\n\n## Reading settings files\n\nThe service reads its settings from yaml files at start and talks to the billing APIs.\n',
      format: 'markdown',
    });
    kb.index({
      source: 'http-client',
      content:
        '# HTTP client\n\n## Retries\n\nFailed requests are retried with exponential backoff; set `retries: 5` to try more often.\n',
      format: 'markdown',
    });
    const hits = kb.search(
      'My service reads its settings from yaml files and talks to the billing APIs. How do I retry failed requests?',
      { limit: 1 },
    );
    assert.equal(hits[0]?.title, 'HTTP client > Retries');
    // Context that names the source still points at it.
    const named = kb.search('I use http-client. How are failed requests handled?', { limit: 1 });
    assert.equal(named[0]?.source, 'http-client');
  } finally {
    kb.close();
  }
});
