import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { checkInsideProject } from '@context-mode/shared/policy/path-boundary';

const base = mkdtempSync(join(tmpdir(), 'cm-boundary-'));
const root = join(base, 'proj');
mkdirSync(join(root, 'src'), { recursive: true });
writeFileSync(join(root, 'src/a.txt'), 'a');
writeFileSync(join(base, 'secret.txt'), 's');
symlinkSync(join(base, 'secret.txt'), join(root, 'link-out'));
symlinkSync(join(root, 'src/a.txt'), join(root, 'link-in'));
after(() => rmSync(base, { recursive: true, force: true }));

const cases: Array<[string, boolean]> = [
  ['src/a.txt', true],
  [join(root, 'src/a.txt'), true],
  ['link-in', true],
  ['.', true],
  ['src/../src/a.txt', true],
  ['missing/file.txt', true],
  ['../secret.txt', false],
  [join(base, 'secret.txt'), false],
  ['link-out', false],
  ['src/../../secret.txt', false],
  ['/etc/passwd', false],
];
for (const [path, ok] of cases) {
  test(`${path} → ${ok ? 'allowed' : 'refused'}`, () => {
    const r = checkInsideProject(path, root);
    assert.equal(r.ok, ok);
    if (!r.ok) assert.match(r.reason, /permissions\.allow/);
  });
}

test('case-insensitive platforms compare paths without case', () => {
  assert.equal(checkInsideProject(join(root.toUpperCase(), 'x'), root, 'darwin').ok, true);
  assert.equal(checkInsideProject(join(root.toUpperCase(), 'x'), root, 'linux').ok, false);
});
