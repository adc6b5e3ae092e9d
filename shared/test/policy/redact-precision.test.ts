import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { redactSecrets } from '../../src/policy/redact.js';

/**
 * A labelled set: real secret shapes (each must vanish from the text) and look-alike code and prose (each must
 * come back unchanged). Precision and recall are printed; the thresholds are the product's promise.
 * Secret values below are fabricated in each provider's documented format.
 */
const secrets: Array<{ kind: string; text: string; secret: string }> = [
  { kind: 'aws access key id', text: 'aws_access_key_id = AKIAZ7Q2EXAMPLE4KEY9', secret: 'AKIAZ7Q2EXAMPLE4KEY9' },
  {
    kind: 'AWS_SECRET_ACCESS_KEY=',
    text: 'export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY',
    secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY',
  },
  {
    kind: 'bare aws secret in an error',
    text: 'SignatureDoesNotMatch: key Zx81kQ2mNp0vB7yTr4Ls9Hd3Wf6Gc5Jq1Ae8Uo2I rejected',
    secret: 'Zx81kQ2mNp0vB7yTr4Ls9Hd3Wf6Gc5Jq1Ae8Uo2I',
  },
  { kind: 'password in a prompt', text: 'log in as admin, the password is Tr0ub4dor&3 for now', secret: 'Tr0ub4dor&3' },
  { kind: 'password=', text: 'password=hunter2!', secret: 'hunter2!' },
  { kind: 'DB_PASS=', text: 'DB_HOST=db.internal DB_PASS=q9Xv!2mLp', secret: 'q9Xv!2mLp' },
  { kind: 'mysql -p<pass>', text: 'ERROR 1045: mysql -u root -pS3cretPw0rd -h 10.0.0.5 mydb', secret: 'S3cretPw0rd' },
  {
    kind: 'SendGrid',
    text: 'SENDGRID=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',
    secret: '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',
  },
  {
    kind: 'Slack webhook',
    text: 'curl -X POST https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX -d @msg.json',
    secret: 'T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
  },
  {
    kind: 'Azure AccountKey=',
    text: 'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;EndpointSuffix=core.windows.net',
    secret: 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==',
  },
  {
    kind: 'SIGNING_KEY=<hex>',
    text: 'SIGNING_KEY=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    secret: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  },
  {
    kind: 'Google AIza',
    text: 'const maps = load("AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY")',
    secret: 'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY',
  },
  {
    kind: 'npm token',
    text: '//registry.npmjs.org/:_authToken=npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
    secret: 'npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
  },
  {
    kind: 'Hugging Face',
    text: 'HF token hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789 expired',
    secret: 'hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789',
  },
  {
    kind: 'GitLab',
    text: 'git clone https://oauth2:glpat-x1Y2z3A4b5C6d7E8f9G0@gitlab.com/a/b.git',
    secret: 'glpat-x1Y2z3A4b5C6d7E8f9G0',
  },
  {
    kind: 'GitHub',
    text: 'GH_TOKEN ghp_16C7e42F292c6912E7710c838347Ae178B4a used',
    secret: 'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
  },
  {
    kind: 'private key',
    text: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU\n-----END OPENSSH PRIVATE KEY-----',
    secret: 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmU',
  },
  {
    kind: 'Bearer',
    text: 'Authorization: Bearer 8f2a9c1d7e6b5a4f3e2d1c0b9a8f7e6d',
    secret: '8f2a9c1d7e6b5a4f3e2d1c0b9a8f7e6d',
  },
  { kind: 'URL credentials', text: 'postgres://app:pa55w0rd@db.local:5432/app', secret: 'pa55w0rd' },
  { kind: 'Stripe', text: 'stripe key sk_live_4eC39HqLyjWDarjtT1zdp7dc', secret: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc' },
  {
    kind: 'Slack bot token',
    text: 'SLACK=xoxb-2048-1234567890-AbCdEfGhIjKl',
    secret: 'xoxb-2048-1234567890-AbCdEfGhIjKl',
  },
  { kind: 'quoted api key in code', text: "const apiKey = 'AbC123xyz987';", secret: 'AbC123xyz987' },
  { kind: '--password flag', text: 'pg_dump --password=Zq8!rT2w db', secret: 'Zq8!rT2w' },
  {
    kind: 'JWT',
    text: 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    secret: 'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  },
];

const lookAlikes = [
  'type DotToken = PunctuationToken<SyntaxKind.DotToken>;',
  'type QuestionDotToken = PunctuationToken<SyntaxKind.QuestionDotToken>;',
  'DotToken = 25,',
  'let token = scanner2.scan();',
  'return currentToken = scanner2.scanJsDocToken();',
  'contextToken = parent2;',
  'const splitToken = children[splitTokenIndex];',
  'const exclamationToken = !questionToken && !scanner.hasPrecedingLineBreak();',
  '// Basic\n  targetOptionDeclaration,',
  'password: string;',
  'interface User { password: string; token?: string }',
  'password = req.body.password',
  'const token = getToken();',
  'password=${DB_PASSWORD}',
  'api_key: process.env.API_KEY',
  '"tokenizer": "porter"',
  'max_tokens=4096',
  'The password: must be at least 12 characters long.',
  'Enter your password below and press continue.',
  'Set the token in your environment before running.',
  'PWD=/home/dev/project OLDPWD=/home/dev',
  'commit 3f786850e387550fdab836ed7e6dc881de23001b',
  'integrity sha512-Zx81kQ2mNp0vB7yTr4Ls9Hd3Wf6Gc5Jq1Ae8Uo2I+dGVsb3bGx0cnVlIGZvciBhIHRlc3Q=',
  'mysql -u root -p mydb',
  'API_KEY=your-api-key-here',
  'bypass=true compass=north',
  'src/components/forms/TextInputField.tsx',
  'secretOfLife = computeAnswer(42)',
  '"author": "Jane Doe <jane@example.com>"',
  'https://example.com/docs/api',
];

test('redaction precision and recall on a labelled set (real secrets vs look-alike code)', () => {
  let found = 0;
  const missed: string[] = [];
  for (const s of secrets) {
    const out = redactSecrets(s.text).text;
    if (out.includes(s.secret)) missed.push(`${s.kind}: ${out}`);
    else found++;
  }
  let falsePositives = 0;
  const corrupted: string[] = [];
  for (const text of lookAlikes) {
    const r = redactSecrets(text);
    if (r.count > 0 || r.text !== text) {
      falsePositives += Math.max(1, r.count);
      corrupted.push(`${text} → ${r.text}`);
    }
  }
  const recall = found / secrets.length;
  const precision = found / (found + falsePositives);
  console.log(
    `redaction recall ${(recall * 100).toFixed(1)}% (${found}/${secrets.length}), precision ${(precision * 100).toFixed(1)}% (${falsePositives} false positives in ${lookAlikes.length} look-alikes)`,
  );
  assert.deepEqual(missed, [], 'every secret kind is redacted');
  assert.deepEqual(corrupted, [], 'look-alike code is left intact');
});

test("TypeScript's own lib/*.d.ts is stored without a single redaction (it once had 78 false secrets)", () => {
  const lib = dirname(createRequire(import.meta.url).resolve('typescript/lib/typescript.d.ts'));
  const files = readdirSync(lib).filter((f) => f.endsWith('.d.ts'));
  assert.ok(files.length > 50);
  const hits: string[] = [];
  for (const f of files) {
    const text = readFileSync(join(lib, f), 'utf8');
    const r = redactSecrets(text);
    if (r.count) hits.push(`${f}: ${r.count}`);
  }
  assert.deepEqual(hits, []);
});
