import assert from 'node:assert/strict';
import { readdirSync, renameSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { claimSpool, SPOOL_DIR, spoolEntry } from '@context-mode/shared/memory/memory-spool';
import { tempDirs } from './temp-dirs.js';

const tempDir = tempDirs('cm-rel-spool-');

function fill(dir: string, n: number, ageMs: number): void {
  for (let i = 0; i < n; i++) {
    spoolEntry(dir, {
      sessionId: 's',
      host: 'claude-code',
      worktree: '/w',
      now: Date.now() - ageMs,
      events: [{ category: 'file', type: 'file_read', priority: 1, data: `f${i}` }],
    });
  }
  const spool = join(dir, SPOOL_DIR);
  const old = (Date.now() - ageMs) / 1000;
  for (const f of readdirSync(spool)) utimesSync(join(spool, f), old, old);
}

test('a fresh claim of an old spool file is not taken again by a second reader (200 events became 553 rows)', () => {
  const dir = tempDir();
  fill(dir, 200, 5 * 60_000);
  const first = claimSpool(dir);
  assert.equal(first.entries.length, 200);
  const second = claimSpool(dir);
  assert.equal(second.entries.length, 0, 'files just claimed are not stale, whatever their write time');
  first.done();
  assert.deepEqual(readdirSync(join(dir, SPOOL_DIR)), []);
});

test('a claim left by a reader that died is still taken over once it is stale, exactly once', () => {
  const dir = tempDir();
  fill(dir, 5, 0);
  claimSpool(dir); // never calls done(): the reader died
  const later = Date.now() + 61_000;
  const rescue = claimSpool(dir, later);
  assert.equal(rescue.entries.length, 5);
  assert.equal(claimSpool(dir, later).entries.length, 0);
  // Claims in the older name format (`.claimed-<pid>`, judged by mtime) are recovered too.
  const spool = join(dir, SPOOL_DIR);
  const [one] = readdirSync(spool);
  renameSync(join(spool, one!), join(spool, one!.replace(/\.claimed-.*$/, '.claimed-12345')));
  const old = (Date.now() - 120_000) / 1000;
  utimesSync(join(spool, one!.replace(/\.claimed-.*$/, '.claimed-12345')), old, old);
  assert.equal(claimSpool(dir).entries.length, 1);
});
