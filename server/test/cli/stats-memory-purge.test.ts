import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { closeLedgerHandles, recordLedger } from '@context-mode/shared/ledger/record';
import { openMemoryStore } from '@context-mode/shared/memory/open-memory-store';
import type { MemoryReport } from '@context-mode/shared/protocol/memory';
import type { StatsReport } from '@context-mode/shared/protocol/stats';
import { cliSandbox } from './kb-cli.js';

const sb = cliSandbox();
const env = { ...process.env, CONTEXT_MODE_HOME: sb.home };
after(() => {
  closeLedgerHandles();
  sb.cleanup();
});

function seed(): void {
  const store = openMemoryStore(sb.project, env);
  store.addEvents('s-old', [{ category: 'decision', type: 'decision', priority: 4, data: 'use SQLite for memory' }], {
    host: 'claude-code',
    now: 1_000,
  });
  store.addEvents(
    's-new',
    [
      { category: 'user-prompt', type: 'user_prompt', priority: 4, data: 'fix the parser' },
      { category: 'file', type: 'file_edit', priority: 3, data: '/p/src/parser.ts' },
    ],
    { host: 'gemini-cli', now: 2_000 },
  );
  store.close();
  recordLedger(
    sb.project,
    {
      sessionId: 's-new',
      host: 'gemini-cli',
      tool: 'ctx_execute',
      kind: 'sandbox',
      rawBytes: 4_000,
      returnedBytes: 1_000,
      time: 2_000,
    },
    env,
  );
  recordLedger(
    sb.project,
    {
      sessionId: 's-new',
      host: 'gemini-cli',
      tool: 'routing-block',
      kind: 'own-cost',
      rawBytes: 0,
      returnedBytes: 700,
      time: 2_001,
    },
    env,
  );
}
seed();

test('stats --json gives the StatsReport with the one formula applied', () => {
  const r = sb.run(['stats', '--json', '--project', sb.project]);
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout) as StatsReport;
  assert.equal(report.schema, 'context-mode.stats/1');
  assert.equal(report.session?.id, 's-new');
  assert.equal(report.session?.savedBytes, 3_000);
  assert.equal(report.session?.ownCostBytes, 700);
  assert.equal(report.session?.netBytes, 2_300);
  assert.equal(report.tokensAreEstimates, true);
  assert.equal(report.bytesPerToken, 4);
  const text = sb.run(['stats', '--project', sb.project]);
  assert.match(text.stdout, /Session s-new \(gemini-cli\): saved 2\.9 KB gross, own cost 700 B, net 2\.2 KB/);
});

test('memory lists newest first, filters by session and search, and prints the MemoryReport JSON', () => {
  const all = JSON.parse(sb.run(['memory', '--json', '--project', sb.project]).stdout) as MemoryReport;
  assert.equal(all.schema, 'context-mode.memory/1');
  assert.deepEqual(
    all.events.map((e) => e.data),
    ['/p/src/parser.ts', 'fix the parser', 'use SQLite for memory'],
  );
  assert.deepEqual(
    all.sessions.map((s) => s.id),
    ['s-new', 's-old'],
  );
  const old = JSON.parse(
    sb.run(['memory', '--json', '--project', sb.project, '--session', 's-old']).stdout,
  ) as MemoryReport;
  assert.deepEqual(
    old.events.map((e) => e.data),
    ['use SQLite for memory'],
  );
  const found = sb.run(['memory', '--project', sb.project, '--search', 'parser']);
  assert.match(found.stdout, /\[file\] \/p\/src\/parser\.ts/);
  assert.doesNotMatch(found.stdout, /SQLite/);
});

test('memory pin and delete edit one event; bad ids are usage errors', () => {
  const all = JSON.parse(sb.run(['memory', '--json', '--project', sb.project]).stdout) as MemoryReport;
  const decision = all.events.find((e) => e.category === 'decision')!;
  const pinned = sb.run(['memory', 'pin', String(decision.id), '--project', sb.project]);
  assert.equal(pinned.status, 0, pinned.stderr);
  assert.match(pinned.stdout, /Pinned #\d+ \[decision\]/);
  const after1 = JSON.parse(sb.run(['memory', '--json', '--project', sb.project]).stdout) as MemoryReport;
  assert.equal(after1.events.find((e) => e.id === decision.id)?.pinned, true);
  const file = all.events.find((e) => e.category === 'file')!;
  assert.equal(sb.run(['memory', 'delete', String(file.id), '--project', sb.project]).status, 0);
  assert.equal(sb.run(['memory', 'delete', String(file.id), '--project', sb.project]).status, 1);
  assert.equal(sb.run(['memory', 'pin', 'abc', '--project', sb.project]).status, 2);
});

test('purge needs --yes and a scope; session scope removes one session, project scope everything', () => {
  assert.equal(sb.run(['purge', '--project', sb.project, '--yes']).status, 2);
  const noYes = sb.run(['purge', '--scope', 'project', '--project', sb.project]);
  assert.equal(noYes.status, 2);
  assert.match(noYes.stderr, /add --yes/);
  const s = sb.run(['purge', '--scope', 'session', '--session', 's-old', '--project', sb.project, '--yes']);
  assert.equal(s.status, 0, s.stderr);
  assert.match(s.stdout, /Purged session s-old: 1 memory event/);
  const left = JSON.parse(sb.run(['memory', '--json', '--project', sb.project]).stdout) as MemoryReport;
  assert.deepEqual(
    left.sessions.map((x) => x.id),
    ['s-new'],
  );
  const p = sb.run(['purge', '--scope', 'project', '--project', sb.project, '--yes', '--json']);
  assert.equal(p.status, 0, p.stderr);
  assert.equal(JSON.parse(p.stdout).ledgerRows, 2);
  const stats = JSON.parse(sb.run(['stats', '--json', '--project', sb.project]).stdout) as StatsReport;
  assert.equal(stats.projectTotals.entries, 0);
});
