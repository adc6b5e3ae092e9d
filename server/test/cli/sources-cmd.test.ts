import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliSandbox } from './kb-cli.js';

const sb = cliSandbox();
after(() => sb.cleanup());

test('sources lists what was indexed with sizes, and delete removes one', () => {
  assert.match(sb.run(['sources']).stdout, /No sources indexed/);
  writeFileSync(join(sb.project, 'a.md'), '# A\n\nalpha');
  writeFileSync(join(sb.project, 'b.md'), '# B\n\nbeta');
  assert.equal(sb.run(['index', '.']).status, 0);
  const table = sb.run(['sources']);
  assert.match(table.stdout, /SOURCE\s+KIND\s+CHUNKS\s+SIZE/);
  assert.match(table.stdout, /file:a\.md\s+file\s+1\s+\d+ B/);
  assert.match(table.stdout, /2 source\(s\), 2 chunk\(s\)/);
  const json = JSON.parse(sb.run(['sources', '--json']).stdout) as {
    sources: Array<{ source: string }>;
    chunks: number;
  };
  assert.deepEqual(json.sources.map((s) => s.source).sort(), ['file:a.md', 'file:b.md']);
  const del = sb.run(['sources', 'delete', 'file:a.md']);
  assert.equal(del.status, 0, del.stderr);
  assert.deepEqual(
    (JSON.parse(sb.run(['sources', '--json']).stdout) as { sources: Array<{ source: string }> }).sources.map(
      (s) => s.source,
    ),
    ['file:b.md'],
  );
  const missing = sb.run(['sources', 'delete', 'file:a.md']);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /no source labelled "file:a\.md"/);
});
