import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tempDirs } from './temp-dirs.js';
import { test } from 'node:test';
import { extractToolEvents } from '@context-mode/shared/memory/extract-tool-events';
import { openMemoryStore } from '@context-mode/shared/memory/open-memory-store';
import { recordPrompt, saveResumeSnapshot } from '@context-mode/shared/memory/session-hooks';
import { openKnowledgeBase } from '@context-mode/shared/knowledge/open-knowledge-base';
import { getHost } from '@context-mode/shared/platforms/host-table';

const tempDir = tempDirs('cm-rel-secrets-');

const SECRETS = {
  awsSecret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY',
  password: 'Tr0ub4dor&3',
  dbPass: 'q9Xv!2mLp',
  bareAws: 'Zx81kQ2mNp0vB7yTr4Ls9Hd3Wf6Gc5Jq1Ae8Uo2I',
  mysql: 'S3cretPw0rd',
  sendgrid: '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',
  slack: 'T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
  azure: 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==',
  signing: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  google: 'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY',
  npm: 'npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
  hf: 'hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789',
  gitlab: 'glpat-x1Y2z3A4b5C6d7E8f9G0',
};

function leaked(text: string): string[] {
  return Object.entries(SECRETS)
    .filter(([, v]) => text.includes(v))
    .map(([k]) => k);
}

test('session memory never stores or replays a secret (6 of 17 kinds were stored raw and injected on resume)', () => {
  const home = tempDir();
  const project = tempDir();
  const env = { ...process.env, CONTEXT_MODE_HOME: home };
  const s = { projectDir: project, sessionId: 'sess-secrets', host: getHost('claude-code'), env };
  recordPrompt(
    s,
    `deploy with AWS_SECRET_ACCESS_KEY=${SECRETS.awsSecret}, the password is ${SECRETS.password} and DB_PASS=${SECRETS.dbPass}; maps key ${SECRETS.google}, npm ${SECRETS.npm}, hf ${SECRETS.hf}, gitlab ${SECRETS.gitlab}`,
  );
  const failing = extractToolEvents({
    toolName: 'Bash',
    toolInput: {
      command: `mysql -u root -p${SECRETS.mysql} app && curl https://hooks.slack.com/services/${SECRETS.slack}`,
    },
    toolResponse: `Error: SignatureDoesNotMatch for ${SECRETS.bareAws}\nerror: SendGrid ${SECRETS.sendgrid} rejected\nAccountKey=${SECRETS.azure};\nSIGNING_KEY=${SECRETS.signing}`,
    isError: true,
  });
  const store = openMemoryStore(project, env);
  store.addEvents('sess-secrets', [
    ...failing.events,
    // An extractor that forgot to redact: the store is the last line of defence.
    {
      category: 'error',
      type: 'error_tool',
      priority: 1,
      data: `raw excerpt SIGNING_KEY=${SECRETS.signing} ${SECRETS.sendgrid}`,
    },
  ]);
  const stored = store
    .listEvents({ sessionId: 'sess-secrets' })
    .map((e) => e.data)
    .join('\n');
  store.close();
  assert.ok(stored.includes('[REDACTED]'));
  assert.deepEqual(leaked(stored), []);
  const snapshot = saveResumeSnapshot(s);
  assert.ok(snapshot.length > 0);
  assert.deepEqual(leaked(snapshot), []);
});

test('the knowledge base stores none of the kinds it used to keep raw (DB_PASS, Slack webhook, AccountKey, SG., SIGNING_KEY)', () => {
  const dir = tempDir();
  const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
  const body = Object.entries(SECRETS)
    .map(([k, v]) =>
      k === 'dbPass'
        ? `DB_PASS=${v}`
        : k === 'azure'
          ? `AccountKey=${v};`
          : k === 'signing'
            ? `SIGNING_KEY=${v}`
            : k === 'slack'
              ? `https://hooks.slack.com/services/${v}`
              : k === 'awsSecret'
                ? `AWS_SECRET_ACCESS_KEY=${v}`
                : k === 'password'
                  ? `password: ${v}`
                  : k === 'mysql'
                    ? `mysql -p${v} db`
                    : `value ${v}`,
    )
    .join('\n');
  const r = kb.index({ source: 'env-dump', content: body, format: 'text' });
  assert.equal(r.redactions, Object.keys(SECRETS).length);
  const all = kb
    .search('value REDACTED', { source: 'env-dump', limit: 20 })
    .map((h) => h.snippet)
    .join('\n');
  assert.deepEqual(leaked(all), []);
  kb.close();
  // And not in the file either.
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isFile()) assert.deepEqual(leaked(readFileSync(p, 'latin1')), [], name);
  }
});
