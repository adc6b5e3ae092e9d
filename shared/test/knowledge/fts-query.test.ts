import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildFtsQuery } from '../../src/knowledge/fts-query.js';
import { openKnowledgeBase } from '../../src/knowledge/open-knowledge-base.js';

// Input → expected porter MATCH expression (or { empty }) for the one sanitiser every search goes through.
const table: Array<[string, string | { empty: true }]> = [
  ['useEffect cleanup', '"useeffect" OR "use effect" OR "cleanup"'],
  ['"quoted phrase"', '"quoted" OR "phrase"'],
  ['unbalanced "quote', '"unbalanced" OR "quote"'],
  // Only stopwords left: they are searched rather than nothing.
  ['a "" b ""', '"a" OR "b"'],
  ['NOT rollback', '"rollback"'],
  ['deploy OR release', '"deploy" OR "release"'],
  ['deploy AND release', '"deploy" OR "release"'],
  ['NEAR(deploy release, 3)', '"deploy" OR "release" OR "3"'],
  ['title:secret', '"title" OR "secret"'],
  ['body : x y', '"body"'],
  ['roll*', '"roll"'],
  ['^deploy', '"deploy"'],
  ['(release OR', '"release"'],
  ['deploy)', '"deploy"'],
  ['{curly} [square]', '"curly" OR "square"'],
  ["it's don't", `"it's" OR "don't"`],
  ['next.config.js', '"next.config.js"'],
  ['snake_case_name', '"snake_case_name"'],
  ['🚀', { empty: true }],
  ['🚀 launch', '"launch"'],
  ['東京タワー', '"東京タワー"'],
  ['検索 エンジン', '"検索" OR "エンジン"'],
  ['', { empty: true }],
  ['   \n\t ', { empty: true }],
  ['"', { empty: true }],
  ['*', { empty: true }],
  ['NOT', '"not"'],
  ['how do I', '"how" OR "do" OR "i"'],
  // Conversation around a question, and a generic noun after "this"/"my", are not what is asked about…
  ["Hi! I'm trying to figure out how to retry requests in this library. Thanks", '"retry" OR "requests"'],
  ['what is the best way to cache results in my project', '"cache" OR "results"'],
  // …but the same nouns are searched where they are the subject.
  ['package exports field', '"package" OR "exports" OR "field"'],
  ['add a figure to the plot', '"add" OR "figure" OR "plot"'],
  ['Déjà vu', '"déjà" OR "vu"'],
  ['x'.repeat(3) + '"; DROP TABLE chunks; --', '"xxx" OR "drop" OR "table" OR "chunks"'],
];

for (const [input, expected] of table) {
  test(`sanitiser: ${JSON.stringify(input)}`, () => {
    const q = buildFtsQuery(input);
    if (typeof expected === 'string') {
      assert.equal(q.empty, false, JSON.stringify(q));
      if (!q.empty) assert.equal(q.porter, expected);
    } else {
      assert.equal(q.empty, true, JSON.stringify(q));
    }
  });
}

test('every sanitised query is accepted by FTS5 (no syntax error reaches the user)', () => {
  const kb = openKnowledgeBase({ path: ':memory:' });
  try {
    kb.index({
      source: 'doc',
      content: '# Deploy\n\nRelease the rollback 東京タワー next.config.js snake_case_name',
      format: 'markdown',
    });
    const nasty = [
      ...table.map(([i]) => i),
      'a:b:c',
      '"""',
      'OR OR OR',
      'NEAR/3',
      '-',
      '+foo',
      'foo -bar',
      'col:"x" AND NOT y*',
      '\u0000',
    ];
    for (const input of nasty) assert.doesNotThrow(() => kb.search(input), input);
    assert.equal(kb.search('東京タワー')[0]?.source, 'doc');
    assert.equal(kb.search('snake_case_name')[0]?.source, 'doc');
  } finally {
    kb.close();
  }
});

test('an empty query reports why instead of throwing', () => {
  const kb = openKnowledgeBase({ path: ':memory:' });
  try {
    kb.index({ source: 'doc', content: 'hello world', format: 'text' });
    const r = kb.searchWithReport('   ');
    assert.deepEqual(r.hits, []);
    assert.equal(r.emptyQuery, 'empty query');
    assert.match(kb.searchWithReport('🚀 !!').emptyQuery ?? '', /no searchable words/);
  } finally {
    kb.close();
  }
});
