import assert from 'node:assert/strict';
import { test } from 'node:test';
import { namedSources, sourceNames } from '../../src/knowledge/named-source.js';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { indexPath } from '../../src/knowledge/index-path.js';
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

test('a directory’s files go by the label it was indexed under, and a file under node_modules by its package', () => {
  assert.deepEqual(sourceNames('pino:docs/redaction.md'), ['pino', 'redaction.md']);
  assert.deepEqual(sourceNames('npm:pino:docs/api.md'), ['pino', 'api.md']);
  assert.deepEqual(sourceNames('npm:@fastify/cookie:README.md'), ['@fastify/cookie', 'readme.md']);
  assert.deepEqual(sourceNames('file:node_modules/pino/docs/api.md'), ['pino', 'api.md']);
  assert.deepEqual(sourceNames('file:node_modules/@hono/node-server/README.md'), [
    '@hono/node-server',
    'node-server',
    'readme.md',
  ]);
  // One file per label, named by package and path.
  assert.deepEqual(sourceNames('npm:pino/docs/api.md'), ['pino', 'api.md']);
  assert.deepEqual(sourceNames('npm:@hono/node-server/docs/api.md'), ['@hono/node-server', 'node-server', 'api.md']);
  assert.deepEqual(sourceNames('pino/docs/api.md'), ['pino', 'api.md']);
  assert.deepEqual(sourceNames('npm:@hono/node-server'), ['@hono/node-server', 'node-server']);
  // fetch_and_index under a label of the user's.
  assert.deepEqual(sourceNames('pino::https://getpino.io/#/docs/api'), ['pino']);
  // The product's own kinds are not names, nor is a file path's drive letter.
  assert.deepEqual(sourceNames('batch:20261206T101010Z-abc123'), []);
  assert.deepEqual(sourceNames('hook:Bash:20261206T101010Z-abc123'), []);
  assert.deepEqual(sourceNames('manual:0123456789'), []);
  assert.deepEqual(sourceNames('file:C:\\work\\docs\\setup.md'), ['setup.md']);
});

test('a question naming a package puts its section first when its docs are a directory of files', async () => {
  const { kb } = tempKnowledgeBase('cm-named-dir-');
  const root = mkdtempSync(join(tmpdir(), 'cm-named-docs-'));
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  // Two packages' docs, several files each; only the other package's file talks about hiding fields at length.
  write('node_modules/quiet-log/README.md', '# quiet-log\n\nA small logger. See docs/ for the options.\n');
  write(
    'node_modules/quiet-log/docs/redaction.md',
    '# Redaction\n\nPass `redact: ["password"]` to hide a field of every log line.\n',
  );
  write('node_modules/quiet-log/docs/transports.md', '# Transports\n\nWrite log lines to a file or a stream.\n');
  write(
    'node_modules/form-kit/docs/fields.md',
    '# Fields\n\nHide a field of a form: set `hidden: true` on the field. A hidden field is still sent with the form; hide a password field with `type: "password"`.\n',
  );
  try {
    // Each package's folder indexed on its own, as `ctx_index path: node_modules/<pkg>` does.
    for (const pkg of ['quiet-log', 'form-kit'])
      await indexPath(kb, join(root, 'node_modules', pkg), { projectRoot: root });
    const q = 'how do I hide the password field in quiet-log';
    const plain = kb.search('how do I hide the password field', { limit: 3 });
    assert.equal(plain[0]?.source, 'file:node_modules/form-kit/docs/fields.md');
    const named = kb.search(q, { limit: 3 });
    assert.equal(named[0]?.source, 'file:node_modules/quiet-log/docs/redaction.md', JSON.stringify(named, null, 1));
    // The same docs indexed under a label of the user's.
    const { kb: labelled } = tempKnowledgeBase('cm-named-label-');
    await indexPath(labelled, join(root, 'node_modules', 'quiet-log'), { projectRoot: root, source: 'quiet-log' });
    await indexPath(labelled, join(root, 'node_modules', 'form-kit'), { projectRoot: root, source: 'form-kit' });
    assert.equal(labelled.search(q, { limit: 3 })[0]?.source, 'quiet-log:docs/redaction.md');
    // …and each file's text indexed on its own, labelled by package and path (`npm:quiet-log/docs/redaction.md`).
    const { kb: perFile } = tempKnowledgeBase('cm-named-files-');
    for (const rel of [
      'quiet-log/README.md',
      'quiet-log/docs/redaction.md',
      'quiet-log/docs/transports.md',
      'form-kit/docs/fields.md',
    ])
      perFile.index({
        source: `npm:${rel}`,
        content: readFileSync(join(root, 'node_modules', rel), 'utf8'),
        format: 'markdown',
      });
    assert.equal(perFile.search(q, { limit: 3 })[0]?.source, 'npm:quiet-log/docs/redaction.md');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
