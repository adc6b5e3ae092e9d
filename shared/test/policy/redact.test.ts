import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactSecrets } from '../../src/policy/redact.js';

// [input, expected output]: what a user would be upset to find stored, and what must be left alone.
const redacted: Array<[string, string]> = [
  ['password=hunter2!', 'password=[REDACTED]'],
  ['DB_PASSWORD=s3cr3tValue', 'DB_PASSWORD=[REDACTED]'],
  ['curl "https://x.dev/?api_key=abcd1234efgh&x=1"', 'curl "https://x.dev/?api_key=[REDACTED]&x=1"'],
  ['{"password": "correct horse battery"}', '{"password": "[REDACTED]"}'],
  ["const apiKey = 'AbC123xyz987';", "const apiKey = '[REDACTED]';"],
  ['client_secret: 9f8e7d6c5b4a', 'client_secret: [REDACTED]'],
  ['token: ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'token: [REDACTED]'],
  ['AWS key AKIAIOSFODNN7EXAMPLE here', 'AWS key [REDACTED] here'],
  ['OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwx', 'OPENAI_API_KEY=[REDACTED]'],
  ['key sk-ant-api03-abcdefghijklmnopqrstuvwxyz', 'key [REDACTED]'],
  ['Authorization: Bearer abcdefghijklmnop1234567890', 'Authorization: Bearer [REDACTED]'],
  ['postgres://admin:pa55word@db.local:5432/app', 'postgres://admin:[REDACTED]@db.local:5432/app'],
  ['slack xoxb-1234567890-abcdefghij', 'slack [REDACTED]'],
  ['stripe sk_live_abcdefghijklmnop1234', 'stripe [REDACTED]'],
  [
    'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    'jwt [REDACTED]',
  ],
];

// Look-alikes that must stay intact are in redact-precision.test.ts (the labelled set).

for (const [input, expected] of redacted) {
  test(`redacts: ${input.slice(0, 50)}`, () => {
    const r = redactSecrets(input);
    assert.equal(r.text, expected);
    assert.ok(r.count >= 1);
  });
}

test('private key blocks are replaced whole, keeping their markers', () => {
  const key = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1234\nabcdEFGH5678\n-----END RSA PRIVATE KEY-----';
  const r = redactSecrets(`before\n${key}\nafter`);
  assert.equal(r.text, 'before\n-----BEGIN RSA PRIVATE KEY-----\n[REDACTED]\n-----END RSA PRIVATE KEY-----\nafter');
  assert.equal(r.count, 1);
  assert.equal(
    redactSecrets('-----BEGIN OPENSSH PRIVATE KEY-----\nabc').text,
    '-----BEGIN OPENSSH PRIVATE KEY-----\n[REDACTED]\n-----END OPENSSH PRIVATE KEY-----',
  );
});
