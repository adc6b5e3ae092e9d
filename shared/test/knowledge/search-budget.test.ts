import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { formatSearchAnswer, searchBudget, snippetBytesFor } from '../../src/knowledge/format-search.js';
import { openKnowledgeBase } from '../../src/knowledge/open-knowledge-base.js';
import { allocateSnippetBytes } from '../../src/knowledge/snippet-allocation.js';
import type { KnowledgeBase } from '../../src/knowledge/types.js';

const dirs: string[] = [];
const open: KnowledgeBase[] = [];
after(() => {
  for (const kb of open) kb.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** An options section long enough that a small budget must cut it: the option asked about comes last. */
function indexOptionList(): KnowledgeBase {
  const dir = mkdtempSync(join(tmpdir(), 'cm-budget-'));
  dirs.push(dir);
  const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
  open.push(kb);
  const options = Array.from(
    { length: 30 },
    (_, i) => `- \`option${i}\`: sets the widget flavour number ${i} used by the renderer.`,
  );
  options.push('- `keepAliveTimeout`: how long an idle widget connection stays open, in milliseconds.');
  kb.index({ source: 'widgets', content: `# Widgets\n\n## Options\n\n${options.join('\n')}\n`, format: 'markdown' });
  return kb;
}

function answer(kb: KnowledgeBase, query: string, env: NodeJS.ProcessEnv): string {
  const budget = searchBudget(3, 1, env);
  const report = kb.searchWithReport!(query, { limit: 3, snippetBytes: snippetBytesFor(budget, 3, 1) });
  return formatSearchAnswer([{ query, report }], budget);
}

test('CONTEXT_MODE_SEARCH_BUDGET really sets the size of a search answer', () => {
  const kb = indexOptionList();
  const small = answer(kb, 'widget flavour renderer', { CONTEXT_MODE_SEARCH_BUDGET: '600' });
  const large = answer(kb, 'widget flavour renderer', { CONTEXT_MODE_SEARCH_BUDGET: '6000' });
  assert.ok(Buffer.byteLength(small) <= 600, String(Buffer.byteLength(small)));
  assert.ok(
    Buffer.byteLength(large) > 2 * Buffer.byteLength(small),
    `${Buffer.byteLength(large)} vs ${Buffer.byteLength(small)}`,
  );
  assert.ok(Buffer.byteLength(large) <= 6000);
});

test('a larger limit gives a larger answer budget', () => {
  assert.ok(searchBudget(10, 1, {}) > searchBudget(3, 1, {}));
  assert.ok(snippetBytesFor(searchBudget(3, 1, { CONTEXT_MODE_SEARCH_BUDGET: '9000' }), 3, 1) > 1000);
});

test('the default budget shows the option asked about at the end of a long list', () => {
  const kb = indexOptionList();
  const text = answer(kb, 'keepAliveTimeout', {});
  assert.match(text, /keepAliveTimeout`: how long an idle widget connection stays open/);
});

test('snippet bytes go to hits by score, and bytes a short hit leaves pass on to the next', () => {
  const [first, short, last] = allocateSnippetBytes([3, 1, 1], [10_000, 50, 10_000], 400, 120);
  assert.ok(first! > 400, String(first));
  assert.equal(short, 120);
  // Total handed out never exceeds mean × hits, and none of it is left unspent while a hit was cut.
  assert.ok(first! + Math.min(short!, 50) + last! <= 1200, `${first} ${short} ${last}`);
  assert.ok(first! + 50 + last! >= 1200 - 1, `${first} ${short} ${last}`);
});

test('bytes the last hits leave unspent go back to the best hit that was cut', () => {
  const [first, second, third] = allocateSnippetBytes([1, 1, 1], [10_000, 100, 100], 400, 120);
  assert.equal(second, 120);
  assert.equal(third, 120);
  assert.equal(first, 1200 - 100 - 100);
});

test('equal scores split the bytes evenly', () => {
  assert.deepEqual(allocateSnippetBytes([1, 1, 1], [5000, 5000, 5000], 300, 120), [300, 300, 300]);
});

test('a snippet is cut at a line or word end, never inside an identifier', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-budget-'));
  dirs.push(dir);
  const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
  open.push(kb);
  const lines = Array.from(
    { length: 40 },
    (_, i) => `- \`someLongOptionName${i}\` configures the gadget renderer pipeline stage ${i}.`,
  );
  kb.index({ source: 'gadgets', content: `# Gadgets\n\n${lines.join('\n')}\n`, format: 'markdown' });
  for (const bytes of [150, 233, 317, 401]) {
    const snippet = kb.search('unrelatedword gadget', { snippetBytes: bytes, limit: 1 })[0]!.snippet;
    assert.ok(Buffer.byteLength(snippet) <= bytes, `${bytes}: ${Buffer.byteLength(snippet)}`);
    for (const line of snippet.split('\n')) {
      const clean = line.replace(/^…|…$/g, '');
      if (clean)
        assert.match(clean, /^- `someLongOptionName\d+` configures the gadget renderer pipeline stage \d+\.$/, snippet);
    }
  }
});

test('the typo fallback never turns a short real word into another (took → tool) but fixes dropped letters ("took" is not rewritten to "tool")', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-typo-'));
  dirs.push(dir);
  const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
  open.push(kb);
  kb.index({
    source: 'tools',
    content:
      '# Tool\n\nThe tool runs the configuration step.\n\n## Timing\n\nThe build was slow because the cache was cold.',
    format: 'markdown',
  });
  assert.deepEqual(kb.searchWithReport!('why the build took long', { limit: 3 }).corrections, []);
  assert.deepEqual(
    kb.searchWithReport!('configuraton', { limit: 3 }).corrections.map((c) => c.to),
    ['configuration'],
  );
  assert.deepEqual(
    kb.searchWithReport!('tol configuration', { limit: 3 }).corrections.map((c) => c.to),
    [],
  );
  assert.deepEqual(
    kb.searchWithReport!('cahce', { limit: 3 }).corrections.map((c) => c.to),
    ['cache'],
  );
});

test('the typo fallback does not shorten a short word into another (hide → ide) nor rewrite a known English word', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-typo-'));
  dirs.push(dir);
  const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
  open.push(kb);
  kb.index({
    source: 'editors',
    content: '# IDE support\n\nThe ide plugin shows coverage. The remover deletes files.',
    format: 'markdown',
  });
  assert.deepEqual(kb.searchWithReport!('hide covered files', { limit: 3 }).corrections, []);
  // "remove" is in a synonym group: the store only says "remover", and that is not a typo for it.
  assert.deepEqual(kb.searchWithReport!('remove files', { limit: 3 }).corrections, []);
});

