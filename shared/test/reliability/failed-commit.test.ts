import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tempDirs } from './temp-dirs.js';
import { describe, test } from 'node:test';
import { openDatabase } from '@context-mode/shared/db/open-database';
import { openKnowledgeBase } from '@context-mode/shared/knowledge/open-knowledge-base';

const tempDir = tempDirs('cm-rel-commit-');

describe('a failed COMMIT', () => {
  test('does not break later writes (the savepoint used to be named sp_-1: near "-": syntax error)', () => {
    // A deferred foreign key makes COMMIT itself fail on a real file, the same path a disk-full COMMIT takes.
    const db = openDatabase(join(tempDir(), 'fk.db'), {
      migrations: [
        `CREATE TABLE parent (id INTEGER PRIMARY KEY);
         CREATE TABLE child (id INTEGER PRIMARY KEY, p INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);`,
      ],
    });
    assert.throws(() => db.transaction(() => db.prepare('INSERT INTO child (p) VALUES (42)').run()), /FOREIGN KEY/);
    // Later writes, plain and nested, work and nothing of the failed one is left.
    db.transaction(() => {
      db.prepare('INSERT INTO parent (id) VALUES (1)').run();
      db.transaction(() => db.prepare('INSERT INTO child (p) VALUES (1)').run());
    });
    assert.equal(db.prepare('SELECT count(*) AS n FROM child').get<{ n: number }>()?.n, 1);
    assert.equal(db.prepare('SELECT count(*) AS n FROM child WHERE p = 42').get<{ n: number }>()?.n, 0);
    db.close();
  });

  test('the knowledge base recovers after "database or disk is full" once space is back', () => {
    const path = join(tempDir(), 'knowledge.db');
    const kb = openKnowledgeBase({ path });
    kb.index({ source: 'small', content: 'alpha beta gamma', format: 'text' });
    // max_page_count is per connection: a second handle on the same file plays the disk that fills up.
    const db = openDatabase(path);
    const pages = Number(db.prepare('PRAGMA page_count').get<{ page_count: number }>()?.page_count);
    db.close();
    const cap = openDatabase(path);
    cap.exec(`PRAGMA max_page_count = ${pages + 2}`);
    const big = Array.from({ length: 3000 }, (_, i) => `line ${i} ${'word'.repeat(20)} ${i * 7919}`).join('\n');
    assert.throws(() => cap.transaction(() => cap.prepare('CREATE TABLE filler AS SELECT ? AS t').run(big)), /full/i);
    // Same connection, space freed: writes work again.
    cap.exec('PRAGMA max_page_count = 1073741823');
    cap.transaction(() => cap.exec('CREATE TABLE after_full (x)'));
    cap.transaction(() => cap.transaction(() => cap.exec('INSERT INTO after_full VALUES (1)')));
    cap.close();
    kb.index({ source: 'after', content: 'delta epsilon', format: 'text' });
    assert.equal(kb.search('epsilon').length, 1);
    kb.close();
  });
});
