import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PROGRAM_RULES } from '../../src/routing/flood-rules.js';
import { findShellFlood } from '../../src/routing/shell-floods.js';

test('each program has exactly one rule, and each rule says what it catches', () => {
  const seen = new Map<string, string>();
  for (const { programs, catches } of PROGRAM_RULES) {
    assert.ok(programs.length > 0 && catches.trim().length > 0, `an entry without programs or a description`);
    for (const program of programs) {
      assert.equal(seen.get(program), undefined, `${program} is listed twice: "${seen.get(program)}" and "${catches}"`);
      seen.set(program, catches);
    }
  }
});

test('a program named like a built-in object property is not mistaken for a rule', () => {
  for (const name of ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'])
    assert.equal(findShellFlood(`${name} something`), undefined, name);
});

test('cmdlets are looked up whatever their case, and other programs by their exact name', () => {
  assert.equal(findShellFlood('Invoke-WebRequest https://example.com/docs')?.kind, 'http-to-stdout');
  assert.equal(findShellFlood('CURL https://example.com/docs'), undefined);
});
