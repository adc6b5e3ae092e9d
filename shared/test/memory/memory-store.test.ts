import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { ExtractedEvent } from '../../src/memory/event-types.js';
import { openMemoryStore } from '../../src/memory/open-memory-store.js';
import { searchMemory } from '../../src/memory/search-memory.js';

const home = mkdtempSync(join(tmpdir(), 'cm-mem-home-'));
const dirs: string[] = [home];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function project(env: NodeJS.ProcessEnv = { ...process.env, CONTEXT_MODE_HOME: home }) {
  const root = mkdtempSync(join(tmpdir(), 'cm-mem-proj-'));
  dirs.push(root);
  return { root, env, store: openMemoryStore(root, env) };
}
const ev = (
  category: ExtractedEvent['category'],
  data: string,
  priority: ExtractedEvent['priority'] = 2,
  type = category,
): ExtractedEvent => ({ category, type, priority, data });

test('an event equal to one of the last five is skipped; older repeats are kept', () => {
  const { store } = project();
  store.addEvents('s', [ev('file', 'a.ts'), ev('file', 'a.ts')]);
  assert.equal(store.sessionEvents('s').length, 1);
  for (const f of ['b', 'c', 'd', 'e', 'f']) store.addEvents('s', [ev('file', f)]);
  store.addEvents('s', [ev('file', 'a.ts')]);
  assert.equal(store.sessionEvents('s').length, 7);
  store.close();
});

test('past the cap, the least important and oldest go first; prompts, goals, decisions and rules stay', () => {
  const { root, store } = project();
  store.close();
  const capped = openMemoryStore(root, {
    ...process.env,
    CONTEXT_MODE_HOME: home,
    CONTEXT_MODE_MEMORY_MAX_EVENTS: '5',
  });
  capped.addEvents('s', [
    ev('user-prompt', 'first prompt', 4),
    ev('goal', 'the goal', 4),
    ev('decision', 'use sqlite', 4),
    ev('rule', 'CLAUDE.md', 4),
  ]);
  capped.addEvents('s', [ev('mcp', 'm1', 1), ev('file', 'f1', 2), ev('mcp', 'm2', 1), ev('error', 'e1', 3)]);
  const kept = capped.sessionEvents('s').map((e) => e.data);
  assert.deepEqual(kept, ['first prompt', 'the goal', 'use sqlite', 'CLAUDE.md', 'e1']);
  assert.equal(capped.session('s')?.eventCount, 5);
  capped.close();
});

test('pinned events survive eviction and retention; delete removes one event', () => {
  const { root, store } = project();
  const [id] = store.addEvents('s', [ev('mcp', 'keep me', 1)], { now: 1_000 });
  assert.equal(store.pin(id!), true);
  store.addEvents('s', [ev('file', 'old file', 2)], { now: 1_000 });
  store.addEvents('fresh', [ev('file', 'new', 2)], { now: 10 * 86_400_000 });
  const removed = store.cleanup({ days: 7, now: 10 * 86_400_000 });
  assert.equal(removed.events, 1);
  assert.deepEqual(
    store
      .listEvents()
      .map((e) => e.data)
      .sort(),
    ['keep me', 'new'],
  );
  assert.equal(store.deleteEvent(id!), true);
  assert.equal(store.deleteEvent(id!), false);
  assert.equal(store.pin(999_999), false);
  store.close();
  void root;
});

test('a later success of the same call resolves an open error', () => {
  const { store } = project();
  store.addEvents(
    's',
    [{ category: 'error', type: 'error_tool', priority: 3, data: 'npm test → FAIL', key: 'shell:npm test' }],
    { call: { key: 'shell:npm test', failed: true, label: 'npm test' } },
  );
  store.addEvents('s', [], { call: { key: 'shell:npm test', failed: false, label: 'npm test' } });
  store.addEvents('s', [], { call: { key: 'shell:npm test', failed: false, label: 'npm test' } });
  assert.deepEqual(
    store.sessionEvents('s').map((e) => e.type),
    ['error_tool', 'error_resolved'],
  );
  store.close();
});

