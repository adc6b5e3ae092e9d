import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { closeLedgerHandles, recordLedger } from '@context-mode/shared/ledger/record';
import { openMemoryStore } from '@context-mode/shared/memory/open-memory-store';
import { startBuiltServer, type BuiltServer } from '../helpers/mcp-client.js';

let srv: BuiltServer;
let env: NodeJS.ProcessEnv;
before(async () => {
  srv = await startBuiltServer({ env: { CONTEXT_MODE_SESSION_ID: 'srv-session' } });
  mkdirSync(join(srv.project, '.git'), { recursive: true });
  env = { ...process.env, CONTEXT_MODE_HOME: srv.home };
});
after(async () => {
  closeLedgerHandles();
  await srv.close();
});

const textOf = (r: unknown) =>
  ((r as { content: Array<{ text: string }> }).content ?? []).map((c) => c.text).join('\n');

test('ctx_stats shows gross, own cost and net from the ledger, tokens labelled as estimates', async () => {
  recordLedger(
    srv.project,
    {
      sessionId: 'srv-session',
      host: 'claude-code',
      tool: 'ctx_execute',
      kind: 'sandbox',
      rawBytes: 20_480,
      returnedBytes: 2_048,
    },
    env,
  );
  recordLedger(
    srv.project,
    {
      sessionId: 'srv-session',
      host: 'claude-code',
      tool: 'routing-block',
      kind: 'own-cost',
      rawBytes: 0,
      returnedBytes: 832,
    },
    env,
  );
  recordLedger(
    srv.project,
    {
      sessionId: 'other',
      host: 'claude-code',
      tool: 'ctx_execute',
      kind: 'sandbox',
      rawBytes: 1_000,
      returnedBytes: 100,
    },
    env,
  );
  const r = await srv.client.callTool({ name: 'ctx_stats', arguments: {} });
  const text = textOf(r);
  assert.match(
    text,
    /Session srv-session \(claude-code\): saved 18\.0 KB gross, own cost 832 B, net 17\.2 KB \(~4\.4k tokens, estimated\)/,
  );
  assert.match(text, /Project: saved 18\.9 KB gross/);
  assert.match(text, /tokens ≈ bytes ÷ 4 \(estimate\)/);
});

test('ctx_purge refuses without confirm, with an ambiguous scope, or without a scope', async () => {
  const store = openMemoryStore(srv.project, env);
  store.addEvents('hook-session', [{ category: 'goal', type: 'goal', priority: 4, data: 'keep me until purged' }]);
  store.close();
  const cancelled = await srv.client.callTool({ name: 'ctx_purge', arguments: { confirm: false, scope: 'project' } });
  assert.match(textOf(cancelled), /Purge cancelled/);
  const ambiguous = await srv.client.callTool({
    name: 'ctx_purge',
    arguments: { confirm: true, scope: 'project', sessionId: 'x' },
  });
  assert.equal((ambiguous as { isError?: boolean }).isError, true);
  assert.match(textOf(ambiguous), /Ambiguous purge/);
  const noScope = await srv.client.callTool({ name: 'ctx_purge', arguments: { confirm: true } });
  assert.equal((noScope as { isError?: boolean }).isError, true);
  const check = openMemoryStore(srv.project, env);
  assert.equal(check.listEvents().length, 1, 'nothing was deleted');
  check.close();
});

test('ctx_purge scope session removes the current memory session; scope project removes memory, knowledge and ledger', async () => {
  const store = openMemoryStore(srv.project, env);
  store.addEvents('older', [{ category: 'goal', type: 'goal', priority: 4, data: 'older session' }], { now: 1 });
  store.close();
  const s = await srv.client.callTool({ name: 'ctx_purge', arguments: { confirm: 'true', scope: 'session' } });
  assert.match(textOf(s), /Purged session hook-session: 1 memory event/);
  const left = openMemoryStore(srv.project, env);
  assert.deepEqual(
    left.listEvents().map((e) => e.data),
    ['older session'],
  );
  left.close();
  const p = await srv.client.callTool({ name: 'ctx_purge', arguments: { confirm: true, scope: 'project' } });
  assert.match(textOf(p), /Purged the project: 1 memory event\(s\), the whole knowledge base and \d+ ledger row/);
  const stats = textOf(await srv.client.callTool({ name: 'ctx_stats', arguments: {} }));
  assert.match(stats, /Project: saved 0 B gross/);
});

test('ctx_stats and ctx_purge are annotated and terse in tools/list', async () => {
  const { tools } = await srv.client.listTools();
  const stats = tools.find((t) => t.name === 'ctx_stats')!;
  const purge = tools.find((t) => t.name === 'ctx_purge')!;
  assert.equal(stats.annotations?.readOnlyHint, true);
  assert.equal(purge.annotations?.destructiveHint, true);
  assert.ok(JSON.stringify(stats).length <= 600, `ctx_stats ${JSON.stringify(stats).length} B`);
  assert.ok(JSON.stringify(purge).length <= 700, `ctx_purge ${JSON.stringify(purge).length} B`);
});
