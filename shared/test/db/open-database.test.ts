import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { openDatabase } from '@context-mode/shared/db/open-database';
import { pickDriver } from '@context-mode/shared/db/drivers';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'cm-db-'));
  dirs.push(d);
  return d;
}
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const migrations = [
  'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)',
  'ALTER TABLE notes ADD COLUMN tag TEXT',
];

describe(`SQLite store on ${pickDriver()}`, () => {
  test('a new file gets WAL, the migrations, and keeps rows across reopen', () => {
    const path = join(tempDir(), 'a.db');
    const db = openDatabase(path, { migrations });
    assert.equal(db.prepare('PRAGMA journal_mode').get<{ journal_mode: string }>()?.journal_mode, 'wal');
    db.prepare('INSERT INTO notes (body, tag) VALUES (:body, :tag)').run({ body: 'héllo 世界', tag: 'x' });
    db.close();
    const again = openDatabase(path, { migrations });
    assert.equal(again.prepare('PRAGMA user_version').get<{ user_version: number }>()?.user_version, 2);
    assert.deepEqual(again.prepare('SELECT body, tag FROM notes').all(), [{ body: 'héllo 世界', tag: 'x' }]);
    assert.equal(again.integrityCheck(), 'ok');
    again.close();
  });

  test('a failing transaction leaves nothing behind; nested ones roll back to their savepoint', () => {
    const db = openDatabase(join(tempDir(), 'b.db'), { migrations });
    assert.throws(() =>
      db.transaction(() => {
        db.prepare('INSERT INTO notes (body) VALUES (?)').run('lost');
        throw new Error('boom');
      }),
    );
    db.transaction(() => {
      db.prepare('INSERT INTO notes (body) VALUES (?)').run('kept');
      assert.throws(() =>
        db.transaction(() => {
          db.prepare('INSERT INTO notes (body) VALUES (?)').run('inner');
          throw new Error('inner');
        }),
      );
    });
    assert.deepEqual(db.prepare('SELECT body FROM notes').all(), [{ body: 'kept' }]);
    db.close();
  });

  test('statements answer alike on every driver: named parameters, no row, run results', () => {
    const db = openDatabase(':memory:', { migrations });
    const first = db.prepare('INSERT INTO notes (body, tag) VALUES (:body, :tag)').run({ body: 'one', tag: 't' });
    const second = db.prepare('INSERT INTO notes (body) VALUES (?)').run('two');
    assert.deepEqual([first.changes, Number(first.lastInsertRowid), Number(second.lastInsertRowid)], [1, 1, 2]);
    assert.deepEqual(db.prepare('SELECT body, tag FROM notes WHERE id = :id').get({ id: 1 }), {
      body: 'one',
      tag: 't',
    });
    assert.equal(db.prepare('SELECT body FROM notes WHERE id = ?').get(99), undefined);
    assert.deepEqual(db.prepare('SELECT body FROM notes WHERE id > ?').all(5), []);
    assert.equal(db.prepare('UPDATE notes SET tag = ? WHERE tag IS NULL').run('u').changes, 1);
    db.close();
    assert.equal(db.open, false);
  });

  test('FTS5 with porter and trigram tokenizers is available', () => {
    const db = openDatabase(':memory:');
    db.exec("CREATE VIRTUAL TABLE p USING fts5(t, tokenize='porter unicode61')");
    db.exec("CREATE VIRTUAL TABLE g USING fts5(t, tokenize='trigram')");
    db.prepare('INSERT INTO p (t) VALUES (?)').run('running servers');
    db.prepare('INSERT INTO g (t) VALUES (?)').run('useEffectCleanup');
    assert.equal(db.prepare("SELECT count(*) AS n FROM p WHERE p MATCH 'run'").get<{ n: number }>()?.n, 1);
    assert.equal(db.prepare("SELECT count(*) AS n FROM g WHERE g MATCH 'ffectCl'").get<{ n: number }>()?.n, 1);
    db.close();
  });

  test('a corrupt file is moved aside, not deleted, and a fresh store is created', () => {
    const dir = tempDir();
    const path = join(dir, 'c.db');
    writeFileSync(path, 'this is not an sqlite database at all, just text that fills a page'.repeat(100));
    let told = '';
    const db = openDatabase(path, { migrations, onRecovered: (r) => (told = r.movedTo) });
    assert.ok(db.recovered, 'recovery is reported');
    assert.equal(told, db.recovered?.movedTo);
    assert.ok(
      readdirSync(dir).some((f) => f.startsWith('c.db.corrupt-')),
      'the bad file is kept',
    );
    db.prepare('INSERT INTO notes (body) VALUES (?)').run('fresh');
    assert.equal(db.prepare('SELECT count(*) AS n FROM notes').get<{ n: number }>()?.n, 1);
    db.close();
  });

  test('two connections write to one file without busy errors', () => {
    const path = join(tempDir(), 'd.db');
    const a = openDatabase(path, { migrations });
    const b = openDatabase(path, { migrations });
    for (let i = 0; i < 50; i++) {
      (i % 2 ? a : b).transaction(() => (i % 2 ? a : b).prepare('INSERT INTO notes (body) VALUES (?)').run(`n${i}`));
    }
    assert.equal(a.prepare('SELECT count(*) AS n FROM notes').get<{ n: number }>()?.n, 50);
    a.close();
    b.close();
  });
});
