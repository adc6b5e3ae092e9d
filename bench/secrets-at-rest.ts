/**
 * Seventeen kinds of secret, each written the way it reaches us (a prompt, a shell command, an error message,
 * a command's output), driven through every store the product writes — session memory (memory.db, the key
 * column included), the knowledge base (knowledge.db) and the savings ledger (ledger.db) — and through the
 * session-start injection. Then every file of the data directory is read raw: a secret in any column, an FTS
 * shadow table or the WAL counts. Used by shared/test/reliability/secrets-at-rest.test.ts (must be 0 kinds)
 * and the per-store report of bench/secrets-at-rest.bench.ts and bench/reliability.bench.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openKnowledgeBase } from '../shared/src/knowledge/open-knowledge-base.js';
import { closeLedgerHandles, recordLedger } from '../shared/src/ledger/record.js';
import { openMemoryStore } from '../shared/src/memory/open-memory-store.js';
import { extractToolEvents } from '../shared/src/memory/extract-tool-events.js';
import {
  recordPrompt,
  saveResumeSnapshot,
  sessionStartContext,
  type HookSession,
} from '../shared/src/memory/session-hooks.js';
import { getHost } from '../shared/src/platforms/host-table.js';
import { projectPaths } from '../shared/src/project/project-identity.js';

export interface SecretKind {
  kind: string;
  /** The secret value: found anywhere at rest, it leaked. */
  secret: string;
  /** A shell command that carries it (it becomes the memory key `shell:<first words>`). */
  command: string;
  /** Error text or output that carries it. */
  output: string;
}

const k = (kind: string, secret: string, command: string, output: string): SecretKind => ({
  kind,
  secret,
  command,
  output,
});

export const SECRET_KINDS: readonly SecretKind[] = [
  k(
    'aws-access-key-id',
    'AKIAQ7XK2M4N6P8R0T2V',
    'aws configure set aws_access_key_id AKIAQ7XK2M4N6P8R0T2V',
    'InvalidClientTokenId: AKIAQ7XK2M4N6P8R0T2V',
  ),
  k(
    'aws-secret-after-key',
    'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY',
    'aws-sign key wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY',
    'error: signature mismatch for key wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY',
  ),
  k(
    'bare-aws-secret',
    'Zx81kQ2mNp0vB7yTr4Ls9Hd3Wf6Gc5Jq1Ae8Uo2I',
    'sign Zx81kQ2mNp0vB7yTr4Ls9Hd3Wf6Gc5Jq1Ae8Uo2I',
    'Error: SignatureDoesNotMatch for Zx81kQ2mNp0vB7yTr4Ls9Hd3Wf6Gc5Jq1Ae8Uo2I',
  ),
  k(
    'password-after-pass',
    'Tr0ub4dor&3x',
    'login --user admin',
    'error: login failed for user admin with pass Tr0ub4dor&3x',
  ),
  k(
    'pgpassword-env',
    'q9Xv2mLpZr7w',
    'PGPASSWORD=q9Xv2mLpZr7w psql -h db app',
    'psql: error: connection refused (PGPASSWORD=q9Xv2mLpZr7w)',
  ),
  k(
    'stripe-live-key',
    'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
    'echo sk_live_4eC39HqLyjWDarjtT1zdp7dc',
    'error: invalid key sk_live_4eC39HqLyjWDarjtT1zdp7dc',
  ),
  k(
    'github-token',
    'ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
    'git push https://ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8@github.com/o/r',
    'fatal: bad token ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
  ),
  k(
    'mysql-password-flag',
    'S3cretPw0rd',
    'mysql -u root -pS3cretPw0rd app',
    'ERROR 1045: access denied; command was mysql -u root -pS3cretPw0rd app',
  ),
  k(
    'sendgrid',
    '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',
    'send-mail --api 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',
    'error: SendGrid 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 rejected',
  ),
  k(
    'slack-webhook',
    'T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
    'curl https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
    'error: 404 from https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
  ),
  k(
    'azure-account-key',
    'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==',
    'az storage ls --connection-string "AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;"',
    'error: AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==; rejected',
  ),
  k(
    'signing-key',
    '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    'SIGNING_KEY=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 node sign.js',
    'error: SIGNING_KEY=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 is not valid',
  ),
  k(
    'google-api-key',
    'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY',
    'curl "https://maps.googleapis.com/maps/api/geocode/json?key=AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY"',
    'error: API key AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY expired',
  ),
  k(
    'npm-token',
    'npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
    'echo npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8 > ~/.npmrc',
    'npm error: token npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8 revoked',
  ),
  k(
    'huggingface-token',
    'hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789',
    'huggingface-cli login --token hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789',
    'error: hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789 unauthorized',
  ),
  k(
    'gitlab-token',
    'glpat-x1Y2z3A4b5C6d7E8f9G0',
    'echo glpat-x1Y2z3A4b5C6d7E8f9G0 | glab auth login --stdin',
    'error: glpat-x1Y2z3A4b5C6d7E8f9G0 invalid',
  ),
  k(
    'url-credentials',
    'Pw9sEcr3tX7q',
    'psql postgres://app:Pw9sEcr3tX7q@db.internal/app',
    'error: could not connect to postgres://app:Pw9sEcr3tX7q@db.internal/app',
  ),
];

