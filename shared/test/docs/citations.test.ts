import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCE_DIRS = [
  'shared/src',
  'shared/test',
  'shared/dashboard/src',
  'hooks/src',
  'hooks/test',
  'server/src',
  'server/test',
  'extension-vscode/src',
  'bench',
  'test',
  'scripts',
];

function files(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'corpus') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(ts|mjs|cjs|kt)$/.test(p)) out.push(p);
  }
  return out;
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  for (const m of markdown.matchAll(/^#{1,6} (.+)$/gm)) {
    out.add(
      m[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    );
  }
  return out;
}

const sources = SOURCE_DIRS.flatMap((d) => files(join(ROOT, d)));

test('no source file cites design documents a reader of the repository does not have', () => {
  const offenders = sources.filter((f) =>
    /REFERENCE\.md|SPEC(\.md| §)|ARCHITECTURE\.md|notes\/real-hosts|feasibility\.md/.test(readFileSync(f, 'utf8')),
  );
  assert.deepEqual(
    offenders.map((f) => relative(ROOT, f)),
    [],
    'point these at docs/ or a public URL instead',
  );
});

test('every docs/<file>.md#anchor a source file points at exists', () => {
  const broken: string[] = [];
  for (const f of sources) {
    for (const m of readFileSync(f, 'utf8').matchAll(/(?<![\w/])docs\/([a-z-]+\.md)(?:#([a-z0-9-]+))?/g)) {
      const doc = join(ROOT, 'docs', m[1]!);
      // Test data names made-up docs files; only existing docs are checked for their anchors.
      if (!existsSync(doc)) continue;
      if (m[2] && !anchors(readFileSync(doc, 'utf8')).has(m[2])) broken.push(`${relative(ROOT, f)}: ${m[0]}`);
    }
  }
  assert.deepEqual(broken, []);
});
