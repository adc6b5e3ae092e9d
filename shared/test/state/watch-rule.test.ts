// The watcher rule every shell uses, over the cases the Kotlin port is tested against too (which events count,
// which folder changes are new data, when a look runs), and over a real SQLite store: reading it (as a refresh
// does) is no change, writing it is.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import {
  ChangeGate,
  isStoreEvent,
  SPOOL_DIR,
  storeSignature,
  WATCH_DEBOUNCE_MS,
  WATCH_MAX_WAIT_MS,
  type GateClock,
  type SignatureFs,
} from '../../src/state/watch-rule.js';

type Files = Record<string, [number, number] | string[]>;
interface Cases {
  events: Array<{ file: string; counts: boolean }>;
  signatures: Array<{ name: string; before: Files; after: Files; changed: boolean }>;
  looks: Array<{ name: string; events: number[]; looks: number[] }>;
}
const cases = JSON.parse(readFileSync(new URL('./watch-rule-cases.json', import.meta.url), 'utf8')) as Cases;

function fakeFs(files: Files): SignatureFs {
  return {
    stat: (p) => {
      const f = files[p.slice('/d/'.length)];
      return Array.isArray(f) && typeof f[0] === 'number' ? { size: f[0], mtimeMs: f[1] as number } : undefined;
    },
    list: (d) => (files[`${d.slice('/d/'.length)}/`] as string[] | undefined) ?? [],
  };
}

test('which file events the rule listens to (shared cases)', () => {
  for (const c of cases.events) assert.equal(isStoreEvent(c.file), c.counts, c.file);
  assert.equal(isStoreEvent(undefined), false);
});

test('which changes of the folder count as new data (shared cases)', () => {
  for (const c of cases.signatures) {
    const moved = storeSignature('/d', fakeFs(c.before)) !== storeSignature('/d', fakeFs(c.after));
    assert.equal(moved, c.changed, c.name);
  }
});

/** A clock the test moves by hand: advancing runs the timers due by then, in time order. */
function fakeClock() {
  let now = 0;
  let ids = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: GateClock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      timers.set(++ids, { at: now + ms, fn });
      return ids;
    },
    clearTimeout: (h) => timers.delete(h as number),
  };
  return {
    clock,
    /** A timer due at `t` runs before whatever the test does at `t`: the look may have read the stores already. */
    advance(t: number) {
      for (;;) {
        const next = [...timers].filter(([, x]) => x.at <= t).sort((a, b) => a[1].at - b[1].at)[0];
        if (!next) break;
        timers.delete(next[0]);
        now = next[1].at;
        next[1].fn();
      }
      now = Math.max(now, t);
    },
    get pending() {
      return timers.size;
    },
  };
}

test('when a look runs: a debounce after each event, capped at the max wait (shared cases)', () => {
  assert.equal(WATCH_DEBOUNCE_MS, 250, 'the cases are written for a 250 ms debounce');
  assert.equal(WATCH_MAX_WAIT_MS, 1000, 'and a 1 s cap');
  for (const c of cases.looks) {
    // Every event is a write, so every look finds the signature moved and reports it.
    let writes = 0;
    const fs: SignatureFs = {
      stat: (p) => (p.endsWith('memory.db') ? { size: writes, mtimeMs: 0 } : undefined),
      list: () => [],
    };
    const t = fakeClock();
    const looks: number[] = [];
    const gate = new ChangeGate('/d', () => looks.push(t.clock.now()), t.clock, fs);
    for (const at of c.events) {
      t.advance(at);
      writes++;
      gate.event('memory.db-wal');
    }
    t.advance(Number.MAX_SAFE_INTEGER);
    assert.deepEqual(looks, c.looks, c.name);
  }
});

test('the gate: its own refresh is no change, dispose stops the pending look, a poke counts like an event', () => {
  const files: Files = { 'memory.db': [4096, 1000] };
  const t = fakeClock();
  let fired = 0;
  const gate = new ChangeGate('/d', () => fired++, t.clock, fakeFs(files));
  gate.event('memory.db-wal');
  files['memory.db'] = [8192, 2000]; // the caller's refresh drained the spool into memory.db
  gate.markShown();
  t.advance(1000);
  assert.equal(fired, 0, 'what the caller showed itself is not news');
  gate.poke();
  files['memory-spool/'] = ['1-a.json'];
  t.advance(2000);
  assert.equal(fired, 1, 'a poke is looked at like an event');
  gate.event('memory.db');
  files['memory-spool/'] = ['1-a.json', '2-b.json'];
  gate.dispose();
  assert.equal(t.pending, 0);
  t.advance(5000);
  assert.equal(fired, 1, 'nothing after dispose');
});

test('a real store: a reader is no change, a write is, and a burst of events fires once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-watch-'));
  try {
    const path = join(dir, 'memory.db');
    const w = new Database(path);
    w.pragma('journal_mode = WAL');
    w.exec('create table t (x text)');
    w.close();
    let fired = 0;
    const pending: Array<() => void> = [];
    const gate = new ChangeGate(dir, () => fired++, {
      now: () => 0,
      setTimeout: (fn) => pending.push(fn),
      clearTimeout: () => pending.splice(0),
    });
    const r = new Database(path, { readonly: true });
    r.prepare('select count(*) from t').get();
    r.close();
    gate.event('memory.db-wal');
    gate.event('memory.db-shm');
    pending.splice(0).forEach((f) => f());
    assert.equal(fired, 0, 'reading the store is not a change');

    const w2 = new Database(path);
    w2.prepare('insert into t values (?)').run('hello');
    for (let i = 0; i < 5; i++) gate.event('memory.db-wal');
    assert.equal(pending.length, 1, 'one timer for the burst');
    pending.splice(0).forEach((f) => f());
    w2.close();
    assert.equal(fired, 1, 'a write is a change');
    gate.event(SPOOL_DIR);
    gate.event('project.json');
    assert.equal(pending.length, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
