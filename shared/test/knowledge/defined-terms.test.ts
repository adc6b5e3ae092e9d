import assert from 'node:assert/strict';
import { test } from 'node:test';
import { definitionMatcher, definitionTests, namedTerms } from '../../src/knowledge/defined-terms.js';
import { buildFtsQuery } from '../../src/knowledge/fts-query.js';
import { buildSnippet } from '../../src/knowledge/snippet.js';
import { termMatcher } from '../../src/knowledge/term-match.js';

function termsOf(question: string) {
  const q = buildFtsQuery(question);
  assert.ok(!q.empty);
  return q.terms;
}

test('the names a question asks about are its identifiers, dotted or dashed words, backticked words and --flags', () => {
  const question = 'Why does `dot` not apply when I pass expiresIn to jwt.sign with --no-cache set?';
  const names = namedTerms(question, termsOf(question)).map((t) => t.lower);
  assert.deepEqual(names.sort(), ['dot', 'expiresin', 'jwt.sign', 'no-cache'].sort());
});

test('a line defines a name when it starts with it, not when it only uses it or names a longer one', () => {
  const [applyPatch] = termsOf('applyPatch');
  const re = definitionMatcher(applyPatch!);
  assert.ok(re.test('* `applyPatch(source, patch[, options])` - attempts to apply a unified diff patch.'));
  assert.ok(re.test('| `applyPatch` | applies a patch |'));
  assert.ok(!re.test('* `applyPatches(patch, options)` - applies one or more patches.'));
  assert.ok(!re.test('Call `applyPatch` after parsing.'));
});

test('a question naming an option of a long section gets that option’s own note, not prose repeating its words', () => {
  const question = 'what metric is the token expiration value in expiresIn, seconds or milliseconds?';
  const terms = termsOf(question);
  const filler = Array.from({ length: 10 }, (_, i) => `* \`claim${i}\`: sets claim number ${i} of the payload.`);
  const text = [
    'Signs the payload. The token expiration value is read from the options.',
    'A token without an expiration value never expires, so set one.',
    'Expiration values of a token are checked when the token is verified.',
    ...filler.slice(0, 5),
    '* `expiresIn`: the lifetime.',
    '  > A numeric value is interpreted as a seconds count; a string needs its unit, such as "2 days".',
    ...filler.slice(5),
    'Tokens signed with an expiration value carry an `exp` claim.',
    'Expired tokens fail verification with an error naming the expiration value.',
  ].join('\n');
  const words = terms.map((t) => (t.parts.length ? t.parts.join(' ') : t.lower));
  const matchers = words.map((w) => termMatcher(w, { humps: true }));
  const weights = words.map((w) => (w === 'seconds' ? 0.5 : w === 'expires in' ? 3 : 1.5));
  const definitions = definitionTests(namedTerms(question, terms), () => 3);
  const withNames = buildSnippet(text, matchers, 300, weights, { definitions });
  assert.ok(Buffer.byteLength(withNames) <= 300);
  assert.match(withNames, /`expiresIn`: the lifetime\.\n\s*> A numeric value is interpreted as a seconds count/);
  // Without knowing which line defines the asked name, the prose that repeats the question's words wins the room.
  assert.doesNotMatch(buildSnippet(text, matchers, 300, weights), /numeric value is interpreted/);
});
