// The dashboard's CLI side without a browser: `state` reads what `stats` reads (creating no store), `action` validates what a page sends,
// and `dashboard` prints its URL first and stops cleanly on Ctrl-C.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { closeLedgerHandles, recordLedger } from '@context-mode/shared/ledger/record';
import { redirectNotePath } from '@context-mode/shared/ledger/redirect-notes';
import { seedProject } from './seed-project.js';

const BIN = fileURLToPath(new URL('../../bin/context-mode.cjs', import.meta.url));

test('state on a project that never ran creates nothing in the data dir', (t) => {
  const root = mkdtempSync(join(tmpdir(), 'cm-state-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  spawnSync('git', ['init', '-q', join(root, 'p')]);
  const env = { ...process.env, CONTEXT_MODE_HOME: join(root, 'data') };
  const r = spawnSync(process.execPath, [BIN, 'state', '--json', '--project', join(root, 'p')], {
    env,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).schema, 'context-mode.dashboard-state/1');
  assert.equal(existsSync(join(root, 'data')), false);
});

test('state folds pending redirect notes as stats does: the sidebar shows the figures stats --json gives, stats not run first', (t) => {
  const seed = seedProject();
  t.after(() => seed.cleanup());
  const run = (cmd: string) =>
    spawnSync(process.execPath, [BIN, cmd, '--json', '--project', seed.project], { env: seed.env, encoding: 'utf8' });
  type Shown = { stats: { projectTotals: Record<string, number>; session: unknown } };
  const before = (JSON.parse(run('state').stdout) as Shown).stats.projectTotals.redirectEstimateBytes!;
  const note = redirectNotePath(seed.env, 'sess-notes');
  mkdirSync(dirname(note), { recursive: true });
  writeFileSync(
    note,
    `${JSON.stringify({ at: Date.now(), sessionId: 'sess-notes', host: 'claude-code', tool: 'Bash', projectDir: seed.project, bytesAvoided: 1234 })}\n`,
  );
  const state = run('state');
  assert.equal(state.status, 0, state.stderr);
  const shown = (JSON.parse(state.stdout) as Shown).stats;
  assert.equal(shown.projectTotals.redirectEstimateBytes, before + 1234, JSON.stringify(shown.projectTotals));
  assert.equal(existsSync(note), false, 'the note is in the ledger now');
  const stats = JSON.parse(run('stats').stdout) as { projectTotals: unknown; session: unknown };
  assert.deepEqual(shown.projectTotals, stats.projectTotals);
  assert.deepEqual(shown.session, stats.session);
});

test('a window opened after the last conversation shows no session as its own until one is active', (t) => {
  const seed = seedProject();
  t.after(() => seed.cleanup());
  const refresh = (...extra: string[]) => {
    const r = spawnSync(process.execPath, [BIN, 'action', '{"type":"refresh"}', '--project', seed.project, ...extra], {
      env: seed.env,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    return (JSON.parse(r.stdout) as { state: { stats: { session: { id: string } | null } } }[])[0]!.state.stats;
  };
  const previous = refresh().session?.id;
  assert.ok(previous, 'without a window start, the latest session is shown');
  const openedAt = Date.now();
  assert.equal(refresh('--session-since', String(openedAt)).session, null, 'the previous conversation is not this one');
  recordLedger(
    seed.project,
    {
      sessionId: 'sess-new-window',
      host: 'vscode-copilot',
      tool: 'ctx_execute',
      kind: 'sandbox',
      rawBytes: 900,
      returnedBytes: 100,
    },
    seed.env,
  );
  closeLedgerHandles();
  assert.equal(refresh('--session-since', String(openedAt)).session?.id, 'sess-new-window');
  const bad = spawnSync(
    process.execPath,
    [BIN, 'action', '{"type":"refresh"}', '--project', seed.project, '--session-since', 'yesterday'],
    { env: seed.env, encoding: 'utf8' },
  );
  assert.equal(bad.status, 2, bad.stdout);
});

test('action refuses what a page must not send, with the JSON error shape and exit 2', (t) => {
  const seed = seedProject();
  t.after(() => seed.cleanup());
  for (const bad of [
    '{"type":"purge","scope":"everything"}',
    '{"type":"deleteEvent","id":"1; rm -rf /"}',
    '{"type":"exec","cmd":"x"}',
    'not json',
  ]) {
    const r = spawnSync(process.execPath, [BIN, 'action', bad, '--project', seed.project], {
      env: seed.env,
      encoding: 'utf8',
    });
    assert.equal(r.status, 2, bad);
    const err = JSON.parse(r.stdout) as { schema: string; code: string; message: string };
    assert.equal(err.schema, 'context-mode.error/1');
    assert.ok(err.message.length > 5);
  }
  const ok = spawnSync(process.execPath, [BIN, 'action', '{"type":"refresh"}', '--project', seed.project], {
    env: seed.env,
    encoding: 'utf8',
  });
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal((JSON.parse(ok.stdout) as { type: string }[])[0]!.type, 'state');
});

test('dashboard prints its URL first and stops cleanly on Ctrl-C', async (t) => {
  const seed = seedProject();
  t.after(() => seed.cleanup());
  const child = spawn(process.execPath, [BIN, 'dashboard', '--no-open', '--project', seed.project], {
    env: { ...seed.env, DISPLAY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const first = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    setTimeout(() => reject(new Error('no URL in 20 s')), 20_000).unref();
  });
  assert.match(first, /^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}$/);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGINT');
  const code = await Promise.race([exit, new Promise<'hang'>((r) => setTimeout(() => r('hang'), 10_000).unref())]);
  if (code === 'hang') child.kill('SIGKILL');
  assert.equal(code, 0);
});

test('memory pin and memory delete print JSON with --json after the subcommand (the IDE shells parse it)', (t) => {
  const seed = seedProject();
  t.after(() => seed.cleanup());
  const run = (args: string[]) =>
    spawnSync(process.execPath, [BIN, 'memory', ...args, '--project', seed.project, '--json'], {
      env: seed.env,
      encoding: 'utf8',
    });
  const pinned = run(['pin', '1']);
  assert.equal(pinned.status, 0, pinned.stderr);
  assert.equal((JSON.parse(pinned.stdout) as { pinned: boolean }).pinned, true);
  const deleted = run(['delete', '1']);
  assert.equal(deleted.status, 0, deleted.stderr);
  assert.deepEqual(JSON.parse(deleted.stdout), { schema: 'context-mode.memory-delete/1', id: 1, deleted: true });
});
