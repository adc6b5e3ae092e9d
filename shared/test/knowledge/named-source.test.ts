import assert from 'node:assert/strict';
import { test } from 'node:test';
import { namedSources, sourceNames } from '../../src/knowledge/named-source.js';
import { tempKnowledgeBase } from './temp-knowledge-base.js';

test('a source goes by its package name (and, scoped, the name after the scope) or its file name', () => {
  assert.deepEqual(sourceNames('npm:yargs-parser'), ['yargs-parser']);
  assert.deepEqual(sourceNames('npm:@hono/node-server'), ['@hono/node-server', 'node-server']);
  assert.deepEqual(sourceNames('file:docs/setup.md'), ['setup.md']);
  assert.deepEqual(sourceNames('fetch:https://example.com/docs'), []);
});

test('only the whole name counts, and an ordinary word only when no other source uses it as one', () => {
  const rows = [
    { label: 'npm:yargs-parser', title: 'Configuration', content: 'boolean-negation: treat --no-foo as foo=false' },
    { label: 'npm:eventsource-parser', title: 'Usage', content: 'Create a parser and feed it chunks.' },
    { label: 'npm:open', title: 'Options', content: 'wait: wait for the opened app to exit' },
    { label: 'npm:chalk', title: 'Levels', content: 'Set chalk.level to 0 to disable colors.' },
  ];
  assert.deepEqual(
    [...namedSources('Why does yargs-parser treat --no-install as a negation?', rows)],
    ['npm:yargs-parser'],
  );
  // "parser" alone names neither parser package.
  assert.deepEqual([...namedSources('which parser handles --no- flags?', rows)], []);
  // "chalk" appears in no other source's text: a name. "open" appears nowhere else either here.
  assert.deepEqual(
    [...namedSources('Is it possible to disable chalk using an environment variable?', rows)],
    ['npm:chalk'],
  );
  // "open" used as a verb while another source says "opened": still only the word, not the package, counts.
  rows.push({ label: 'npm:proper-lockfile', title: 'Usage', content: 'The file is opened and we open a lock.' });
  assert.deepEqual([...namedSources('how do I open a website and exit?', rows)], []);
});

test('a question naming a package puts that package’s matching section first', () => {
  const { kb } = tempKnowledgeBase('cm-named-');
  kb.index({
    source: 'npm:other-lib',
    content: '# Options\n\n## timeout\n\nSet the timeout for every request, in milliseconds, with a default timeout.\n',
    format: 'markdown',
  });
  kb.index({
    source: 'npm:fetch-retry-lite',
    content:
      '# fetch-retry-lite\n\n## Usage\n\nRetries a request; pass `{ retries: 3 }`. Each try waits for a timeout.\n',
    format: 'markdown',
  });
  const plain = kb.search('how do I set the request timeout', { limit: 2 });
  assert.equal(plain[0]?.source, 'npm:other-lib');
  const named = kb.search('how do I set the request timeout in fetch-retry-lite', { limit: 2 });
  assert.equal(named[0]?.source, 'npm:fetch-retry-lite');
});
