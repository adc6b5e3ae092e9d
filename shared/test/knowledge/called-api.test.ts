import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calledNames, headingNamesCall } from '../../src/knowledge/called-api.js';
import { tempKnowledgeBase } from './temp-knowledge-base.js';

test('the names a pasted call uses are the API, not the language around it', () => {
  assert.deepEqual(calledNames('if (!user) return next(createError.NotFound("User not found"));'), [
    'next',
    'createerror',
    'notfound',
  ]);
  assert.deepEqual(calledNames("const open = require('open'); fn(x)"), []);
  assert.deepEqual(calledNames('how do I set the request timeout'), []);
  assert.equal(headingNamesCall('how do I set the request timeout'), undefined);
});

test('a heading names the call only with the exact name, after an owner', () => {
  const names = headingNamesCall('running lockFile.lock(`${__dirname}/file.js`) fails')!;
  assert.equal(names('proper-lockfile > Usage > .lock(file, [options])'), true);
  assert.equal(names('proper-lockfile > Usage > lockfile.lock(file)'), true);
  assert.equal(names('proper-lockfile > Usage > .unlock(file, [options])'), false);
  assert.equal(names('proper-lockfile > Usage > locking strategy'), false);
  // Only the section's own heading: a parent named after the API does not make every child about it.
  assert.equal(names('lock > Usage > Options'), false);
});

test('a question that pastes a call finds the section headed by that API first', () => {
  const { kb } = tempKnowledgeBase('cm-called-');
  kb.index({
    source: 'npm:http-errors-lite',
    content:
      '# http-errors-lite\n\n## Example\n\nCreate an error and send the message with `next(err)` from your route.\n\n' +
      '## API\n\n### createError([status], [message], [properties])\n\n' +
      'Create a new error object with the given message. `properties` - custom properties to attach to the object\n',
    format: 'markdown',
  });
  kb.index({
    source: 'npm:other-lib',
    content: '# other-lib\n\n## Getting support\n\nWant the message in a different structure? Open an issue.\n',
    format: 'markdown',
  });
  const asked = (call: string) =>
    kb.search(`How to send the message in a different structure? Instead of ${call} I want an object`, { limit: 3 });
  // The same words without the call's parentheses: the API section is one near-tie among three.
  assert.equal(asked('return next createError.NotFound "User not found"')[0]!.source, 'npm:other-lib');
  const hits = asked('return next(createError.NotFound("User not found"))');
  assert.match(hits[0]!.title, /createError\(\[status\]/);
  assert.match(hits[0]!.snippet, /custom properties to attach/);
});

test('a long pasted text without a call (a token, a minified line, a dotted path) is read in linear time', () => {
  const n = 100_000;
  for (const text of [
    'a'.repeat(n),
    'a.'.repeat(n / 2) + 'b',
    'a.'.repeat(n / 2) + '(',
    'a.'.repeat(n / 4) + '..b(x)',
  ]) {
    const t = performance.now();
    calledNames(text);
    headingNamesCall(text)?.('a'.repeat(n));
    assert.ok(performance.now() - t < 1000, `${text.slice(0, 12)}… took ${Math.round(performance.now() - t)} ms`);
  }
  // The same names as before: the leftmost chain ending right before the paren.
  assert.deepEqual(calledNames('x 12abc.def.ghi (1) foo..bar( a.1b( lib.method.( $q.fn2( '), [
    'abc',
    'def',
    'ghi',
    'bar',
    'fn2',
  ]);
});
