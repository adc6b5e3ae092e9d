import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyAddress } from '@context-mode/shared/policy/ssrf';

test('::ffff:0:7f00:1 (the ::ffff:0:0/96 form) is loopback, not public (it was classified public)', () => {
  assert.equal(classifyAddress('::ffff:0:7f00:1').class, 'private');
  assert.equal(classifyAddress('[::ffff:0:7f00:1]').class, 'private');
  assert.equal(classifyAddress('::ffff:0:127.0.0.1').class, 'private');
  assert.equal(classifyAddress('::ffff:0:a9fe:a9fe').class, 'blocked'); // 169.254.169.254
  assert.equal(classifyAddress('64:ff9b:1::a00:1').class, 'private'); // 10.0.0.1 via local-use NAT64
  assert.equal(classifyAddress('::ffff:0:808:808').class, 'public'); // 8.8.8.8
});
