import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openKnowledgeBase } from '@context-mode/shared/knowledge/open-knowledge-base';
import { purgeProjectData } from '@context-mode/shared/memory/purge-project-data';
import { ensureProject } from '@context-mode/shared/project/project-identity';
import { tempDirs } from './temp-dirs.js';

const tempDir = tempDirs('cm-rel-full-');

/** A really full file system: a 3 MiB tmpfs. Mounting needs root; elsewhere the test says so and skips. */
function smallDisk(): string | undefined {
  const dir = tempDir();
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  after(() => execFileSync('umount', ['-l', dir], { stdio: 'ignore' }));
  return dir;
}

test('ctx_purge frees a full disk (it failed with "database or disk is full"), and writes work again', (t) => {
  const disk = smallDisk();
  if (!disk) {
    t.skip('needs a small tmpfs (root) to fill a real file system');
    return;
  }
  const project = tempDir();
  const env = { ...process.env, CONTEXT_MODE_HOME: join(disk, 'home') };
  mkdirSync(env.CONTEXT_MODE_HOME, { recursive: true });
  const paths = ensureProject(project, env);
  let kb = openKnowledgeBase({ path: paths.knowledgeDb });
  let full: unknown;
  for (let i = 0; i < 200 && !full; i++) {
    try {
      kb.index({ source: `blob-${i}`, content: randomBytes(96 * 1024).toString('base64'), format: 'text' });
    } catch (err) {
      full = err;
    }
  }
  assert.match(String(full), /full|SQLITE_FULL|ENOSPC/i, 'the disk filled up');
  kb.close(); // the WAL is checkpointed and removed: no journal space is left lying around
  kb = openKnowledgeBase({ path: paths.knowledgeDb });
  // Whatever the failed write gave back is taken by another program, as on a real full disk.
  const filler = openSync(join(disk, 'filler'), 'w');
  try {
    for (;;) writeSync(filler, Buffer.alloc(4096, 1));
  } catch {
    // ENOSPC: the disk is full to the last block.
  } finally {
    closeSync(filler);
  }
  // A failed COMMIT must not poison later writes either (15.2), but first the space must come back.
  const result = purgeProjectData(project, { scope: 'project', knowledge: kb, env });
  assert.equal(result.knowledgeChunks, 'all');
  // Rows are deleted when the journal has room left from the failed write; otherwise the files are deleted.
  console.log(`purge on a full disk: ${result.byDeletingFiles ? 'store files deleted' : 'rows deleted'}`);
  assert.equal(kb.stats().sources, 0);
  kb.index({ source: 'after', content: 'space is back for the turbine notes', format: 'text' });
  assert.equal(kb.search('turbine').length, 1);
  kb.close();
});

test('the purge fallback that needs no journal space: the knowledge base file is deleted and reopened empty', () => {
  const dir = tempDir();
  const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
  kb.index({ source: 'a', content: 'alpha beta', format: 'text' });
  kb.resetFile?.();
  assert.equal(kb.stats().sources, 0);
  kb.index({ source: 'b', content: 'gamma delta', format: 'text' });
  assert.equal(kb.search('gamma').length, 1);
  kb.close();
});
