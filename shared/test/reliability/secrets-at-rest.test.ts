import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordToolCall } from '@context-mode/shared/memory/record-tool-call';
import { SPOOL_DIR } from '@context-mode/shared/memory/memory-spool';
import { getHost } from '@context-mode/shared/platforms/host-table';
import { projectPaths } from '@context-mode/shared/project/project-identity';
import { secretKindsIn, secretsAtRest, SECRET_KINDS } from '../../../bench/secrets-at-rest.js';
import { tempDirs } from './temp-dirs.js';

const tempDir = tempDirs('cm-rel-at-rest-');

test('no kind of 17 secrets is found raw in memory.db, knowledge.db or ledger.db, nor injected at session start', () => {
  assert.equal(SECRET_KINDS.length, 17);
  const report = secretsAtRest(tempDir(), tempDir());
  assert.deepEqual(
    {
      memoryDb: report.memoryDb,
      knowledgeDb: report.knowledgeDb,
      ledgerDb: report.ledgerDb,
      sessionStart: report.sessionStart,
    },
    { memoryDb: [], knowledgeDb: [], ledgerDb: [], sessionStart: [] },
  );
});

test('the memory spool file written by the post-tool hook holds no secret in its keys or data', () => {
  const home = tempDir();
  const project = tempDir();
  const env = { ...process.env, CONTEXT_MODE_HOME: home };
  for (const x of SECRET_KINDS)
    recordToolCall(
      { projectDir: project, sessionId: 'spool', host: getHost('claude-code'), env },
      { toolName: 'Bash', toolInput: { command: x.command }, toolResponse: x.output, isError: true },
    );
  const dir = join(projectPaths(project, env).dir, SPOOL_DIR);
  const text = readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
  assert.ok(text.length > 0);
  assert.deepEqual(secretKindsIn(text), []);
});