test('a snapshot is claimed once: own first, else the newest unconsumed of another session', () => {
  const { store } = project();
  store.saveSnapshot('old', 'OLD', { now: 1 });
  store.saveSnapshot('newer', 'NEWER', { now: 2 });
  assert.equal(store.claimSnapshot('mine', { others: false })?.snapshot, undefined);
  assert.equal(store.claimSnapshot('mine', { others: true })?.snapshot, 'NEWER');
  assert.equal(store.claimSnapshot('other', { others: true })?.snapshot, 'OLD');
  assert.equal(store.claimSnapshot('third', { others: true }), undefined);
  store.saveSnapshot('mine', 'MINE', { now: 3 });
  assert.equal(store.claimSnapshot('mine', { others: true })?.snapshot, 'MINE');
  store.close();
});

test('purge of a session leaves other sessions alone; purge of the project empties it', () => {
  const { store } = project();
  store.addEvents('a', [ev('file', 'x')]);
  store.addEvents('b', [ev('file', 'y')]);
  store.saveSnapshot('a', 'S');
  assert.equal(store.purgeSession('a'), 1);
  assert.deepEqual(
    store.listEvents().map((e) => e.sessionId),
    ['b'],
  );
  assert.equal(store.claimSnapshot('z', { others: true }), undefined);
  store.purgeAll();
  assert.equal(store.listEvents().length, 0);
  store.close();
});

test('timeline search filters by category and never bleeds across projects', () => {
  const a = project();
  const b = project(a.env);
  a.store.addEvents('s1', [ev('decision', 'use sqlite for memory', 4), ev('file', 'src/sqlite.ts')], { now: 1_000 });
  b.store.addEvents('s2', [ev('decision', 'use postgres', 4)]);
  a.store.close();
  b.store.close();
  const hits = searchMemory(a.root, 'sqlite', { limit: 5 }, a.env);
  assert.equal(hits.length, 2);
  const decisions = searchMemory(a.root, 'sqlite', { limit: 5, source: 'decision' }, a.env);
  assert.deepEqual(
    decisions.map((h) => h.snippet),
    ['use sqlite for memory'],
  );
  assert.equal(decisions[0]?.time, new Date(1_000).toISOString());
  assert.equal(searchMemory(a.root, 'postgres', { limit: 5 }, a.env).length, 0);
  assert.equal(searchMemory(a.root, 'sqlite memory nomatch', { limit: 5 }, a.env).length, 2, 'falls back to any term');
  assert.equal(searchMemory(a.root, 'sqlite', { limit: 5, sessionId: 'unknown-to-memory' }, a.env).length, 2);
  assert.equal(searchMemory(mkdtempSync(join(tmpdir(), 'cm-none-')), 'x', { limit: 3 }, a.env).length, 0);
});

test('LIKE wildcards in a search are literal', () => {
  const a = project();
  a.store.addEvents('s', [ev('file', 'a_b.ts'), ev('file', 'axb.ts')]);
  assert.deepEqual(
    a.store.listEvents({ search: 'a_b' }).map((e) => e.data),
    ['a_b.ts'],
  );
  assert.deepEqual(a.store.listEvents({ search: '100%' }), []);
  a.store.close();
});

test('the post-tool spool is moved into the store in call order, once, by whoever opens it first', async () => {
  const { spoolEntry } = await import('../../src/memory/memory-spool.js');
  const { projectPaths } = await import('../../src/project/project-identity.js');
  const a = project();
  const dir = projectPaths(a.root, a.env).dir;
  a.store.close();
  spoolEntry(dir, { sessionId: 's', host: 'h', worktree: a.root, now: 2_000, events: [ev('file', 'second')] });
  spoolEntry(dir, {
    sessionId: 's',
    host: 'h',
    worktree: a.root,
    now: 1_000,
    events: [{ category: 'error', type: 'error_tool', priority: 3, data: 'tsc failed', key: 'shell:tsc' }],
    call: { key: 'shell:tsc', failed: true, label: 'tsc' },
  });
  spoolEntry(dir, {
    sessionId: 's',
    host: 'h',
    worktree: a.root,
    now: 3_000,
    events: [],
    call: { key: 'shell:tsc', failed: false, label: 'tsc' },
  });
  const first = openMemoryStore(a.root, a.env);
  const second = openMemoryStore(a.root, a.env);
  assert.deepEqual(
    first.sessionEvents('s').map((e) => e.data),
    ['tsc failed', 'second', 'resolved: tsc'],
  );
  assert.equal(second.sessionEvents('s').length, 3);
  first.close();
  second.close();
});
