import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { shapeOutput } from '@context-mode/shared/budget/shape-output';
import { openKnowledgeBase } from '@context-mode/shared/knowledge/open-knowledge-base';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/captured', import.meta.url));
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'cm-budget-'));
const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
after(() => {
  kb.close();
  rmSync(dir, { recursive: true, force: true });
});
const size = (s: string) => Buffer.byteLength(s, 'utf8');

test('output within the budget comes back unchanged', () => {
  const r = shapeOutput({ text: 'hello\n', sourceLabel: 'exec:shell', kb });
  assert.equal(r.text, 'hello\n');
  assert.equal(r.indexedSource, undefined);
  assert.equal(r.rawBytes, 6);
});

test('every tsc error survives the digest of tsc-errors.txt', () => {
  const text = fixture('tsc-errors.txt');
  const r = shapeOutput({ text, sourceLabel: 'exec:shell', kb, exitCode: 2, budget: 6144 });
  assert.ok(r.returnedBytes <= 6144);
  const errors = text.split('\n').filter((l) => /error TS\d+/.test(l));
  assert.ok(errors.length >= 10);
  const missing = errors.filter((l) => !r.text.includes(l.slice(0, 120)));
  assert.ok(
    missing.length === 0 || r.text.includes('more error/warning lines'),
    `missing without a note: ${missing.length}`,
  );
  assert.match(r.text, /exit code 2/);
});

test('the failing tests of test-output.txt and the last lines of build-output.txt are in their digests', () => {
  const tests = fixture('test-output.txt');
  const r = shapeOutput({ text: tests, sourceLabel: 'exec:shell', kb, budget: 2048 });
  const failing = tests.split('\n').filter((l) => /(FAIL|✗|×|✖)/u.test(l));
  if (size(tests) > 2048) for (const l of failing.slice(0, 5)) assert.ok(r.text.includes(l.trim().slice(0, 60)), l);
  const build = fixture('build-output.txt');
  const b = shapeOutput({ text: build, sourceLabel: 'exec:shell', kb, budget: 2048 });
  const last = build.trimEnd().split('\n').slice(-2);
  for (const l of last) assert.ok(b.text.includes(l.slice(0, 100)), `last line kept: ${l}`);
  assert.ok(b.returnedBytes <= 2048);
});

test('a 60 KB JSON dump returns ≤ 4,096 bytes, says how to get the rest, and its middle is searchable', () => {
  const text = fixture('github-issues.json');
  const r = shapeOutput({ text, sourceLabel: 'exec:shell', kb });
  assert.ok(r.returnedBytes <= 4096, `${r.returnedBytes}`);
  assert.ok(r.indexedSource);
  assert.ok(r.text.includes(`ctx_search(source: "${r.indexedSource}"`));
  assert.ok(r.elidedBytes > 50_000);
  const middle = JSON.parse(text)[10] as { title: string };
  const hits = kb.search(middle.title, { source: r.indexedSource!, limit: 3 });
  assert.ok(hits.length > 0, 'the middle of the output is searchable');
});

test('each run is indexed under its own source: a second run never replaces the first', () => {
  const a = shapeOutput({ text: 'x\n'.repeat(5000), sourceLabel: 'exec:shell', kb });
  const b = shapeOutput({ text: 'y\n'.repeat(5000), sourceLabel: 'exec:shell', kb });
  assert.notEqual(a.indexedSource, b.indexedSource);
  assert.ok(kb.getSource(a.indexedSource!) && kb.getSource(b.indexedSource!));
  // The same bytes again are not stored twice (duplicate hits); the answer names the stored run.
  const again = shapeOutput({ text: 'x\n'.repeat(5000), sourceLabel: 'exec:shell', kb });
  assert.equal(again.indexedSource, a.indexedSource);
});

test('stderr is never dropped and multi-byte text is never cut mid-character', () => {
  const r = shapeOutput({
    text: '界'.repeat(3000),
    stderr: 'Error: boom\n',
    sourceLabel: 'exec:shell',
    kb,
    exitCode: 1,
    budget: 1024,
  });
  assert.ok(r.returnedBytes <= 1024);
  assert.match(r.text, /Error: boom/);
  assert.ok(!r.text.includes('\uFFFD'));
});

test('with an intent, the matching part of the output leads the digest', () => {
  const text = Array.from({ length: 400 }, (_, i) =>
    i === 250 ? 'database connection pool exhausted after 30s' : `line ${i} ok`,
  ).join('\n');
  const r = shapeOutput({ text, sourceLabel: 'exec:shell', kb, intent: 'connection pool exhausted', budget: 1500 });
  assert.match(r.text, /Matches for "connection pool exhausted"/);
  assert.match(r.text, /pool exhausted/);
});
