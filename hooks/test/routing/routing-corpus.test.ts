import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findShellFlood } from '../../src/routing/shell-floods.js';

// Labelled real-world developer commands (bench/corpus/routing): `commands.jsonl` was written before the
// rules, `validation.jsonl` after them without looking at the rules. The goals: ≥ 80 % of floods
// redirected, ≤ 3 % of normal commands wrongly blocked.
interface Row {
  cmd: string;
  label: 'flood' | 'normal';
}

function load(name: string): Row[] {
  const path = fileURLToPath(new URL(`../../../bench/corpus/routing/${name}`, import.meta.url));
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row);
}

function score(rows: Row[]): { recall: number; falseBlock: number; misses: string[]; wrongBlocks: string[] } {
  const misses: string[] = [];
  const wrongBlocks: string[] = [];
  let floods = 0;
  let normals = 0;
  for (const r of rows) {
    const hit = findShellFlood(r.cmd) !== undefined;
    if (r.label === 'flood') {
      floods++;
      if (!hit) misses.push(r.cmd);
    } else {
      normals++;
      if (hit) wrongBlocks.push(r.cmd);
    }
  }
  return { recall: 1 - misses.length / floods, falseBlock: wrongBlocks.length / normals, misses, wrongBlocks };
}

for (const name of ['commands.jsonl', 'validation.jsonl']) {
  test(`routing corpus ${name}: at least 80% of floods are redirected and at most 3% of normal commands are blocked`, () => {
    const rows = load(name);
    assert.ok(rows.length >= 150, `${name} has ${rows.length} rows`);
    const s = score(rows);
    const detail = `recall ${(s.recall * 100).toFixed(1)}% (missed: ${s.misses.join(' | ')}); wrongly blocked ${(s.falseBlock * 100).toFixed(1)}% (${s.wrongBlocks.join(' | ')})`;
    assert.ok(s.recall >= 0.8, detail);
    assert.ok(s.falseBlock <= 0.03, detail);
  });
}

test('the routing corpus holds at least 300 labelled commands of both kinds', () => {
  const rows = [...load('commands.jsonl'), ...load('validation.jsonl')];
  assert.ok(rows.length >= 300);
  assert.ok(rows.filter((r) => r.label === 'flood').length >= 100);
  assert.ok(rows.filter((r) => r.label === 'normal').length >= 150);
});
