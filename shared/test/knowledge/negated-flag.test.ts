import assert from 'node:assert/strict';
import { test } from 'node:test';
import { impliedByNegatedFlag } from '../../src/knowledge/negated-flag.js';
import { tempKnowledgeBase } from './temp-knowledge-base.js';

const docsWriteNothing = () => false;

test('a flag written with the no- prefix, or the bare prefix, implies a negation', () => {
  for (const q of [
    'I pass --no-install but get install: false',
    'having "no" before -update sets no-update incorrectly',
    'a flag prefixed by no- has some special handling',
    'Can --no- prefix be treated as a normal option?',
    'cp-like flags: -T, --no-target-directory',
  ])
    assert.deepEqual(impliedByNegatedFlag(q, docsWriteNothing), ['negation'], q);
  for (const q of ['is it non-blocking?', 'use node-fetch here', 'no, it does not work', 'there is no cache'])
    assert.deepEqual(impliedByNegatedFlag(q, docsWriteNothing), [], q);
});

test('a flag the docs write themselves is searched as written, not as its family', () => {
  assert.deepEqual(
    impliedByNegatedFlag('does --no-foo turn into foo=false', (f) => f === 'no-foo'),
    [],
  );
  assert.deepEqual(
    impliedByNegatedFlag('does --no-cache turn into cache=false', (f) => f === 'no-foo'),
    ['negation'],
  );
});

test("a user's own --no- flag, or the bare prefix, finds the section on negated flags", () => {
  const { kb } = tempKnowledgeBase('cm-negated-');
  kb.index({
    source: 'npm:argv-lite',
    content:
      '# argv-lite\n\n## Options\n\n### boolean negation\n\n* default: `true`\n\n' +
      'Should variables prefixed with `--no` be treated as negations?\n\n```console\n$ node example.js --no-foo\n' +
      '{ _: [], foo: false }\n```\n\n### strict\n\nThrow when an argument is passed that was not defined.\n',
    format: 'markdown',
  });
  kb.index({
    source: 'npm:installer',
    content:
      '# installer\n\n## Installing scripts\n\nThe install script receives an argument telling it which scripts to install.\n\n' +
      '## Flags\n\nPass `--install` to run the install step, or `--cache` to reuse what the last run fetched.\n',
    format: 'markdown',
  });
  const first = (q: string) => kb.search(q, { limit: 3 })[0]!;
  const flag = first('I pass a --no-install argument to my script, but I get install: false.');
  assert.match(flag.title, /boolean negation/);
  assert.match(flag.snippet, /prefixed with `--no` be treated as negations/);
  assert.match(
    first('a flag prefixed by no- gets special handling in my script, can I turn it off?').title,
    /negation/,
  );
  // The same questions without the prefix are about installing and flags in general.
  assert.equal(first('I pass an install argument to my script, but I get install: false.').source, 'npm:installer');
  assert.equal(
    first('a flag prefixed by no gets special handling in my script, can I turn it off?').source,
    'npm:installer',
  );
});

test('a pasted list of many no- flags costs a few store lookups, not one per flag', () => {
  let lookups = 0;
  const count = (flag: string) => (lookups++, flag === 'no-never');
  const many = Array.from({ length: 5000 }, (_, i) => `--no-flag${i}`).join(' ');
  assert.deepEqual(impliedByNegatedFlag(many, count), []);
  assert.equal(lookups, 0);
  lookups = 0;
  // One flag pasted many times is one flag.
  assert.deepEqual(impliedByNegatedFlag('--no-cache '.repeat(5000), count), ['negation']);
  assert.equal(lookups, 1);
});

test('a question with one huge pasted word still answers, from the words around it', () => {
  const { kb } = tempKnowledgeBase('cm-huge-word-');
  kb.index({
    source: 'npm:lockfile',
    content: '# lockfile\n\n## lock file\n\nTake the lock file before writing; `--no-wait` fails at once when held.\n',
    format: 'markdown',
  });
  for (const huge of ['ab'.repeat(20000), `--no-${'x'.repeat(40000)}`]) {
    const hits = kb.search(`lock file ${huge}`, { limit: 3 });
    assert.equal(hits[0]?.source, 'npm:lockfile');
  }
});
