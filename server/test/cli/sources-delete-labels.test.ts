import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliSandbox } from './kb-cli.js';

// A user copies the label `index` just printed into `sources delete`: whatever the CLI prints as a label must work there.
const sb = cliSandbox();
after(() => sb.cleanup());

const labels = () =>
  (JSON.parse(sb.run(['sources', '--json']).stdout) as { sources: { source: string }[] }).sources
    .map((s) => s.source)
    .sort();

function printedLabel(indexArgs: string[]): string {
  const r = sb.run(['index', ...indexArgs]);
  assert.equal(r.status, 0, r.stderr);
  const m = /--source "([^"]+)"/.exec(r.stdout);
  assert.ok(m, `index printed no label: ${r.stdout}`);
  return m[1]!;
}

test('the directory label index prints (a common prefix) deletes every source under it, and only those', () => {
  mkdirSync(join(sb.project, 'docs/guide'), { recursive: true });
  mkdirSync(join(sb.project, 'notes'));
  writeFileSync(join(sb.project, 'docs/guide/alpha.md'), '# Alpha\n\nfirst');
  writeFileSync(join(sb.project, 'docs/guide/about.md'), '# About\n\nsecond');
  writeFileSync(join(sb.project, 'notes/keep.md'), '# Keep\n\nthird');
  assert.equal(sb.run(['index', 'notes']).status, 0);
  // alpha.md and about.md share `file:docs/guide/a`: the label is cut back to the directory.
  const label = printedLabel(['docs']);
  assert.equal(label, 'file:docs/guide/');
  const del = sb.run(['sources', 'delete', label, '--json']);
  assert.equal(del.status, 0, del.stderr);
  const report = JSON.parse(del.stdout) as { source: string; removed: string[] };
  assert.equal(report.source, label);
  assert.deepEqual(report.removed.sort(), ['file:docs/guide/about.md', 'file:docs/guide/alpha.md']);
  assert.deepEqual(labels(), ['file:notes/keep.md']);
});

test('a --source directory label, a single file label and every label `sources` lists delete too', () => {
  mkdirSync(join(sb.project, 'spec'), { recursive: true });
  writeFileSync(join(sb.project, 'spec/one.md'), '# One\n\nuno');
  writeFileSync(join(sb.project, 'spec/two.md'), '# Two\n\ndos');
  const named = printedLabel(['spec', '--source', 'specs']);
  assert.equal(named, 'specs:');
  const text = sb.run(['sources', 'delete', named]);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /Deleted 2 sources under "specs:"/);
  const single = printedLabel(['spec/one.md']);
  assert.equal(sb.run(['sources', 'delete', single]).status, 0);
  for (const l of labels()) assert.equal(sb.run(['sources', 'delete', l]).status, 0, l);
  assert.deepEqual(labels(), []);
});

test('a label that is neither a source nor a directory prefix of one is still not-found', () => {
  writeFileSync(join(sb.project, 'x.md'), '# X\n\nex');
  assert.equal(sb.run(['index', 'x.md']).status, 0);
  // A bare fragment of a label is not a prefix label: deleting by substring would be a surprise.
  const r = sb.run(['sources', 'delete', 'file:x']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /no source labelled "file:x"/);
  assert.deepEqual(labels(), ['file:x.md']);
});
