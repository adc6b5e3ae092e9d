import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { decodeText, looksBinary } from '@context-mode/shared/knowledge/decode-text';
import { indexPath } from '@context-mode/shared/knowledge/index-path';
import { openKnowledgeBase } from '@context-mode/shared/knowledge/open-knowledge-base';
import { tempDirs } from './temp-dirs.js';

const tempDir = tempDirs('cm-rel-binary-');

test('UTF-16 files with a BOM are indexed as their text; binary files are skipped with a reason (both were indexed as noise)', async () => {
  const dir = tempDir();
  writeFileSync(
    join(dir, 'le.txt'),
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('wide little turbine notes', 'utf16le')]),
  );
  const be = Buffer.from('wide big gearbox notes', 'utf16le').swap16();
  writeFileSync(join(dir, 'be.txt'), Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
  writeFileSync(join(dir, 'blob.txt'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1, 2, 3]));
  const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
  const r = await indexPath(kb, dir, { projectRoot: dir });
  assert.deepEqual(
    r.skipped.map((s) => [s.path.endsWith('blob.txt'), s.reason]),
    [[true, 'binary']],
  );
  assert.equal(kb.search('turbine').length, 1);
  assert.equal(kb.search('gearbox').length, 1);
  kb.close();
});

test('decodeText and looksBinary', () => {
  assert.deepEqual(decodeText(Buffer.from('\uFEFFplain', 'utf8')), { text: 'plain', encoding: 'utf-8' });
  assert.ok('binary' in decodeText(Buffer.from([1, 0, 2])));
  assert.equal(looksBinary('ELF\u0000\u0000\u0001'), true);
  assert.equal(looksBinary('ordinary text'), false);
});
