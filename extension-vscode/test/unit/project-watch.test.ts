import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ProjectWatch, type WatchDeps } from '../../src/view/project-watch.js';
import {
  isStoreEvent,
  storeSignature,
  WATCH_PROBE_MS,
  type SignatureFs,
} from '../../../shared/src/state/watch-rule.js';

/** A file system and clock the test drives by hand: folders exist when the test says so, probes run on tick(). */
function world() {
  const folders = new Set<string>();
  const watches = new Map<string, { onEvent: (f: string | undefined) => void; onError: () => void; closed: boolean }>();
  const probes = new Set<() => void>();
  const deps: WatchDeps = {
    exists: (p) => folders.has(p),
    watch: (p, onEvent, onError) => {
      if (!folders.has(p)) throw new Error('ENOENT');
      const w = { onEvent, onError, closed: false };
      watches.set(p, w);
      return { close: () => (w.closed = true) };
    },
    setInterval: (fn, ms) => {
      assert.equal(ms, WATCH_PROBE_MS);
      probes.add(fn);
      return fn;
    },
    clearInterval: (h) => probes.delete(h as () => void),
  };
  let changes = 0;
  const watch = new ProjectWatch(deps, () => changes++);
  return {
    watch,
    folders,
    tick: () => [...probes].forEach((fn) => fn()),
    event: (path: string, file: string | undefined) => watches.get(path)!.onEvent(file),
    live: (path: string) => watches.has(path) && !watches.get(path)!.closed,
    get changes() {
      return changes;
    },
    get probing() {
      return probes.size > 0;
    },
  };
}

const dir = '/home/u/.context-mode/projects/abc';
const spool = join(dir, 'memory-spool');

test('a new project: the data folder appears after the first refresh and the watch starts by itself', () => {
  const w = world();
  w.watch.follow(dir);
  assert.equal(w.live(dir), false);
  assert.ok(w.probing, 'keeps looking for the folder');
  w.tick();
  assert.equal(w.changes, 0, 'nothing to show while the folder is missing');
  w.folders.add(dir);
  w.tick();
  assert.ok(w.live(dir));
  assert.equal(w.changes, 1, 'what created the folder wrote to it before the watch started');
  w.event(dir, 'ledger.db-wal');
  assert.equal(w.changes, 2);
});

test('a hook that only writes the memory spool refreshes the view, also when the spool folder comes later', () => {
  const w = world();
  w.folders.add(dir);
  w.watch.follow(dir);
  assert.equal(w.changes, 0, 'following an existing folder is not a change by itself');
  w.folders.add(spool);
  w.event(dir, 'memory-spool');
  assert.ok(w.live(spool), 'the spool folder is watched as soon as it appears');
  assert.equal(w.probing, false, 'nothing left to look for');
  const before = w.changes;
  w.event(spool, '001-0001-0000.json');
  assert.equal(w.changes, before + 1);
});

test('files that are not stores do not count; a deleted project folder is looked for again', () => {
  const w = world();
  w.folders.add(dir);
  w.folders.add(spool);
  w.watch.follow(dir);
  w.event(dir, 'project.json');
  assert.equal(w.changes, 0);
  // A purge deletes the folder: Linux reports one more event on it rather than an error.
  w.folders.delete(spool);
  w.folders.delete(dir);
  w.event(dir, 'abc');
  assert.equal(w.live(dir), false);
  assert.ok(w.probing);
  w.folders.add(dir);
  w.tick();
  assert.ok(w.live(dir));
});

test('following another project drops the old watches', () => {
  const w = world();
  w.folders.add(dir);
  w.folders.add(spool);
  w.watch.follow(dir);
  w.folders.add('/other');
  w.watch.follow('/other');
  assert.equal(w.live(dir), false);
  assert.equal(w.live(spool), false);
  assert.ok(w.live('/other'));
  w.watch.dispose();
  assert.equal(w.live('/other'), false);
  assert.equal(w.probing, false);
});

test('store files, their WAL and the spool count as changes; anything else does not', () => {
  for (const f of ['ledger.db', 'memory.db-wal', 'knowledge.db-shm', 'memory-spool']) assert.ok(isStoreEvent(f), f);
  for (const f of ['project.json', undefined, 'ledger.txt']) assert.equal(isStoreEvent(f), false, String(f));
});

test("the engine's own refresh (a reader) leaves the fingerprint alone; a writer or a hook's spool entry changes it", () => {
  const files = new Map<string, { size: number; mtimeMs: number }>([
    [join(dir, 'ledger.db'), { size: 4096, mtimeMs: 1 }],
  ]);
  const spoolFiles: string[] = [];
  const fs: SignatureFs = { stat: (p) => files.get(p), list: (d) => (d === spool ? spoolFiles : []) };
  const shown = storeSignature(dir, fs);
  // A reader opens the database: SQLite creates an empty WAL and the shared-memory file.
  files.set(join(dir, 'ledger.db-wal'), { size: 0, mtimeMs: 2 });
  files.set(join(dir, 'ledger.db-shm'), { size: 32768, mtimeMs: 2 });
  spoolFiles.push('002-0001-0000.json.tmp', '001-0001-0000.json.claimed-9-1-0');
  assert.equal(storeSignature(dir, fs), shown);
  spoolFiles.push('003-0001-0000.json');
  assert.notEqual(storeSignature(dir, fs), shown, 'a new spool entry');
  spoolFiles.pop();
  files.set(join(dir, 'ledger.db-wal'), { size: 8272, mtimeMs: 3 });
  assert.notEqual(storeSignature(dir, fs), shown, 'the MCP server wrote to the ledger');
});

test('on the real file system: a folder created late, a write in memory-spool/ and a deleted and recreated folder are all seen', async (t) => {
  const { mkdtempSync, mkdirSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { nodeWatchDeps } = await import('../../src/view/project-watch.js');
  const root = mkdtempSync(join(tmpdir(), 'cm-watch-'));
  let changes = 0;
  // The real watch with a quick probe, so the test does not sit through the 2 s one.
  const w = new ProjectWatch(
    { ...nodeWatchDeps, setInterval: (fn) => nodeWatchDeps.setInterval(fn, 20) },
    () => changes++,
  );
  t.after(() => {
    w.dispose();
    rmSync(root, { recursive: true, force: true });
  });
  const waitFor = async (what: string, ok: () => boolean) => {
    for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
    assert.ok(ok(), `waited for ${what}`);
  };
  const project = join(root, 'projects', 'abc');
  w.follow(project);
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'ledger.db'), 'x');
  await waitFor('the late folder to be watched', () => w.watching.root && changes > 0);
  mkdirSync(join(project, 'memory-spool'));
  await waitFor('the spool folder to be watched', () => w.watching.spool);
  const before = changes;
  writeFileSync(join(project, 'memory-spool', '001-0001-0000.json'), '{}');
  await waitFor('a spool write to count', () => changes > before);
  rmSync(project, { recursive: true });
  await waitFor('the deleted folder to be dropped', () => !w.watching.root && w.watching.probing);
  mkdirSync(project, { recursive: true });
  await waitFor('the recreated folder to be watched', () => w.watching.root);
});
