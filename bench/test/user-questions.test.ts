// The second held-out set (bench/corpus/eval/user-questions.json) is real users' questions from GitHub issues, so it
// is only a fair check if each answer is verbatim in the doc the thread pointed to, each question says where it was
// asked, and the halves follow the same package split as the README-written set (tuning on one set's tune half must
// not leak into either report half).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { foldText as norm, type EvalDoc as Doc, type EvalQuestion as Question } from '../eval-corpus.js';

const dir = new URL('../corpus/eval/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as { documents: Doc[] };
const file = JSON.parse(readFileSync(new URL('user-questions.json', dir), 'utf8')) as { questions: Question[] };
const docs = new Map(manifest.documents.map((d) => [d.package, d]));

test('every user question names its GitHub thread and its answer occurs verbatim in the package doc', () => {
  const missing: string[] = [];
  for (const q of file.questions) {
    const doc = docs.get(q.package);
    assert.ok(doc, `no doc for ${q.package}`);
    assert.match(q.url ?? '', /^https:\/\/github\.com\/[^/]+\/[^/]+\/(issues|pull|discussions)\/\d+$/, q.question);
    assert.ok(q.answer.trim().length >= 4, `answer too short to be a fair check: ${q.answer}`);
    if (!norm(readFileSync(new URL(doc.file, dir), 'utf8')).includes(norm(q.answer))) missing.push(q.answer);
  }
  assert.deepEqual(missing, []);
});

test('the frozen set keeps its size and follows the README set’s package split', () => {
  assert.ok(file.questions.length >= 150, `${file.questions.length} questions`);
  assert.ok(new Set(file.questions.map((q) => q.package)).size >= 20);
  for (const q of file.questions) assert.equal(q.half, docs.get(q.package)!.half, q.question);
  const asked = file.questions.map((q) => `${q.url} ${q.question}`);
  assert.equal(new Set(asked).size, asked.length, 'a question appears twice');
});
