// The messages `ctxmode action` answers, as checked in under shared/test/protocol/golden/actions/ (written from a
// real run by server/test/cli/protocol-golden.test.ts): each file holds what the dashboard page reads, for every
// action the engine accepts. The VS Code unit tests and the JetBrains plugin's tests parse the same files.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { DashboardAction, DashboardMessage } from '@context-mode/shared/protocol/dashboard';
import { parseDashboardAction } from '../../src/dashboard/dashboard-actions.js';
import { GOLDEN_DIR } from '../cli/protocol-golden-helpers.js';

const DIR = join(GOLDEN_DIR, 'actions');
const ACTIONS: Record<DashboardAction['type'], DashboardAction> = {
  refresh: { type: 'refresh' },
  search: { type: 'search', query: 'q' },
  pinEvent: { type: 'pinEvent', id: 1, pinned: true },
  deleteEvent: { type: 'deleteEvent', id: 1 },
  deleteSource: { type: 'deleteSource', label: 'l' },
  purge: { type: 'purge', scope: 'session' },
};

function messages(name: string): DashboardMessage[] {
  const doc = JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as unknown;
  assert.ok(Array.isArray(doc), `${name}: an action answers an array of messages`);
  return doc as DashboardMessage[];
}

/** What the page reads of each message (shared/dashboard/src/main.ts), checked field by field. */
function assertReadable(m: DashboardMessage, where: string): void {
  if (m.type === 'state') {
    assert.equal(m.state.schema, 'context-mode.dashboard-state/1', where);
    for (const k of ['project', 'stats', 'series', 'memory', 'sources'] as const)
      assert.ok(m.state[k], `${where}: ${k}`);
    assert.ok(Array.isArray(m.state.memory.events) && Array.isArray(m.state.sources.items), where);
  } else if (m.type === 'searchResult') {
    assert.equal(typeof m.query, 'string', where);
    for (const h of m.result.knowledge.hits)
      assert.deepEqual([typeof h.source, typeof h.title, typeof h.snippet], ['string', 'string', 'string'], where);
    assert.ok(Array.isArray(m.result.memory.events), where);
  } else if (m.type === 'error') {
    assert.deepEqual([typeof m.action, typeof m.message], ['string', 'string'], where);
  } else assert.fail(`${where}: a message type the page does not know: ${(m as { type: string }).type}`);
}

test('every action the engine accepts has a golden file of its messages, and nothing else is there', () => {
  for (const a of Object.values(ACTIONS)) assert.ok(parseDashboardAction(a).ok, a.type);
  const files = readdirSync(DIR).map((f) => f.replace(/\.json$/, ''));
  assert.deepEqual(files.sort(), Object.keys(ACTIONS).sort());
});

test('each golden message is one the page reads, with the fields it reads', () => {
  for (const name of Object.keys(ACTIONS)) messages(name).forEach((m, i) => assertReadable(m, `${name}[${i}]`));
  assert.deepEqual(
    messages('search').map((m) => m.type),
    ['searchResult'],
  );
  assert.deepEqual(
    messages('deleteEvent').map((m) => m.type),
    ['error', 'state'],
  );
});
