import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { sha256Hex } from '../../src/project/sha256-hex.js';

test('sha256Hex equals node:crypto for empty, ASCII, UTF-8 and block-boundary inputs', () => {
  const inputs = ['', 'abc', '/home/user/project', 'C:/Users/Ünïcode/проект/项目/😀'];
  for (let n = 50; n <= 130; n++) inputs.push('x'.repeat(n));
  inputs.push('a'.repeat(10_000));
  for (const s of inputs)
    assert.equal(sha256Hex(s), createHash('sha256').update(s).digest('hex'), JSON.stringify(s.slice(0, 40)));
});
