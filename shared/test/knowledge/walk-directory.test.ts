import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, test } from 'node:test';
import { walkDirectory } from '../../src/knowledge/walk-directory.js';

const root = mkdtempSync(join(tmpdir(), 'cm-walk-'));
after(() => rmSync(root, { recursive: true, force: true }));
const put = (rel: string, text = 'x') => {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
};
const rels = (files: string[]) => files.map((f) => relative(root, f)).sort();

put('README.md');
put('src/a.ts');
put('src/deep/b/c/d/e/f/g.ts');
put('node_modules/pkg/index.js');
put('dist/out.js');
put('logs/app.log');
put('src/generated/x.ts');
put('.gitignore', 'src/generated/\n*.secret.md\n');
put('notes.secret.md');
put('sub/.gitignore', 'local.md\n');
put('sub/local.md');
put('sub/kept.md');
put('image.png');

test('default walk: known extensions, default excludes and every .gitignore applied', () => {
  const r = walkDirectory(root);
  assert.deepEqual(rels(r.files), ['README.md', 'src/a.ts', 'sub/kept.md']);
  assert.equal(r.capped, false);
});

test('maxDepth counts directory levels below the start', () => {
  assert.ok(rels(walkDirectory(root, { maxDepth: 7 }).files).includes('src/deep/b/c/d/e/f/g.ts'));
  assert.deepEqual(rels(walkDirectory(root, { maxDepth: 0 }).files), ['README.md']);
});

test('include, exclude and extensions filter; maxFiles caps and reports the total', () => {
  assert.deepEqual(rels(walkDirectory(root, { include: ['*.ts'] }).files), ['src/a.ts']);
  assert.deepEqual(rels(walkDirectory(root, { exclude: ['src/'] }).files), ['README.md', 'sub/kept.md']);
  assert.deepEqual(rels(walkDirectory(root, { extensions: ['log'] }).files), ['logs/app.log']);
  const capped = walkDirectory(root, { maxFiles: 1 });
  assert.equal(capped.files.length, 1);
  assert.equal(capped.capped, true);
  assert.equal(capped.totalSeen, 3);
  assert.deepEqual(rels(walkDirectory(root, { respectGitignore: false }).files), [
    'README.md',
    'notes.secret.md',
    'src/a.ts',
    'src/generated/x.ts',
    'sub/kept.md',
    'sub/local.md',
  ]);
});

test('symlinks are skipped by default, followed on request, and never out of bounds or in cycles', () => {
  const outside = mkdtempSync(join(tmpdir(), 'cm-walk-out-'));
  try {
    writeFileSync(join(outside, 'secret.md'), 'x');
    symlinkSync(outside, join(root, 'escape'));
    symlinkSync(join(root, 'src'), join(root, 'src-link'));
    symlinkSync(root, join(root, 'sub', 'loop'));
    const plain = walkDirectory(root);
    assert.ok(!rels(plain.files).some((f) => f.startsWith('escape') || f.startsWith('src-link')));
    assert.ok(plain.skipped.some((s) => s.reason === 'symlink (not followed)'));
    const followed = walkDirectory(root, { followSymlinks: true });
    assert.ok(rels(followed.files).includes('src-link/a.ts'));
    assert.ok(!rels(followed.files).some((f) => f.startsWith('escape')));
    assert.ok(followed.skipped.some((s) => /outside/.test(s.reason)));
    assert.ok(followed.skipped.some((s) => /cycle/.test(s.reason)));
  } finally {
    rmSync(outside, { recursive: true, force: true });
    for (const l of ['escape', 'src-link', 'sub/loop']) rmSync(join(root, l), { force: true });
  }
});
