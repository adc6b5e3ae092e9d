import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorMessage } from '@context-mode/shared/errors/error-message';

test('the message of anything thrown: an Error, an empty Error, a string, an object, a stack on request', () => {
  assert.equal(errorMessage(new Error('disk full')), 'disk full');
  assert.equal(errorMessage(new TypeError('')), 'TypeError');
  assert.equal(errorMessage('plain text'), 'plain text');
  assert.equal(errorMessage(42), '42');
  assert.equal(errorMessage(undefined), 'undefined');
  const withStack = errorMessage(new Error('boom'), { stack: true });
  assert.match(withStack, /^Error: boom\n\s+at /);
  assert.equal(errorMessage('no stack here', { stack: true }), 'no stack here');
});
