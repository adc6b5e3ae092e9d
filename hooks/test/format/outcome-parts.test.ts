import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redirectMessage, unwrapEcho } from '../../src/format/outcome-parts.js';

test('a redirect echo is unwrapped to the guidance the model should read', () => {
  assert.equal(
    unwrapEcho('echo "context-mode: call ctx_execute(code: \\"ls\\")"'),
    'context-mode: call ctx_execute(code: "ls")',
  );
  assert.equal(unwrapEcho("echo 'plain text'"), 'plain text');
  assert.equal(unwrapEcho('echo "cost \\$5 and a \\\\ backslash"'), 'cost $5 and a \\ backslash');
});

test('commands that are not a single echo are genuine rewrites', () => {
  assert.equal(unwrapEcho('echo "a" && rm -rf x'), undefined);
  assert.equal(unwrapEcho('npm test 2>&1 | tail -30'), undefined);
  assert.equal(unwrapEcho('echo "unterminated'), undefined);
  assert.equal(redirectMessage({ action: 'modify', updatedInput: { prompt: 'x' } }), undefined);
  assert.equal(redirectMessage({ action: 'deny', reason: 'r' }), undefined);
});

test("a single-quoted redirect with embedded quotes ('\\'') is unwrapped", () => {
  assert.equal(unwrapEcho("echo 'it'\\''s ctx_search(\"x\")'"), 'it\'s ctx_search("x")');
  assert.equal(unwrapEcho("echo 'a' 'b'"), undefined);
});
