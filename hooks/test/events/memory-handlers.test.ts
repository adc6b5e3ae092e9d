import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openMemoryStore } from '@context-mode/shared/memory/open-memory-store';
import { getHost } from '@context-mode/shared/platforms/host-table';
import type { HostId } from '@context-mode/shared/platforms/types';
import { readStats } from '@context-mode/shared/ledger/ledger-stats';
import { bookInjectedCosts } from '@context-mode/shared/memory/session-hooks';
import { closeLedgerHandles } from '@context-mode/shared/ledger/record';
import { postToolHandler } from '../../src/events/post-tool.js';
import { preCompactHandler } from '../../src/events/pre-compact.js';
import { promptHandler } from '../../src/events/prompt.js';
import { sessionStartHandler } from '../../src/events/session-start.js';
import { stopHandler } from '../../src/events/stop.js';
import type { Envelope, HookContext, Outcome } from '../../src/core/types.js';

const home = mkdtempSync(join(tmpdir(), 'cm-hh-home-'));
const env = { ...process.env, CONTEXT_MODE_HOME: home };
const dirs = [home];
after(() => {
  closeLedgerHandles();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});
let clock = 1_000_000;
const logs: string[] = [];
const ctx: HookContext = { env, now: () => (clock += 1000), log: (m) => logs.push(m) };

function newProject(): string {
  const d = mkdtempSync(join(tmpdir(), 'cm-hh-proj-'));
  mkdirSync(join(d, '.git'));
  dirs.push(d);
  return d;
}
function envelope(host: HostId, projectDir: string, sessionId: string, extra: Partial<Envelope>): Envelope {
  return {
    host: getHost(host),
    event: 'post-tool',
    hostEvent: 'x',
    sessionId,
    projectDir,
    isSubagent: false,
    raw: {},
    ...extra,
  };
}
const text = (o: Outcome) => ('text' in o ? o.text : '');

test('post-tool and prompt events land in the project memory; a subdirectory is the same project', async () => {
  const p = newProject();
  mkdirSync(join(p, 'src'));
  await postToolHandler(
    envelope('claude-code', join(p, 'src'), 's1', { toolName: 'Edit', toolInput: { file_path: join(p, 'src/a.ts') } }),
    ctx,
  );
  await promptHandler(envelope('claude-code', p, 's1', { event: 'prompt', prompt: 'goal: make it fast' }), ctx);
  const store = openMemoryStore(p, env);
  assert.deepEqual(
    store.sessionEvents('s1').map((e) => e.type),
    ['file_edit', 'user_prompt', 'goal'],
  );
  store.close();
});

test('startup injects only the routing block, with the host tool names, and books it as own cost', async () => {
  const p = newProject();
  const out = await sessionStartHandler(
    envelope('claude-code', p, 's1', { event: 'session-start', sessionStartSource: 'startup' }),
    ctx,
  );
  assert.equal(out.kind, 'context');
  assert.match(text(out), /^<context_mode>/);
  assert.match(text(out), /mcp__context-mode__ctx_search/);
  assert.ok(Buffer.byteLength(text(out)) <= 1536);
  const stats = readStats(p, { env });
  assert.equal(stats.projectTotals.ownCostBytes, Buffer.byteLength(text(out)));
});

test('a caller that books on delivery gets the cost back and the ledger has nothing until it books it', async () => {
  const p = newProject();
  const out = await sessionStartHandler(
    envelope('opencode', p, 'o1', { event: 'session-start', sessionStartSource: 'startup' }),
    { ...ctx, deferInjectedCosts: true },
  );
  assert.equal(out.kind, 'context');
  const costs = out.kind === 'context' ? (out.costs ?? []) : [];
  assert.deepEqual(costs, [{ tool: 'routing-block', bytes: Buffer.byteLength(text(out)) }]);
  assert.equal(readStats(p, { env }).projectTotals.ownCostBytes, 0, 'nothing booked before delivery');
  bookInjectedCosts({ projectDir: p, sessionId: 'o1', host: getHost('opencode'), env }, costs);
  assert.equal(readStats(p, { env }).projectTotals.ownCostBytes, Buffer.byteLength(text(out)));
});

test('pre-compact then session-start(compact) carries the snapshot once; clear gets the routing block only', async () => {
  const p = newProject();
  await promptHandler(envelope('claude-code', p, 's1', { event: 'prompt', prompt: 'fix the parser' }), ctx);
  await preCompactHandler(envelope('claude-code', p, 's1', { event: 'pre-compact' }), ctx);
  const compact = text(
    await sessionStartHandler(
      envelope('claude-code', p, 's1', { event: 'session-start', sessionStartSource: 'compact' }),
      ctx,
    ),
  );
  assert.match(compact, /<session_resume[^>]*>[\s\S]*fix the parser/);
  const clear = text(
    await sessionStartHandler(
      envelope('claude-code', p, 's1', { event: 'session-start', sessionStartSource: 'clear' }),
      ctx,
    ),
  );
  assert.doesNotMatch(clear, /session_resume/);
});

test('a host whose compaction sends no session-start gets the snapshot with the next prompt', async () => {
  const p = newProject();
  await promptHandler(envelope('gemini-cli', p, 'g1', { event: 'prompt', prompt: 'goal: port the CLI' }), ctx);
  await preCompactHandler(envelope('gemini-cli', p, 'g1', { event: 'pre-compact' }), ctx);
  const next = text(await promptHandler(envelope('gemini-cli', p, 'g1', { event: 'prompt', prompt: 'go on' }), ctx));
  assert.match(next, /## Goal\nport the CLI/);
  assert.equal(
    text(await promptHandler(envelope('gemini-cli', p, 'g1', { event: 'prompt', prompt: 'more' }), ctx)),
    '',
  );
});

test('a host without pre-compact keeps a snapshot at turn end; the next session gets it once as a follow-up', async () => {
  const p = newProject();
  await promptHandler(envelope('cursor', p, 'c1', { event: 'prompt', prompt: 'goal: add dark mode' }), ctx);
  assert.equal((await stopHandler(envelope('cursor', p, 'c1', { event: 'stop' }), ctx)).kind, 'none');
  const first = await stopHandler(envelope('cursor', p, 'c2', { event: 'stop' }), ctx);
  assert.equal(first.kind, 'followup');
  assert.match(text(first), /from="previous session"[\s\S]*add dark mode/);
  assert.equal((await stopHandler(envelope('cursor', p, 'c2', { event: 'stop' }), ctx)).kind, 'none');
});

test('handlers never throw: a bad data home is logged and answered with nothing', async () => {
  const badCtx: HookContext = { ...ctx, env: { ...env, CONTEXT_MODE_HOME: 'not/absolute' } };
  const e = envelope('claude-code', '/nonexistent', 's', { toolName: 'Edit', toolInput: { file_path: '/x' } });
  assert.equal((await postToolHandler(e, badCtx)).kind, 'none');
  assert.equal((await promptHandler({ ...e, prompt: 'hi' }, badCtx)).kind, 'none');
  assert.equal((await sessionStartHandler(e, badCtx)).kind, 'none');
  assert.equal((await preCompactHandler(e, badCtx)).kind, 'none');
  assert.equal((await stopHandler(e, badCtx)).kind, 'none');
  assert.ok(logs.some((l) => /CONTEXT_MODE_HOME/.test(l)));
});