/** The kinds whose secret appears in `text`. */
export function secretKindsIn(text: string): string[] {
  return SECRET_KINDS.filter((s) => text.includes(s.secret)).map((s) => s.kind);
}

/** The kinds found in the raw bytes of any file under `dir` whose name starts with `prefix` (db, -wal, -shm). */
function secretKindsInFiles(dir: string, prefix: string): string[] {
  const found = new Set<string>();
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (!name.startsWith(prefix) || !statSync(p).isFile()) continue;
    const bytes = readFileSync(p);
    // UTF-8 and, for a store that kept UTF-16 text, the same bytes read as UTF-16.
    for (const kind of secretKindsIn(bytes.toString('latin1'))) found.add(kind);
    for (const kind of secretKindsIn(bytes.toString('utf16le'))) found.add(kind);
  }
  return [...found];
}

export interface SecretsAtRestReport {
  kinds: number;
  /** Kinds found raw, per store file. */
  memoryDb: string[];
  knowledgeDb: string[];
  ledgerDb: string[];
  /** Kinds found in what session start injects into the model after a resume. */
  sessionStart: string[];
}

/**
 * Drives every kind through every store of a fresh project under `home` (a CONTEXT_MODE_HOME) and reports what is
 * found at rest. `project` is an empty directory used as the project root.
 */
export function secretsAtRest(home: string, project: string): SecretsAtRestReport {
  const env = { ...process.env, CONTEXT_MODE_HOME: home };
  const host = getHost('claude-code');
  const s: HookSession = { projectDir: project, sessionId: 'sess-at-rest', host, env };
  recordPrompt(s, `use these: ${SECRET_KINDS.map((x) => x.command).join(' ; ')}`);
  const store = openMemoryStore(project, env);
  for (const x of SECRET_KINDS) {
    const failing = extractToolEvents({
      toolName: 'Bash',
      toolInput: { command: x.command },
      toolResponse: x.output,
      isError: true,
    });
    store.addEvents(s.sessionId, failing.events, {
      host: host.id,
      ...(failing.call ? { call: failing.call } : {}),
    });
  }
  // An extractor that forgot to redact, key included: the store is the last line of defence.
  store.addEvents(
    s.sessionId,
    SECRET_KINDS.map((x) => ({
      category: 'error' as const,
      type: 'error_tool',
      priority: 1 as const,
      data: x.output,
      key: `shell:${x.command.split(' ').slice(0, 2).join(' ')}`,
    })),
    { call: { key: `shell:${SECRET_KINDS[4]!.command}`, failed: true, label: SECRET_KINDS[4]!.command } },
  );
  store.close();
  saveResumeSnapshot(s);
  const injected = sessionStartContext({ ...s, sessionId: 'sess-next' }, 'resume');

  const dir = projectPaths(project, env).dir;
  const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
  kb.index({ source: 'secret-corpus', content: SECRET_KINDS.map((x) => x.output).join('\n'), format: 'text' });
  kb.close();
  const sourceId = `execute:${SECRET_KINDS.map((x) => x.command).join(' ; ')}`;
  recordLedger(
    project,
    {
      sessionId: s.sessionId,
      host: host.id,
      tool: 'ctx_execute',
      kind: 'sandbox',
      rawBytes: 1,
      returnedBytes: 1,
      sourceId,
    },
    env,
  );
  closeLedgerHandles();
  return {
    kinds: SECRET_KINDS.length,
    memoryDb: secretKindsInFiles(dir, 'memory.db'),
    knowledgeDb: secretKindsInFiles(dir, 'knowledge.db'),
    ledgerDb: secretKindsInFiles(dir, 'ledger.db'),
    sessionStart: secretKindsIn(injected),
  };
}

/** The per-store report both benches print: a fresh data directory and project, removed afterwards. */
export function secretKindsAtRestPerStore() {
  const home = mkdtempSync(join(tmpdir(), 'cm-bench-secrets-home-'));
  const project = mkdtempSync(join(tmpdir(), 'cm-bench-secrets-proj-'));
  try {
    const r = secretsAtRest(home, project);
    return {
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
  } finally {
    rmSync(home, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  }
}
