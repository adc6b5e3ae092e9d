import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { readStats } from '../../src/ledger/ledger-stats.js';
import { closeLedgerHandles, recordLedger } from '../../src/ledger/record.js';
import type { LedgerEntry } from '../../src/ledger/types.js';

const home = mkdtempSync(join(tmpdir(), 'cm-ledger-home-'));
const env = { ...process.env, CONTEXT_MODE_HOME: home };
const projA = mkdtempSync(join(tmpdir(), 'cm-ledger-a-'));
const projB = mkdtempSync(join(tmpdir(), 'cm-ledger-b-'));
after(() => {
  closeLedgerHandles();
  for (const d of [home, projA, projB]) rmSync(d, { recursive: true, force: true });
});

const e = (x: Partial<LedgerEntry>): LedgerEntry => ({
  sessionId: 's1',
  host: 'claude-code',
  tool: 'ctx_execute',
  kind: 'sandbox',
  rawBytes: 0,
  returnedBytes: 0,
  ...x,
});

test('stats apply the one formula: saved = raw − returned for sandbox/index/fetch/hook-replace only', () => {
  recordLedger(projA, e({ rawBytes: 10_000, returnedBytes: 1_000, time: 1 }), env); // saves 9,000
  recordLedger(
    projA,
    e({ tool: 'ctx_fetch_and_index', kind: 'fetch', rawBytes: 50_000, returnedBytes: 2_000, time: 2 }),
    env,
  ); // 48,000
  recordLedger(projA, e({ tool: 'ctx_search', kind: 'search', rawBytes: 0, returnedBytes: 3_000, time: 3 }), env); // cost of retrieval, no saving
  recordLedger(projA, e({ tool: 'Bash', kind: 'hook-redirect', rawBytes: 8_192, returnedBytes: 0, time: 4 }), env); // estimate, apart
  recordLedger(projA, e({ tool: 'routing-block', kind: 'own-cost', rawBytes: 0, returnedBytes: 1_200, time: 5 }), env);
  recordLedger(projA, e({ sessionId: 's2', rawBytes: 500, returnedBytes: 800, time: 6 }), env); // returned > raw: 0, never negative
  const s = readStats(projA, { env, sessionId: 's1' });
  assert.equal(s.session?.savedBytes, 57_000);
  assert.equal(s.session?.ownCostBytes, 1_200);
  assert.equal(s.session?.netBytes, 55_800);
  assert.equal(s.session?.redirectEstimateBytes, 8_192);
  assert.equal(s.session?.returnedBytes, 6_000);
  assert.equal(s.session?.estimatedTokens.saved, 14_250);
  assert.equal(s.projectTotals.savedBytes, 57_000);
  assert.equal(s.projectTotals.entries, 6);
  assert.equal(s.bytesPerToken, 4);
  assert.equal(s.tokensAreEstimates, true);
  assert.equal(s.tools[0]?.tool, 'ctx_fetch_and_index');
});

test('without a session id, stats report the most recent session', () => {
  const s = readStats(projA, { env });
  assert.equal(s.session?.id, 's2');
  assert.equal(s.session?.savedBytes, 0);
});

test('all-time totals add up every project under the data home', () => {
  recordLedger(projB, e({ sessionId: 'b1', rawBytes: 2_000, returnedBytes: 500 }), env);
  const s = readStats(projB, { env });
  assert.equal(s.projectTotals.savedBytes, 1_500);
  assert.equal(s.allTime.savedBytes, 58_500);
  assert.equal(s.allTime.projects, 2);
});

test('recordLedger never throws, whatever it is given', () => {
  assert.doesNotThrow(() => recordLedger(projA, { ...e({}), kind: 'bogus' as never }, env));
  assert.doesNotThrow(() => recordLedger(projA, null as never, env));
  assert.doesNotThrow(() => recordLedger(projA, e({ rawBytes: Number.NaN, returnedBytes: -5 }), env));
  assert.doesNotThrow(() => recordLedger(projA, e({}), { ...env, CONTEXT_MODE_HOME: 'relative/path' }));
});

test('stats of a project with no ledger are zeros, not an error', () => {
  const empty = mkdtempSync(join(tmpdir(), 'cm-ledger-empty-'));
  const s = readStats(empty, { env });
  assert.equal(s.session, null);
  assert.equal(s.projectTotals.savedBytes, 0);
  rmSync(empty, { recursive: true, force: true });
});
