import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resultBudget } from '@context-mode/shared/budget/result-budget';
import { searchBudget } from '@context-mode/shared/knowledge/format-search';
import { privateFetchAllowed } from '@context-mode/shared/policy/ssrf';
import {
  DEFAULT_RESULT_BUDGET,
  DEFAULT_SEARCH_BUDGET,
  readSetting,
  readSettings,
  SETTINGS,
} from '@context-mode/shared/settings/settings';

test('with nothing set every setting has its documented default', () => {
  const s = readSettings({});
  assert.equal(s.resultBudget, DEFAULT_RESULT_BUDGET);
  assert.equal(s.searchBudget, DEFAULT_SEARCH_BUDGET);
  assert.equal(s.warm, true);
  assert.equal(s.allowPrivateFetch, false);
  assert.equal(s.home, undefined);
  assert.equal(s.bashNudgeMinCommandBytes, undefined);
  assert.deepEqual(s.passEnv, []);
});

test('a typo or out-of-range value falls back to the default instead of breaking anything', () => {
  const env = {
    CONTEXT_MODE_RESULT_BUDGET: 'lots',
    CONTEXT_MODE_SEARCH_BUDGET: '12',
    CONTEXT_MODE_OUTPUT_CAP_BYTES: '0.5',
    CONTEXT_MODE_HOOK_STDIN_IDLE_MS: '-3',
    CONTEXT_MODE_EXTERNAL_MCP_NUDGE_EVERY: '1000',
    CONTEXT_MODE_SQLITE_DRIVER: 'mysql',
    CONTEXT_MODE_HOME: '   ',
  };
  const s = readSettings(env);
  assert.equal(s.resultBudget, DEFAULT_RESULT_BUDGET);
  assert.equal(s.searchBudget, DEFAULT_SEARCH_BUDGET);
  assert.equal(s.outputCapBytes, 16 * 1024 * 1024, 'a fractional cap below one byte must not stop every process');
  assert.equal(s.hookStdinIdleMs, 1500);
  assert.equal(s.externalMcpNudgeEvery, 10);
  assert.equal(s.sqliteDriver, undefined);
  assert.equal(s.home, undefined);
});

test('valid values are taken, trimmed, and the result budget is never below what can name the rest', () => {
  const s = readSettings({
    CONTEXT_MODE_RESULT_BUDGET: '100',
    CONTEXT_MODE_SEARCH_BUDGET: '3000',
    CONTEXT_MODE_WARM: ' 0 ',
    CONTEXT_MODE_SQLITE_DRIVER: 'better-sqlite3',
    CONTEXT_MODE_HOME: ' /data/cm ',
    CONTEXT_MODE_PASS_ENV: 'AWS_*, GITHUB_TOKEN ,',
  });
  assert.equal(s.resultBudget, 512);
  assert.equal(s.searchBudget, 3000);
  assert.equal(s.warm, false);
  assert.equal(s.sqliteDriver, 'better-sqlite3');
  assert.equal(s.home, '/data/cm');
  assert.deepEqual(s.passEnv, ['AWS_*', 'GITHUB_TOKEN']);
});

test('switches accept 1, true and yes in any case, and every caller agrees', () => {
  for (const v of ['1', 'true', 'YES', ' True ']) {
    assert.equal(readSetting('allowPrivateFetch', { CONTEXT_MODE_ALLOW_PRIVATE_FETCH: v }), true, v);
    assert.equal(readSetting('allowOutside', { CONTEXT_MODE_ALLOW_OUTSIDE: v }), true, v);
    assert.equal(privateFetchAllowed({ CONTEXT_MODE_ALLOW_PRIVATE_FETCH: v }), true, v);
  }
  assert.equal(readSetting('allowOutside', { CONTEXT_MODE_ALLOW_OUTSIDE: '0' }), false);
});

test('the budget readers use the same parse as the settings table', () => {
  assert.equal(resultBudget({ CONTEXT_MODE_RESULT_BUDGET: '8000' }), 8000);
  assert.equal(searchBudget(3, 1, { CONTEXT_MODE_SEARCH_BUDGET: '3000' }), 3000);
  assert.equal(searchBudget(3, 1, {}), DEFAULT_SEARCH_BUDGET);
});

test('every setting names a CONTEXT_MODE_ variable once and says what it does', () => {
  const names = Object.values(SETTINGS).map((s) => s.name);
  assert.equal(new Set(names).size, names.length);
  for (const s of Object.values(SETTINGS)) assert.ok(s.doc.length > 10, s.name);
});
