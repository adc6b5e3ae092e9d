import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { BIN, startBuiltServer } from '../helpers/mcp-client.js';

/**
 * A data dir on a really read-only file system: a tmpfs filled, then remounted read-only. Mounting needs root;
 * elsewhere the test says so and skips (a chmod does not stop root, so it would prove nothing).
 */
function readOnlyHome(fill: (home: string) => void): string | undefined {
  const dir = writableTmpfs();
  if (!dir) return undefined;
  fill(dir);
  remountReadOnly(dir);
  return dir;
}

/** A fresh tmpfs (unmounted after the test), or undefined without the right to mount. */
function writableTmpfs(): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'cm-rel-ro-'));
  let mounted = false;
  after(() => {
    if (mounted) execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dir], { stdio: 'ignore' });
    mounted = true;
  } catch {
    return undefined;
  }
  return dir;
}

function remountReadOnly(dir: string): void {
  execFileSync('mount', ['-o', 'remount,ro', dir], { stdio: 'ignore' });
}

test('a read-only data dir with data: search and stats still read it, writes say why they fail', (t) => {
  const project = mkdtempSync(join(tmpdir(), 'cm-rel-ro-proj-'));
  after(() => rmSync(project, { recursive: true, force: true }));
  writeFileSync(join(project, 'notes.md'), '# Turbines\n\nThe turbine blades are inspected weekly.\n');
  const cli = (home: string, ...args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args], {
      cwd: project,
      env: { ...process.env, CONTEXT_MODE_HOME: home, CONTEXT_MODE_PROJECT_DIR: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
  const home = readOnlyHome((h) => {
    mkdirSync(h, { recursive: true });
    const r = cli(h, 'index', 'notes.md');
    assert.equal(r.status, 0, r.stderr);
  });
  if (!home) {
    t.skip('needs root to mount a read-only tmpfs');
    return;
  }
  const search = cli(home, 'search', 'turbine blades');
  assert.equal(search.status, 0, `search failed: ${search.stderr}`);
  assert.match(search.stdout, /inspected weekly/);
  const write = cli(home, 'index', 'notes.md');
  assert.notEqual(write.status, 0);
  assert.match(write.stderr + write.stdout, /read-only|cannot write its data directory .*EROFS/);
  const stats = cli(home, 'stats');
  assert.equal(stats.status, 0, `stats failed: ${stats.stderr}`);
  assert.doesNotMatch(stats.stderr, /unable to open database file/);
  const sources = cli(home, 'sources');
  assert.equal(sources.status, 0, sources.stderr);
  assert.match(sources.stdout, /notes\.md/);
  assert.doesNotMatch(write.stderr + write.stdout, /^unable to open database file$/m);
});

test('ctx_stats over MCP on a read-only data dir with data reports what was recorded', async (t) => {
  const project = mkdtempSync(join(tmpdir(), 'cm-rel-ro-proj-'));
  after(() => rmSync(project, { recursive: true, force: true }));
  const textOf = (r: unknown) =>
    ((r as { content: Array<{ text?: string }> }).content ?? []).map((c) => c.text ?? '').join('');
  const home = writableTmpfs();
  if (!home) {
    t.skip('needs root to mount a read-only tmpfs');
    return;
  }
  // The ledger gets its rows from a real server: a call whose ~60 KB output is kept out of context.
  const filler = await startBuiltServer({ project, env: { CONTEXT_MODE_HOME: home } });
  try {
    const r = await filler.client.callTool({
      name: 'ctx_execute',
      arguments: { language: 'shell', code: 'seq 1 8000 | sed "s/^/row /"' },
    });
    assert.match(textOf(r), /row/);
  } finally {
    await filler.close();
  }
  remountReadOnly(home);
  const server = await startBuiltServer({ project, env: { CONTEXT_MODE_HOME: home } });
  t.after(() => server.close());
  const stats = textOf(await server.client.callTool({ name: 'ctx_stats', arguments: {} }));
  assert.doesNotMatch(stats, /No statistics available|unable to open database file/, stats);
  assert.match(stats, /^- ctx_execute: 1×/m, stats);
  assert.match(stats, /^Project: saved (?!0 B)/m, stats);
});

test('ctx_search over MCP on a read-only data dir answers from what was indexed, as the CLI search does', async (t) => {
  const project = mkdtempSync(join(tmpdir(), 'cm-rel-ro-proj-'));
  after(() => rmSync(project, { recursive: true, force: true }));
  writeFileSync(join(project, 'notes.md'), '# Turbines\n\nThe turbine blades are inspected weekly.\n');
  const textOf = (r: unknown) =>
    ((r as { content: Array<{ text?: string }> }).content ?? []).map((c) => c.text ?? '').join('');
  const home = readOnlyHome((h) => {
    const r = spawnSync(process.execPath, [BIN, 'index', 'notes.md'], {
      cwd: project,
      env: { ...process.env, CONTEXT_MODE_HOME: h, CONTEXT_MODE_PROJECT_DIR: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(r.status, 0, r.stderr);
  });
  if (!home) {
    t.skip('needs root to mount a read-only tmpfs');
    return;
  }
  const server = await startBuiltServer({ project, env: { CONTEXT_MODE_HOME: home } });
  t.after(() => server.close());
  const r = (await server.client.callTool({ name: 'ctx_search', arguments: { queries: ['turbine blades'] } })) as {
    isError?: boolean;
  };
  const text = textOf(r);
  assert.ok(!r.isError, text);
  assert.match(text, /inspected weekly/, text);
});
