import assert from 'node:assert/strict';
import { closeSync, existsSync, openSync, readdirSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { storeHealth } from '@context-mode/shared/db/store-health';
import { openKnowledgeBase } from '@context-mode/shared/knowledge/open-knowledge-base';
import { takeRecoveryNote } from '@context-mode/shared/knowledge/recovery-note';
import { tempDirs } from './temp-dirs.js';

const tempDir = tempDirs('cm-rel-pages-');

/** A knowledge base whose header and schema page are intact but whose interior pages hold garbage. */
function damagedStore(dir: string): string {
  const path = join(dir, 'knowledge.db');
  const kb = openKnowledgeBase({ path });
  const text = Array.from({ length: 3000 }, (_, i) => `line ${i} about widgets, gadgets and sprockets number ${i * 31}`).join('\n');
  kb.index({ source: 'big', content: text, format: 'text' });
  kb.close(); // checkpoints the WAL into the file
  const size = statSync(path).size;
  const fd = openSync(path, 'r+');
  const garbage = Buffer.alloc(4096 * 8, 0xa5);
  writeSync(fd, garbage, 0, garbage.length, Math.floor(size / 2 / 4096) * 4096);
  closeSync(fd);
  return path;
}

test('garbage in interior pages: the store is moved aside at the first failing query, not "malformed" forever', () => {
  const dir = tempDir();
  const path = damagedStore(dir);
  assert.equal(storeHealth(path).state, 'corrupt', 'doctor sees the damage a plain open does not');
  const kb = openKnowledgeBase({ path }); // page 1 is fine: the open succeeds
  const hits = kb.search('sprockets widgets');
  assert.deepEqual(hits, []);
  assert.match(takeRecoveryNote(kb), /moved to .*knowledge\.db\.corrupt-/);
  assert.ok(readdirSync(dir).some((f) => f.startsWith('knowledge.db.corrupt-')), 'the damaged file is kept');
  kb.index({ source: 'again', content: 'fresh content about turbines', format: 'text' });
  assert.equal(kb.search('turbines').length, 1);
  kb.close();
  assert.equal(storeHealth(path).state, 'ok');
});

test('doctor notes a zero-length store file instead of reporting it silently as empty', () => {
  const dir = tempDir();
  const path = join(dir, 'memory.db');
  writeFileSync(path, '');
  assert.equal(storeHealth(path).state, 'empty');
  assert.match(storeHealth(path).detail, /zero-length/);
  assert.equal(storeHealth(join(dir, 'nope.db')).state, 'missing');
  assert.ok(!existsSync(join(dir, 'nope.db')));
});
