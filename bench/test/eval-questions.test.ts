// The held-out answer evaluation (bench/corpus/eval) is only honest if its questions are answerable from the
// copied docs and its halves never share a package: every answer occurs verbatim (case-insensitive,
// whitespace-normalised) in its package's doc, ≥ 300 questions over ≥ 40 packages, tune/report split by package.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { foldText as norm, type EvalDoc as Doc, type EvalQuestion as Question } from '../eval-corpus.js';

const dir = new URL('../corpus/eval/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as { documents: Doc[] };
const file = JSON.parse(readFileSync(new URL('questions.json', dir), 'utf8')) as {
  split: { tune: string[]; report: string[] };
  questions: Question[];
};
const docs = new Map(manifest.documents.map((d) => [d.package, d]));

test('every answer occurs verbatim in its package doc', () => {
  const text = new Map<string, string>();
  const missing: string[] = [];
  for (const q of file.questions) {
    const doc = docs.get(q.package);
    assert.ok(doc, `no doc for ${q.package}`);
    if (!text.has(q.package)) text.set(q.package, norm(readFileSync(new URL(doc.file, dir), 'utf8')));
    if (!text.get(q.package)!.includes(norm(q.answer))) missing.push(`${q.package}: ${q.answer}`);
    assert.ok(q.answer.trim().length >= 4, `answer too short to be a fair check: ${q.package}: ${q.answer}`);
  }
  assert.deepEqual(missing, []);
});

test('at least 300 questions over at least 40 packages, each half ≥ 150', () => {
  assert.ok(file.questions.length >= 300, `${file.questions.length} questions`);
  assert.ok(new Set(file.questions.map((q) => q.package)).size >= 40);
  for (const half of ['tune', 'report'] as const) {
    assert.ok(file.questions.filter((q) => q.half === half).length >= 150, half);
  }
});

test('halves are disjoint by package and agree with the manifest and the recorded split', () => {
  const tune = new Set(file.split.tune);
  const report = new Set(file.split.report);
  assert.deepEqual(
    [...tune].filter((p) => report.has(p)),
    [],
  );
  for (const d of manifest.documents) assert.ok((d.half === 'tune' ? tune : report).has(d.package), d.package);
  for (const q of file.questions) {
    assert.equal(q.half, docs.get(q.package)!.half, `${q.package}: ${q.question}`);
    assert.equal(q.hard === true, q.kind !== 'keyword', `hard must mean kind ≠ keyword: ${q.question}`);
  }
});

test('docs stay small enough to live in the repo', () => {
  let total = 0;
  for (const d of manifest.documents) {
    const bytes = readFileSync(new URL(d.file, dir)).length;
    assert.ok(bytes <= 61_440, `${d.file} is ${bytes} bytes`);
    total += bytes;
  }
  assert.ok(total <= 2 * 1024 * 1024, `${total} bytes`);
});
