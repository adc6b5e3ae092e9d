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
  const text = Array.from(
    { length: 3000 },
    (_, i) => `line ${i} about widgets, gadgets and sprockets number ${i * 31}`,
  ).join('\n');
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
  assert.ok(
    readdirSync(dir).some((f) => f.startsWith('knowledge.db.corrupt-')),
    'the damaged file is kept',
  );
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

test('session memory with garbage in interior pages: the next prompt hook moves it aside and records again', async () => {
  const { getHost } = await import('@context-mode/shared/platforms/host-table');
  const { openMemoryStore } = await import('@context-mode/shared/memory/open-memory-store');
  const { projectPaths } = await import('@context-mode/shared/project/project-identity');
  const { recordPrompt } = await import('@context-mode/shared/memory/session-hooks');
  const home = tempDir();
  const project = tempDir();
  const env = { ...process.env, CONTEXT_MODE_HOME: home };
  const store = openMemoryStore(project, env);
  for (let i = 0; i < 30; i++) {
    store.addEvents(
      `s${i}`,
      Array.from({ length: 30 }, (_, j) => ({
        category: 'file' as const,
        type: 'file_read',
        priority: 2 as const,
        data: `src/module-${i}/file-${j}.ts ${'x'.repeat(200)}`,
      })),
    );
  }
  store.close();
  const path = projectPaths(project, env).memoryDb;
  const size = statSync(path).size;
  const fd = openSync(path, 'r+');
  // Every page but the schema page: whatever the hook reads is garbage.
  const span = size - 4096 * 2;
  writeSync(fd, Buffer.alloc(span, 0x5a), 0, span, 4096 * 2);
  closeSync(fd);
  assert.equal(storeHealth(path).state, 'corrupt');
  const s = { projectDir: project, sessionId: 's3', host: getHost('claude-code'), env };
  recordPrompt(s, 'please fix the flaky login test');
  assert.ok(readdirSync(projectPaths(project, env).dir).some((f) => f.startsWith('memory.db.corrupt-')));
  const again = openMemoryStore(project, env);
  assert.match(
    again
      .listEvents({ sessionId: 's3' })
      .map((e) => e.data)
      .join('\n'),
    /flaky login test/,
  );
  again.close();
});