test('a trouble report gets more of the result whose caveat answers it, even when it ranks below another', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-budget-'));
  dirs.push(dir);
  const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
  open.push(kb);
  const steps = (which: string, n: number) =>
    Array.from(
      { length: n },
      (_, i) =>
        `- Step ${i}: the ${which} lock file is written next to the target file and refreshed while the lock is held.`,
    ).join('\n');
  const resolving = [
    'Paths are resolved first.',
    ...Array.from(
      { length: 8 },
      (_, i) => `- Resolving rule ${i}: symlinks are followed so two paths to one target share a lock.`,
    ),
    'The target file must already exist when you lock it, unless you pass `realpath: false`:',
    '',
    '```js',
    "await lock('./reports/next.csv', { realpath: false });",
    '```',
  ].join('\n');
  kb.index({
    source: 'lockfile',
    format: 'markdown',
    content: `# lockfile\n\n## Locking a file that exists\n\n${steps('first', 12)}\n\n## Releasing a lock file\n\n${steps('second', 10)}\n\n## Resolving\n\n${resolving}\n`,
  });
  const shown = (query: string) => {
    const { hits } = kb.searchWithReport!(query, { limit: 3, snippetBytes: 500 });
    return new Map(hits.map((h) => [h.title.split(' > ').pop(), h.snippet]));
  };
  const trouble = shown('lock() throws when the file does not exist yet');
  const howTo = shown('lock a file before it exists');
  // The caveat's section ranks 2nd in both; only the trouble report gives it the larger share.
  assert.ok(
    trouble.get('Resolving')!.length > trouble.get('Locking a file that exists')!.length,
    [...trouble].join('\n'),
  );
  assert.ok(howTo.get('Resolving')!.length < howTo.get('Locking a file that exists')!.length, [...howTo].join('\n'));
  assert.match(trouble.get('Resolving')!, /must already exist when you lock it, unless you pass `realpath: false`/);
});
