// The sidebar's live refresh (ProjectWatch through the shared ChangeGate): a session writing without pause must
// show while it writes, not only once it stops; the sidebar's own refresh is no change; switching projects drops
// the old folder. The exact timing arithmetic is the shared cases' job (shared/test/state/watch-rule.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { LiveRefresh } from '../../src/view/live-refresh.js';
import { nodeWatchDeps, type WatchDeps } from '../../src/view/project-watch.js';
import type { GateClock } from '../../../shared/src/state/watch-rule.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a store written every 100 ms for 3.5 s refreshes the sidebar while the writes go on, and once after', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-live-'));
  const db = new Database(join(dir, 'memory.db'));
  db.pragma('journal_mode = WAL');
  db.exec('create table t (x text)');
  const refreshes: number[] = [];
  // As the view does: each refresh shows a fresh state, which becomes the baseline.
  const live = new LiveRefresh(nodeWatchDeps, () => {
    refreshes.push(Date.now());
    live.shown(dir);
  });
  t.after(() => {
    live.dispose();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  live.shown(dir);
  await sleep(400); // the watch is attached and the setup's own events are settled
  refreshes.length = 0;
  const insert = db.prepare('insert into t values (?)');
  const started = Date.now();
  let writes = 0;
  let last = started;
  while (Date.now() - started < 3500) {
    insert.run(`row ${writes++}`);
    last = Date.now();
    await sleep(100);
  }
  const during = refreshes.filter((at) => at < last).length;
  t.diagnostic(`${during} refreshes during ${writes} writes over ${last - started} ms`);
  // Generous on purpose (CI is loaded): the cap looks at ~1, 2 and 3 s; the plain debounce gave 0.
  assert.ok(during >= 2, `${during} refreshes during ${writes} writes over ${last - started} ms`);
  for (let i = 0; i < 50 && !refreshes.some((at) => at >= last); i++) await sleep(100);
  assert.ok(
    refreshes.some((at) => at >= last),
    'the last write is shown once the writes stop',
  );
});

/** Watches and timers the test drives by hand. */
function world() {
  const folders = new Set<string>();
  const watches = new Map<string, (file: string | undefined) => void>();
  const deps: WatchDeps = {
    exists: (p) => folders.has(p),
    watch: (p, onEvent) => {
      watches.set(p, onEvent);
      return { close: () => watches.delete(p) };
    },
    setInterval: () => 0,
    clearInterval: () => undefined,
  };
  const timers = new Set<() => void>();
  const clock: GateClock = {
    now: () => 0,
    setTimeout: (fn) => (timers.add(fn), fn),
    clearTimeout: (h) => timers.delete(h as () => void),
  };
  return { folders, watches, deps, clock, timers, fire: () => [...timers].forEach((fn) => (timers.delete(fn), fn())) };
}

test("the sidebar's own refresh is no change; switching projects drops the old folder and its pending look", () => {
  const w = world();
  const a = mkdtempSync(join(tmpdir(), 'cm-live-a-'));
  const b = mkdtempSync(join(tmpdir(), 'cm-live-b-'));
  try {
    w.folders.add(a).add(join(a, 'memory-spool')).add(b).add(join(b, 'memory-spool'));
    let refreshes = 0;
    const live = new LiveRefresh(w.deps, () => refreshes++, w.clock);
    live.shown(a);
    assert.ok(w.watches.has(a));
    // A refresh of ours drained the spool into memory.db, then its state was shown.
    new Database(join(a, 'memory.db')).close();
    w.watches.get(a)!('memory.db');
    live.shown(a);
    w.fire();
    assert.equal(refreshes, 0, 'what the sidebar showed itself is not news');

    // Another process writes to A, but the workspace switches to B before the look.
    new Database(join(a, 'ledger.db')).close();
    w.watches.get(a)!('ledger.db');
    assert.equal(w.timers.size, 1);
    live.shown(b);
    assert.equal(w.timers.size, 0, "the old project's look is dropped");
    assert.equal(w.watches.has(a), false);
    new Database(join(b, 'ledger.db')).close();
    w.watches.get(b)!('ledger.db');
    w.fire();
    assert.equal(refreshes, 1, 'a write in the project shown now is');
    live.dispose();
    assert.equal(w.watches.size, 0);
  } finally {
    rmSync(a, { recursive: true, force: true });
    rmSync(b, { recursive: true, force: true });
  }
});

test('a refresh that answers after the view was disposed starts no watch and no timer again', () => {
  const w = world();
  const a = mkdtempSync(join(tmpdir(), 'cm-live-d-'));
  try {
    w.folders.add(a).add(join(a, 'memory-spool'));
    let refreshes = 0;
    const live = new LiveRefresh(w.deps, () => refreshes++, w.clock);
    live.shown(a);
    live.dispose();
    // The engine call in flight at dispose resolves: the view shows its state and tells the live refresh.
    live.shown(a);
    assert.equal(w.watches.size, 0, 'no watch outlives the view');
    new Database(join(a, 'ledger.db')).close();
    for (const onEvent of w.watches.values()) onEvent('ledger.db');
    w.fire();
    assert.equal(refreshes, 0);
  } finally {
    rmSync(a, { recursive: true, force: true });
  }
});
