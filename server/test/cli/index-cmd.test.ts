import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliSandbox } from './kb-cli.js';

const sb = cliSandbox();
after(() => sb.cleanup());

test('context-mode index <dir> indexes files, skips binaries and reports counts', () => {
  mkdirSync(join(sb.project, 'docs', 'deep'), { recursive: true });
  writeFileSync(join(sb.project, 'docs', 'guide.md'), '# Guide\n\n## Rollback\n\nUse deploy rollback.');
  writeFileSync(join(sb.project, 'docs', 'deep', 'api.ts'), 'export function pingServer(): void {}\n');
  writeFileSync(join(sb.project, 'docs', 'logo.json'), Buffer.from([0, 1, 2, 3]));
  const r = sb.run(['index', 'docs']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /Indexed 2 file\(s\)/);
  assert.match(r.stdout, /logo\.json \(binary\b/);
  assert.equal(r.stderr, '', 'no progress bar when stderr is not a TTY');
});

test('--json prints the result as JSON and --max-files caps the walk', () => {
  const r = sb.run(['index', 'docs', '--json', '--max-files', '1']);
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { kind: string; files: unknown[]; capped: boolean };
  assert.equal(out.kind, 'dir');
  assert.equal(out.files.length, 1);
  assert.equal(out.capped, true);
});

test('--include and --exclude filter the walk', () => {
  const only = JSON.parse(sb.run(['index', 'docs', '--json', '--include', '*.ts']).stdout) as {
    files: Array<{ source: string }>;
  };
  assert.deepEqual(
    only.files.map((f) => f.source),
    ['file:docs/deep/api.ts'],
  );
  const none = JSON.parse(sb.run(['index', 'docs', '--json', '--exclude', 'deep/', '--exclude', '*.md']).stdout) as {
    files: unknown[];
  };
  assert.equal(none.files.length, 0);
});

test('a missing path fails with exit 1 and a clear message', () => {
  const r = sb.run(['index', 'nope.md']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /path not found: .*nope\.md/);
});

test('a path outside the project is refused unless --allow-outside', () => {
  const outside = join(sb.home, 'elsewhere.md');
  writeFileSync(outside, '# Elsewhere\n\ntext');
  const refused = sb.run(['index', outside]);
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /outside the project root.*--allow-outside/);
  const ok = sb.run(['index', outside, '--allow-outside']);
  assert.equal(ok.status, 0, ok.stderr);
});

test('bad option values are usage errors (exit 2)', () => {
  assert.equal(sb.run(['index']).status, 2);
  assert.equal(sb.run(['index', 'docs', '--bogus']).status, 2);
});
