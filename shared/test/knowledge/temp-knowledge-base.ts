import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { openKnowledgeBase } from '../../src/knowledge/open-knowledge-base.js';

type Store = ReturnType<typeof openKnowledgeBase>;
const opened: Array<{ kb: Store; dir: string }> = [];
let registered = false;

/**
 * A real knowledge base in a fresh temp directory (`dir` doubles as a project root for files to index), closed
 * and removed when the test file ends.
 */
export function tempKnowledgeBase(prefix = 'cm-kb-'): { kb: Store; dir: string } {
  if (!registered) {
    registered = true;
    after(() => {
      for (const { kb, dir } of opened.splice(0)) {
        kb.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
  opened.push({ kb, dir });
  return { kb, dir };
}
