import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { foldRedirectNotes } from '../../src/ledger/fold-redirect-notes.js';
import { readStats } from '../../src/ledger/ledger-stats.js';
import { closeLedgerHandles } from '../../src/ledger/record.js';
import { redirectNotesDir } from '../../src/ledger/redirect-notes.js';

const home = mkdtempSync(join(tmpdir(), 'cm-fold-home-'));
const env = { ...process.env, CONTEXT_MODE_HOME: home };
const projA = mkdtempSync(join(tmpdir(), 'cm-fold-a-'));
const projB = mkdtempSync(join(tmpdir(), 'cm-fold-b-'));
after(() => {
  closeLedgerHandles();
  for (const d of [home, projA, projB]) rmSync(d, { recursive: true, force: true });
});

const note = (projectDir: string, bytesAvoided: number, sessionId = 's1') =>
  JSON.stringify({
    at: 1_000,
    sessionId,
    host: 'claude-code',
    projectDir,
    tool: 'Bash',
    type: 'bash-redirected',
    bytesAvoided,
    summary: 'git log',
  });

test('redirect notes land in their own project ledgers once; garbage lines and a stale claim are handled', () => {
  const dir = redirectNotesDir(env);
  mkdirSync(join(projA, 'sub'), { recursive: true });
  mkdirSync(join(projA, '.git'));
  mkdirSync(dir, { recursive: true });
  // A note from a subdirectory of a git project counts for the repository root.
  writeFileSync(
    join(dir, 's1.jsonl'),
    [note(join(projA, 'sub'), 1_000), '{"half": ', 'not json', note(projB, 300, 's2'), ''].join('\n'),
  );
  // A claim left by a reader that died a while ago.
  const stale = join(dir, 's3.jsonl.999-1.folding');
  writeFileSync(stale, `${note(projA, 20, 's3')}\n`);
  utimesSync(stale, new Date(0), new Date(0));
  // A fresh claim belongs to a reader still at work: left alone.
  const fresh = join(dir, 's4.jsonl.998-1.folding');
  writeFileSync(fresh, `${note(projA, 5, 's4')}\n`);

  assert.equal(foldRedirectNotes(env), 3);
  assert.deepEqual(readdirSync(dir), ['s4.jsonl.998-1.folding']);
  assert.equal(existsSync(fresh), true);
  const a = readStats(projA, { env });
  assert.equal(a.projectTotals.redirectEstimateBytes, 1_020);
  assert.equal(a.projectTotals.savedBytes, 0);
  assert.equal(readStats(projB, { env }).projectTotals.redirectEstimateBytes, 300);
  assert.equal(foldRedirectNotes(env), 0, 'nothing is folded twice');
});

test('no notes directory: nothing to fold, no error', () => {
  const empty = mkdtempSync(join(tmpdir(), 'cm-fold-empty-'));
  assert.equal(foldRedirectNotes({ ...process.env, CONTEXT_MODE_HOME: empty }), 0);
  rmSync(empty, { recursive: true, force: true });
});
