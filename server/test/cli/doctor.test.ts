import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { BIN } from '../helpers/mcp-client.js';

function cli(args: string[], env: Record<string, string> = {}) {
  const home = mkdtempSync(join(tmpdir(), 'cm-home-'));
  const project = mkdtempSync(join(tmpdir(), 'cm-proj-'));
  try {
    // HOME too: otherwise the machine's own host configs (e.g. an untrusted ~/.codex) decide the verdict.
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) => !/^(CODEX_HOME|CLAUDE_CONFIG_DIR|XDG_CONFIG_HOME|GEMINI_CLI_HOME)$/.test(k),
      ),
    );
    const r = spawnSync(process.execPath, [BIN, ...args], {
      encoding: 'utf8',
      env: { ...inherited, HOME: home, CONTEXT_MODE_HOME: home, CONTEXT_MODE_PROJECT_DIR: project, ...env },
      timeout: 60_000,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr, home };
  } finally {
    rmSync(home, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  }
}

test('context-mode doctor prints [OK] lines for Node, SQLite/FTS5, data dir, project and host', () => {
  const r = cli(['doctor'], { CONTEXT_MODE_PLATFORM: 'claude-code' });
  assert.equal(r.code, 0, r.stderr);
  for (const name of ['node', 'sqlite', 'data dir', 'project', 'host']) {
    assert.match(r.stdout, new RegExp(`^\\[OK\\] ${name}: `, 'm'), r.stdout);
  }
  assert.match(r.stdout, /FTS5/);
  assert.match(r.stdout, /Claude Code/);
});

test('context-mode doctor --json is machine-readable', () => {
  const r = cli(['doctor', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const parsed = JSON.parse(r.stdout) as { ok: boolean; checks: Array<{ status: string; name: string }> };
  assert.equal(parsed.ok, true);
  assert.ok(parsed.checks.some((c) => c.name === 'sqlite' && c.status === 'OK'));
});

test('an unwritable data dir is a FAIL naming CONTEXT_MODE_HOME, and exit code 1', () => {
  // A regular file where the data dir should be: mkdir fails even for root (chmod would not stop root).
  const dir = mkdtempSync(join(tmpdir(), 'cm-file-home-'));
  const file = join(dir, 'not-a-dir');
  writeFileSync(file, 'x');
  try {
    const r = cli(['doctor'], { CONTEXT_MODE_HOME: file });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^\[FAIL\] data dir: .*CONTEXT_MODE_HOME/m);
    assert.match(r.stdout, /fix: Set CONTEXT_MODE_HOME/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('usage errors exit 2 and --help exits 0 for doctor', () => {
  assert.equal(cli(['doctor', '--bogus']).code, 2);
  const help = cli(['doctor', '--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /Usage: ctxmode doctor/);
  assert.equal(cli(['no-such-command']).code, 2);
});
