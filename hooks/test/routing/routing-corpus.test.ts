import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadRows, loadSplit, rowsOf, score } from '../../../bench/routing-corpus.js';
import { findShellFlood } from '../../src/routing/shell-floods.js';

// Labelled developer commands (bench/corpus/routing/*.jsonl, each row with the source its style comes from),
// split by source into a tune half and a report half (split.json). Issue 10's goal is measured on the report
// half, which the rules are not tuned on: ≥ 95 % of floods redirected, ≤ 1 % of normal commands blocked.
const isFlood = (cmd: string): boolean => findShellFlood(cmd) !== undefined;

test('every corpus row has a source, and every source is in exactly one half of the split', () => {
  const rows = loadRows();
  const split = loadSplit();
  const both = split.tune.filter((s) => split.report.includes(s));
  assert.deepEqual(both, [], 'sources in both halves');
  const listed = new Set([...split.tune, ...split.report]);
  const unlisted = [...new Set(rows.map((r) => r.source))].filter((s) => !listed.has(s));
  assert.deepEqual(unlisted, [], 'sources in neither half');
  for (const r of rows)
    assert.ok(
      typeof r.source === 'string' && r.source.length > 0 && (r.label === 'flood' || r.label === 'normal'),
      JSON.stringify(r),
    );
  assert.equal(rowsOf('tune', rows, split).length + rowsOf('report', rows, split).length, rows.length);
});

test('routing corpus, report half: at least 95% of floods are redirected and at most 1% of normal commands are blocked', () => {
  const s = score(rowsOf('report'), isFlood);
  const detail = `recall ${(s.recall * 100).toFixed(1)}% (missed: ${s.misses.join(' | ')}); wrongly blocked ${(s.normalBlocked * 100).toFixed(1)}% (${s.wrongBlocks.join(' | ')})`;
  assert.ok(s.floods >= 150 && s.normals >= 150, `report half has ${s.floods} floods and ${s.normals} normal commands`);
  assert.ok(s.recall >= 0.95, detail);
  assert.ok(s.normalBlocked <= 0.01, detail);
});

test('routing corpus, tune half: the same thresholds hold where the rules were tuned', () => {
  const s = score(rowsOf('tune'), isFlood);
  const detail = `recall ${(s.recall * 100).toFixed(1)}% (missed: ${s.misses.join(' | ')}); wrongly blocked ${(s.normalBlocked * 100).toFixed(1)}% (${s.wrongBlocks.join(' | ')})`;
  assert.ok(s.recall >= 0.95, detail);
  assert.ok(s.normalBlocked <= 0.01, detail);
});

test('the routing corpus holds at least 800 labelled commands of both kinds', () => {
  const rows = loadRows();
  assert.ok(rows.length >= 800, `${rows.length} rows`);
  assert.ok(rows.filter((r) => r.label === 'flood').length >= 300);
  assert.ok(rows.filter((r) => r.label === 'normal').length >= 400);
});
