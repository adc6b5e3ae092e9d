import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildSnippet, isBoilerplateLine, withoutBoilerplate } from '../../src/knowledge/snippet.js';
import { termMatcher } from '../../src/knowledge/term-match.js';

const options = Array.from(
  { length: 30 },
  (_, i) => `* \`option${i}\` {boolean} Controls stage ${i} of the pipeline. **Default:** \`false\`.`,
);

test('a snippet shows the list item that names the asked option, however far down the list it is', () => {
  const text = [
    'The following options are supported:',
    ...options.slice(0, 25),
    '* `strict` {boolean} Throw on unknown arguments.',
    '  **Default:** `true`.',
    ...options.slice(25),
  ].join('\n');
  const s = buildSnippet(text, [termMatcher('strict'), termMatcher('default')], 300, [3, 0.5]);
  assert.ok(Buffer.byteLength(s) <= 300, String(Buffer.byteLength(s)));
  assert.match(s, /`strict` \{boolean\} Throw on unknown arguments\./);
  // The line right after a match (its default) comes along as context.
  assert.match(s, /\*\*Default:\*\* `true`/);
});

test('several disjoint windows are joined with "…" and rarer words win the room', () => {
  const filler = Array.from({ length: 40 }, (_, i) => `Line ${i} talks about nothing in particular at all.`);
  const text = [
    ...filler.slice(0, 10),
    'The alpha setting lives here.',
    ...filler.slice(10, 30),
    'The zeta knob is documented here.',
    ...filler.slice(30),
  ].join('\n');
  const s = buildSnippet(text, [termMatcher('alpha'), termMatcher('zeta')], 200);
  assert.match(s, /alpha setting/);
  assert.match(s, /zeta knob/);
  assert.match(s, /…/);
});

test('badge, image and link-definition lines are dropped from snippets', () => {
  assert.ok(
    isBoilerplateLine(
      '[![npm](https://img.shields.io/npm/v/x.svg)](https://npmjs.com/x) [![ci](https://x/ci.svg)](https://x)',
    ),
  );
  assert.ok(isBoilerplateLine('[ci-url]: https://github.com/x/y/actions'));
  assert.ok(isBoilerplateLine('|---|:---:|'));
  assert.ok(!isBoilerplateLine('|418 |ImATeapot |'));
  assert.ok(!isBoilerplateLine('See [the docs](https://x) for more.'));
  const text = `${'[![badge](https://img.shields.io/x.svg)](https://x)\n'.repeat(20)}Install with npm install thing.\n${'[x]: https://example.com/x\n'.repeat(20)}`;
  const s = buildSnippet(text, [termMatcher('install')], 200);
  assert.doesNotMatch(s, /shields|example\.com/);
  assert.match(s, /Install with npm install thing\./);
});

test('a table row holding the term is found', () => {
  const rows = Array.from({ length: 60 }, (_, i) => `|${400 + i} |Status${i} |`);
  rows[18] = '|418 |ImATeapot |';
  const s = buildSnippet(['|Code|Name|', '|---|---|', ...rows].join('\n'), [termMatcher('418')], 150);
  assert.match(s, /\|418 \|ImATeapot \|/);
});

test('withoutBoilerplate keeps prose and code, drops badge rows and link definitions', () => {
  const text =
    '[![ci](https://x/ci.svg)](https://x)\nReal text here.\n```\n[x]: not a link definition inside code\n```\n[ci-url]: https://x/ci';
  assert.equal(withoutBoilerplate(text), 'Real text here.\n```\n[x]: not a link definition inside code\n```');
});

test('a matching sentence inside a list item comes with the item head that names the option', () => {
  const pad = Array.from(
    { length: 12 },
    (_, i) =>
      `* \`other${i}\`: \`true\` to tweak unrelated behaviour number ${i} of the differ. Defaults to \`false\`.`,
  );
  const item =
    '* `stripTrailingCr`: `true` to remove all trailing CR characters before performing the diff. Defaults to `false`. This helps to get a useful diff when diffing UNIX text files against Windows text files.';
  const text = [...pad.slice(0, 6), item, ...pad.slice(6)].join('\n');
  const s = buildSnippet(text, [termMatcher('unix'), termMatcher('windows')], 260, [5, 5]);
  assert.ok(Buffer.byteLength(s) <= 260, String(Buffer.byteLength(s)));
  assert.match(s, /`stripTrailingCr`/);
  assert.match(s, /Windows text files/);
});

