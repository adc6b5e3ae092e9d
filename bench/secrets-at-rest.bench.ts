// Secret kinds at rest, per store (issue 23 item 4), printed as one JSON object on stdout: 17 kinds of secret
// driven through session memory, the knowledge base and the ledger, then every store file read raw, and the
// session-start injection after a resume. Goal: 0 kinds in each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secretsAtRest } from './secrets-at-rest.js';

const home = mkdtempSync(join(tmpdir(), 'cm-bench-secrets-home-'));
const project = mkdtempSync(join(tmpdir(), 'cm-bench-secrets-proj-'));
try {
  const r = secretsAtRest(home, project);
  const result = {
    secretKinds: r.kinds,
    kindsAtRest: {
      'memory.db': r.memoryDb.length,
      'knowledge.db': r.knowledgeDb.length,
      'ledger.db': r.ledgerDb.length,
      sessionStartInjection: r.sessionStart.length,
    },
    found: {
      'memory.db': r.memoryDb,
      'knowledge.db': r.knowledgeDb,
      'ledger.db': r.ledgerDb,
      sessionStart: r.sessionStart,
    },
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  rmSync(home, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
}
