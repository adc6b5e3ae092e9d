import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { cliSandbox } from './kb-cli.js';

const sb = cliSandbox();
before(() => {
  writeFileSync(
    join(sb.project, 'guide.md'),
    '# Guide\n\n## Proxy settings\n\nSet HTTPS_PROXY to route requests.\n\n## Logging\n\nPass --verbose for more output.\n\n```ts\nconst x = 1;\n```',
  );
});
after(() => sb.cleanup());

test('search on a project with nothing indexed says so and creates nothing', () => {
  const r = sb.run(['search', 'proxy']);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /knowledge base .* is empty/);
});

test('context-mode search prints ranked sections with titles', () => {
  assert.equal(sb.run(['index', 'guide.md']).status, 0);
  const r = sb.run(['search', 'configure', 'a', 'proxy']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^\[1\] Guide > Proxy settings — file:guide\.md/);
});

test('--json, --limit and --type', () => {
  const r = sb.run(['search', 'output', 'proxy', '--json', '--limit', '1']);
  const out = JSON.parse(r.stdout) as { hits: Array<{ title: string }> };
  assert.equal(out.hits.length, 1);
  const code = JSON.parse(sb.run(['search', 'const', '--json', '--type', 'code']).stdout) as {
    hits: Array<{ contentType: string }>;
  };
  assert.ok(code.hits.every((h) => h.contentType === 'code'));
});

test('an unknown source fails with exit 1 and lists what exists', () => {
  const r = sb.run(['search', 'proxy', '--source', 'nope']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /no source matches "nope".*file:guide\.md/);
});

test('bad --limit or --type are usage errors (exit 2)', () => {
  assert.equal(sb.run(['search', 'proxy', '--limit', 'x']).status, 2);
  assert.equal(sb.run(['search', 'proxy', '--type', 'poetry']).status, 2);
  const both = sb.run(['search', 'proxy', '--explain', '--timeline']);
  assert.equal(both.status, 2);
  assert.match(both.stderr, /--explain .* --timeline/);
});

test('--explain says why each hit ranked: its score as weighted parts that add up to it', () => {
  const r = sb.run(['search', 'configure', 'a', 'proxy', '--explain']);
  assert.equal(r.status, 0, r.stderr);
  const why = /Why \(score = weight × part, summed\):\n\[1\] ([\d.]+) = (.*)/.exec(r.stdout);
  assert.ok(why, r.stdout);
  assert.match(why[2]!, /fused 1×1\.00/);
  assert.match(why[2]!, /title 0\.6×/);
  const json = JSON.parse(sb.run(['search', 'configure', 'a', 'proxy', '--json', '--explain']).stdout) as {
    hits: Array<{ score: number; parts: Record<string, number> }>;
  };
  const top = json.hits[0]!;
  assert.ok(top.parts.coverage! > 0 && top.parts.title! > 0, JSON.stringify(top.parts));
  const plain = JSON.parse(sb.run(['search', 'configure', 'a', 'proxy', '--json']).stdout) as {
    hits: Array<{ parts?: unknown }>;
  };
  assert.equal(plain.hits[0]!.parts, undefined, 'parts only when asked for');
});
