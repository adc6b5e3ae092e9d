import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildFtsQuery } from '../../src/knowledge/fts-query.js';
import { reportsTrouble } from '../../src/knowledge/question-context.js';
import { tempKnowledgeBase } from './temp-knowledge-base.js';

const contextOf = (input: string) => {
  const q = buildFtsQuery(input);
  assert.ok(!q.empty);
  return Object.fromEntries(q.terms.map((t) => [t.lower, !!t.context]));
};

/** The words that pick candidates and score (not context). */
const searched = (input: string) => {
  const q = buildFtsQuery(input);
  assert.ok(!q.empty);
  return q.terms.filter((t) => !t.context).map((t) => t.lower);
};

test('words only in the sentences around the question are context; the question is the sentence that asks', () => {
  assert.deepEqual(contextOf('I run a Node service that reads files. How do I retry failed requests?'), {
    run: true,
    node: true,
    service: true,
    reads: true,
    files: true,
    retry: false,
    failed: false,
    requests: false,
  });
  // Question first, context after; a word in both is the question's.
  assert.deepEqual(contextOf('Why do my requests time out after a minute? My requests go through a proxy.'), {
    requests: false,
    time: false,
    after: false,
    minute: false,
    go: true,
    proxy: true,
  });
  // With no sentence that asks (a list of keywords), nothing is context.
  assert.deepEqual(contextOf('Config lives in yaml files. retry backoff settings'), {
    config: false,
    lives: false,
    yaml: false,
    files: false,
    retry: false,
    backoff: false,
    settings: false,
  });
  // One sentence (a dotted name is not a sentence end) has no context.
  assert.deepEqual(contextOf('set next.config.js output to standalone'), {
    set: false,
    'next.config.js': false,
    output: false,
    standalone: false,
  });
});

test('pasted errors, exact names, short asks and abbreviations are never taken for talk around the question', () => {
  // "Any ideas?" / "How do I fix it?" ask nothing on their own: every word is the question.
  assert.deepEqual(searched('The server crashes on startup with EADDRINUSE. Any ideas?'), [
    'server',
    'crashes',
    'startup',
    'eaddrinuse',
    'ideas',
  ]);
  assert.deepEqual(searched('ENOENT: no such file or directory. How do I fix it?'), [
    'enoent',
    'file',
    'directory',
    'fix',
  ]);
  // A reported failure is what to search for, even beside a question of its own.
  assert.deepEqual(searched('Why does my build fail? TypeError: Cannot read properties of undefined'), [
    'build',
    'fail',
    'typeerror',
    'cannot',
    'read',
    'properties',
    'undefined',
  ]);
  // "e.g." does not end a sentence.
  assert.deepEqual(searched('How do I configure retries, e.g. for fetch?'), ['configure', 'retries', 'e.g', 'fetch']);
  // An identifier in the talk around the question still counts in full; the plain words there do not.
  assert.deepEqual(searched('We call createServer from a worker thread. How do I change the default port?'), [
    'createserver',
    'change',
    'default',
    'port',
  ]);
  // What the asker uses, named in their story, is context; a keyword list with no question has none.
  assert.deepEqual(searched('We build with Express and TypeScript. How do I set the default port?'), [
    'set',
    'default',
    'port',
  ]);
  assert.deepEqual(searched('auth middleware. JWT validation. token refresh'), [
    'auth',
    'middleware',
    'jwt',
    'validation',
    'token',
    'refresh',
  ]);
});

test('a question that leans on the sentences before it keeps their words searched', () => {
  assert.deepEqual(searched('I want to deploy to Vercel. Any ideas?'), ['deploy', 'vercel', 'ideas']);
  assert.deepEqual(searched('I need to send emails with attachments. What is the best library?'), [
    'send',
    'emails',
    'attachments',
    'library',
  ]);
  assert.deepEqual(searched('We need rate limiting per user. Is there middleware for that?'), [
    'rate',
    'limiting',
    'user',
    'middleware',
  ]);
  assert.deepEqual(searched('We want to deploy to Vercel. Example please.'), ['deploy', 'vercel', 'example']);
  // Acronyms in the story are names, not talk.
  assert.deepEqual(searched('We use ESM across the repo. How do I import JSON modules?'), [
    'esm',
    'import',
    'json',
    'modules',
  ]);
});

test('a filler use of a word does not hide a later real one', () => {
  const q = buildFtsQuery('In my app, how do I configure app routing?');
  assert.ok(!q.empty);
  assert.deepEqual(
    q.terms.map((t) => t.lower),
    ['configure', 'app', 'routing'],
  );
});

test('a sentence of context does not pull the answer away from the question', () => {
  const { kb } = tempKnowledgeBase('cm-qctx-');
  kb.index({
    source: 'service-guide',
    content:
      '# Service guide\n\n## Reading settings files\n\nThe service reads its settings from yaml files at start and talks to the billing APIs.\n',
    format: 'markdown',
  });
  kb.index({
    source: 'http-client',
    content:
      '# HTTP client\n\n## Retries\n\nFailed requests are retried with exponential backoff; set `retries: 5` to try more often.\n',
    format: 'markdown',
  });
  const hits = kb.search(
    'My service reads its settings from yaml files and talks to the billing APIs. How do I retry failed requests?',
    { limit: 1 },
  );
  assert.equal(hits[0]?.title, 'HTTP client > Retries');
  // Context that names the source still points at it.
  const named = kb.search('I use http-client. How are failed requests handled?', { limit: 1 });
  assert.equal(named[0]?.source, 'http-client');
});

test('a question reporting what happened is told from one asking how to do something', () => {
  // Real phrasings from the users' and README question sets (bench/corpus/eval/).
  for (const q of [
    "**/*.env doesn't match .env",
    'applyPatch() sometimes returns `false` instead of errors',
    'Getting the error "expiresIn" should be a number of seconds',
    'wait does not work on macOS',
    'Newlines are not properly compared when using diffWords',
    "I'm using jsonwebtoken to validate an id_token server side, but it fails with: JsonWebTokenError: invalid algorithm.",
    "This however throws errors, when the path doesn't exist yet",
    'instead of giving me noInstall: true as I would expect, I get install: false and noInstall: false.',
    "minimatch('/foo.json', '*.json') // false",
    '[ERR_REQUIRE_ESM]: require() of ES Module not supported. Any idea?',
    'It works fine on Windows, but on Mac OS, the callback is never called.',
    'I didn’t think that was much of a big deal until I realized it takes 3 ignore next statements',
    "Arrays doesn't seem to work. Or am I missing something?",
  ])
    assert.ok(reportsTrouble(q), q);
  // How-to questions that merely mention an error, a failure, "instead of" or an imperative "don't".
  for (const q of [
    'how do I match dotfiles',
    'set the default port',
    'what does the wait option do',
    'set response headers on the error object',
    'create a 404 error with a message in express',
    'fail the build if line coverage is under 95 percent',
    'treat a returned value as a failure and retry',
    'continue parsing after an error',
    'dont install the uncaught exception handler',
    'load source maps from memory instead of disk',
    'How can I get all 64 zeroes without conversion to number and back to string?',
    'Is there a way to `tap` a hook before other already-registered taps? I see Hook options `before` and `stage`.',
  ])
    assert.ok(!reportsTrouble(q), q);
});
