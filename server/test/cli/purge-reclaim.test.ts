// A purge of the whole project gives the knowledge base's disk space back (VACUUM), instead of leaving a file
// the size it had at its fullest (a purged 131 MiB knowledge.db stayed 131 MiB).
import assert from 'node:assert/strict';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { projectPaths } from '@context-mode/shared/project/project-identity';
import { cliSandbox } from './kb-cli.js';

const sb = cliSandbox();
after(() => sb.cleanup());

/** The store with its WAL: what the data directory really holds. */
function storeBytes(path: string): number {
  let n = 0;
  for (const suffix of ['', '-wal']) {
    try {
      n += statSync(path + suffix).size;
    } catch {
      // no WAL file
    }
  }
  return n;
}

test('purge --scope project shrinks knowledge.db back to an empty store', () => {
  const docs = join(sb.project, 'docs');
  mkdirSync(docs);
  for (let i = 0; i < 40; i++) {
    const words = Array.from({ length: 4000 }, (_, j) => `word${(i * 7919 + j * 104729) % 100_003}`).join(' ');
    writeFileSync(join(docs, `f${i}.md`), `# File ${i}\n\n${words}\n`);
  }
  const indexed = sb.run(['index', 'docs', '--project', sb.project]);
  assert.equal(indexed.status, 0, indexed.stderr);
  const db = projectPaths(sb.project, { ...process.env, CONTEXT_MODE_HOME: sb.home }).knowledgeDb;
  const full = storeBytes(db);
  assert.ok(full > 2_000_000, `indexed store is ${full} B`);
  const purged = sb.run(['purge', '--scope', 'project', '--project', sb.project, '--yes']);
  assert.equal(purged.status, 0, purged.stderr);
  const empty = storeBytes(db);
  assert.ok(empty < full / 10, `knowledge.db after purge: ${empty} B (was ${full} B)`);
  // Still a working store: index and search again.
  assert.equal(sb.run(['index', 'docs/f1.md', '--project', sb.project]).status, 0);
  assert.equal(sb.run(['search', 'file', '--project', sb.project]).status, 0);
});
