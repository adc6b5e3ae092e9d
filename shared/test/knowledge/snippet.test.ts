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

test('the code block a matching sentence introduces is shown before other lines that only repeat the words', () => {
  const text = [
    'Node.js adapter notes.',
    '',
    'Port numbers below 1024 need root on most systems.',
    '',
    'A port already in use makes the server fail to start.',
    '',
    'To listen on another port, pass it to serve:',
    '',
    '```ts',
    'serve({ fetch: app.fetch, port: 8787 })',
    '```',
    '',
    'The default port is taken from the environment when set.',
    '',
    'Each port can serve one process at a time.',
  ].join('\n');
  const s = buildSnippet(text, [termMatcher('port'), termMatcher('listen')], 170, [2, 1]);
  assert.ok(Buffer.byteLength(s) <= 170, String(Buffer.byteLength(s)));
  assert.match(s, /To listen on another port, pass it to serve:/);
  assert.match(s, /serve\(\{ fetch: app\.fetch, port: 8787 \}\)/);
});

test('the rest of a matching sentence’s list item comes before a distant line repeating a word', () => {
  const text = [
    'Options for sign:',
    '* `expiresIn`: expressed in seconds or a string describing a time span. A numeric value is interpreted as a seconds count.',
    '* `notBefore`: expressed in seconds or a string describing a time span.',
    '* `audience`: the intended audience.',
    'There are no default values for expiresIn, notBefore or audience.',
    'Tokens can also carry an expiresIn given in the payload as exp.',
  ].join('\n');
  const s = buildSnippet(text, [termMatcher('expiresIn'), termMatcher('seconds')], 190, [3, 1]);
  assert.ok(Buffer.byteLength(s) <= 190, String(Buffer.byteLength(s)));
  assert.match(s, /A numeric value is interpreted as a seconds count\./);
});

test('a code line is never cut inside, and a line repeated word for word is shown once', () => {
  const call = `const token = jwt.sign({ sub: user.id, scope: ['read', 'write'] }, privateKey, { algorithm: 'RS256', expiresIn: '1h', issuer: 'urn:example:issuer', audience: 'urn:example:audience', keyid: 'main-2024' });`;
  const text = [
    'Sign with a private key:',
    '```js',
    call,
    '```',
    ...Array.from({ length: 12 }, (_, i) => `Note ${i}: the algorithm option must match the key type.`),
  ].join('\n');
  const s = buildSnippet(text, [termMatcher('algorithm'), termMatcher('sign')], 400, [2, 1]);
  assert.ok(Buffer.byteLength(s) <= 400, String(Buffer.byteLength(s)));
  // The call is either shown whole or not at all.
  assert.ok(!s.includes('jwt.sign(') || s.includes(call), s);

  const repeated = [
    'Eg: `60`, `"2 days"`, `"10h"`, `"7d"` are all accepted here.',
    'expiresIn sets when the token expires.',
    'Eg: `60`, `"2 days"`, `"10h"`, `"7d"` are all accepted here.',
    'notBefore sets when the token starts to be valid.',
    ...Array.from({ length: 10 }, (_, i) => `Unrelated line ${i} about something else entirely.`),
  ].join('\n');
  const r = buildSnippet(repeated, [termMatcher('expiresIn'), termMatcher('notBefore')], 260);
  assert.equal(r.split('"2 days"').length - 1, 1, r);
});
