// The watcher rule every shell uses, over the cases the Kotlin port is tested against too, and over a real
// SQLite store: reading it (as a refresh does) is no change, writing it is.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { ChangeGate, isStoreEvent, SPOOL_DIR, storeSignature, type SignatureFs } from '../../src/state/watch-rule.js';

type Files = Record<string, [number, number] | string[]>;
interface Cases {
  events: Array<{ file: string; counts: boolean }>;
  signatures: Array<{ name: string; before: Files; after: Files; changed: boolean }>;
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