test('a snippet finds a word inside a camelCase name (cache → LRUCache), but only when asked for humps', () => {
  const filler = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} describes walking directories quickly.`);
  const text = [
    ...filler.slice(0, 20),
    'Entries are kept in an `LRUCache` sized by the childrenCacheSize option.',
    ...filler.slice(20),
  ].join('\n');
  assert.match(buildSnippet(text, [termMatcher('cache', { humps: true })], 150), /LRUCache/);
  assert.ok(!termMatcher('cache').test('LRUCache'));
  // A hump is a capital after a lower-case letter, not any run of letters.
  assert.ok(!termMatcher('cache', { humps: true }).test('a headcache'));
});

test('a note the docs repeat under several options is shown once, and its room goes to the next matching line', () => {
  const note = '  > A numeric value is interpreted as a seconds count, a string needs its time unit.';
  const text = [
    '* `expiresIn`: when the token expires.',
    note,
    '* `notBefore`: when the token starts to be valid.',
    note,
    '* `maxAge`: the oldest token accepted.',
    note,
    ...options,
    '* `clockTolerance`: seconds of clock skew to tolerate.',
  ].join('\n');
  const s = buildSnippet(text, [termMatcher('seconds')], 260, [1]);
  assert.equal(s.split('A numeric value is interpreted').length - 1, 1, s);
  assert.match(s, /`clockTolerance`: seconds of clock skew/);
});

test('for a question reporting trouble, the caveat among equally matching lines gets the room', () => {
  const text = [
    'Patterns are matched against each path in the list.',
    'A pattern like `*.env` matches any path ending in `.env` in the folder.',
    'Patterns with slashes are matched against the whole path, from the current folder.',
    'Patterns are compiled once and matched many times, so keep the matcher around.',
    'Paths starting with a dot are never matched unless the `dot` option is set.',
    'Patterns can be negated with a leading `!`, which flips the match of the whole pattern.',
  ].join('\n');
  const matchers = [termMatcher('pattern'), termMatcher('match'), termMatcher('path')];
  const howTo = buildSnippet(text, matchers, 160);
  const trouble = buildSnippet(text, matchers, 160, undefined, { preferCaveats: true });
  assert.doesNotMatch(howTo, /unless the `dot` option is set/);
  assert.match(trouble, /Paths starting with a dot are never matched unless the `dot` option is set\./);
});

test('a section named after an API shows its opening sentence, which says what the API does', () => {
  const text = [
    '(Synchronous) Returns the decoded payload without verifying if the signature is valid.',
    '',
    'The token is split at its dots and each part is base64url-decoded; nothing is checked against a key or a clock.',
    '',
    '> __Warning:__ You should __not__ use this for untrusted messages. You most likely want `jwt.verify` instead.',
    '',
    '`token` is the JsonWebToken string',
    '',
    ...options.slice(0, 6),
    '* `json`: force JSON.parse on the payload even if the header doesn\'t contain `"typ":"JWT"`.',
    ...options.slice(6, 12),
  ].join('\n');
  const matchers = ['untrusted', 'messages', 'header'].map((w) => termMatcher(w));
  const shown = (title: string) => buildSnippet(text, matchers, 400, [4, 4, 1], { title });
  assert.match(shown('Usage > jwt.decode(token [, options])'), /Returns the decoded payload without verifying/);
  assert.match(shown('Options > complete'), /Returns the decoded payload without verifying/);
  // A plain title opens with an introduction, and a later part of a split section does not open it at all.
  assert.doesNotMatch(shown('Usage > Decoding'), /Returns the decoded payload/);
  assert.doesNotMatch(shown('Usage > jwt.decode(token [, options]) (2)'), /Returns the decoded payload/);
});

test('the example under a sentence that names the API is shown, not only the sentence', () => {
  const filler = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} covers another method of the address object.`);
  const text = [
    ...filler.slice(0, 6),
    'The `contains(block)` method tells whether the address lies in a given subnet block.',
    'Pair it with `parseBlock(text)`, which reads an address together with its subnet block length.',
    '',
    'For example:',
    '',
    '```js',
    "const ip = netaddr.parse('10.1.2.3');",
    '',
    "ip.contains(netaddr.parseBlock('10.0.0.0/8')); // true",
    '```',
    '',
    ...filler.slice(6),
  ].join('\n');
  // "check whether an address is inside a subnet block"
  const words = ['address', 'inside', 'subnet', 'block', 'check'];
  const s = buildSnippet(
    text,
    words.map((w) => termMatcher(w, { humps: true })),
    300,
    [0.5, 1, 2, 4, 1],
  );
  assert.ok(Buffer.byteLength(s) <= 300, String(Buffer.byteLength(s)));
  assert.match(s, /lies in a given subnet block/);
  // The code line calling the API repeats words the sentences already showed; it is still the answer to "how".
  assert.match(s, /ip\.contains\(netaddr\.parseBlock\('10\.0\.0\.0\/8'\)\)/);
});
