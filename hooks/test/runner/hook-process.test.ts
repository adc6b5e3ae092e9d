import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { allHosts } from '@context-mode/shared/platforms/host-table';
import { spawnSync } from 'node:child_process';
import { assertBuilt, BIN, markServerLive, pool, runBuiltHook, sandboxDirs } from './run-built-hook.js';

before(assertBuilt);

function answersLikeAHook(r: { code: number | null; stdout: string }, blockCode?: number, plainOk = false): void {
  assert.ok(r.code === 0 || (blockCode !== undefined && r.code === blockCode), `exit ${r.code}`);
  const out = r.stdout.trim();
  if (out === '') return;
  if (plainOk && !out.startsWith('{')) return;
  assert.equal(out.split('\n').length, 1, `one line expected: ${out.slice(0, 200)}`);
  assert.doesNotThrow(() => JSON.parse(out), `not JSON: ${out.slice(0, 200)}`);
}

test(
  'every event of every hook host is answered: exit 0 and one JSON line or nothing',
  { timeout: 240_000 },
  async () => {
    const { home, project } = sandboxDirs('cm-runner');
    markServerLive(home, project);
    const env = { ...process.env, CONTEXT_MODE_HOME: home, CONTEXT_MODE_HOOK_STDIN_IDLE_MS: '500' };
    const jobs = allHosts().flatMap((h) => Object.keys(h.hookEvents.value).map((ev) => ({ host: h, ev })));
    assert.ok(jobs.length > 30, `only ${jobs.length} host events`);
    const payload = JSON.stringify({
      session_id: 'runner-1',
      cwd: project,
      tool_name: 'Bash',
      tool_input: { command: 'ls -la' },
      tool_response: { stdout: 'a\nb\n' },
      prompt: 'hello',
      source: 'startup',
    });
    const runs = await pool(jobs, 6, async (j) => ({
      j,
      r: await runBuiltHook([j.host.id, j.ev.toLowerCase()], { env, input: payload }),
    }));
    for (const { j, r } of runs) {
      // Kiro's agentSpawn / userPromptSubmit answer in plain text added to the context.
      answersLikeAHook(r, j.host.blockExitCode?.value, j.host.id === 'kiro');
    }
  },
);

test(
  'a flooding shell command is redirected on each JSON hook host in its own dialect',
  { timeout: 120_000 },
  async () => {
    const { home, project } = sandboxDirs('cm-runner');
    markServerLive(home, project);
    const env = { ...process.env, CONTEXT_MODE_HOME: home };
    const cases: [string, string, unknown][] = [
      [
        'claude-code',
        'pretooluse',
        { session_id: 's', cwd: project, tool_name: 'Bash', tool_input: { command: 'git log' } },
      ],
      [
        'gemini-cli',
        'beforetool',
        { session_id: 's', cwd: project, tool_name: 'run_shell_command', tool_input: { command: 'git log' } },
      ],
      [
        'cursor',
        'pretooluse',
        { conversation_id: 's', workspace_roots: [project], tool_name: 'Shell', tool_input: { command: 'git log' } },
      ],
      [
        'copilot-cli',
        'pretooluse',
        { sessionId: 's', cwd: project, toolName: 'bash', toolArgs: JSON.stringify({ command: 'git log' }) },
      ],
      [
        'vscode-copilot',
        'PreToolUse',
        { sessionId: 's', cwd: project, tool_name: 'run_in_terminal', tool_input: { command: 'git log' } },
      ],
      [
        'kiro',
        'pretooluse',
        { session_id: 's', cwd: project, tool_name: 'execute_bash', tool_input: { command: 'git log' } },
      ],
    ];
    for (const [host, ev, payload] of cases) {
      const r = await runBuiltHook([host, ev], { env, input: JSON.stringify(payload) });
      const text = r.stdout + r.stderr;
      assert.match(text, /context-mode: `git log` redirected/, `${host}: ${text.slice(0, 300)}`);
      if (host === 'kiro') assert.equal(r.code, 2, 'Kiro blocks with exit 2 and the reason on stderr');
      else answersLikeAHook(r);
    }
  },
);

test('without a live server the same command passes silently', async () => {
  const { home, project } = sandboxDirs('cm-runner');
  const r = await runBuiltHook(['claude-code', 'pretooluse'], {
    env: { ...process.env, CONTEXT_MODE_HOME: home },
    input: JSON.stringify({ session_id: 's', cwd: project, tool_name: 'Bash', tool_input: { command: 'git log' } }),
  });
  assert.equal(r.code, 0);
  assert.equal(r.stdout, '');
});

test("context-mode 1.0.169's hook command spellings keep working", async () => {
  const { home, project } = sandboxDirs('cm-runner');
  markServerLive(home, project);
  const env = { ...process.env, CONTEXT_MODE_HOME: home };
  const input = JSON.stringify({
    session_id: 's',
    cwd: project,
    tool_name: 'Bash',
    tool_input: { command: 'tail -f app.log' },
  });
  for (const args of [
    ['claude-code', 'pretooluse'],
    ['claude-code', 'PreToolUse'],
    ['claude', 'pretooluse'],
    ['claude-code', 'pre-tool'],
  ]) {
    const r = await runBuiltHook(args, { env, input });
    assert.match(r.stdout, /redirected/, args.join(' '));
  }
});

test('unknown hosts, unknown events and malformed payloads exit 0 with nothing, and the reason is logged', async () => {
  const { home } = sandboxDirs('cm-runner');
  const env = { ...process.env, CONTEXT_MODE_HOME: home };
  for (const [args, input] of [
    [['no-such-host', 'pretooluse'], '{}'],
    [['claude-code', 'no-such-event'], '{}'],
    [['claude-code', 'pretooluse'], '{"tool_name": "Bash", "tool_input": '],
    [[], ''],
  ] as [string[], string][]) {
    const r = await runBuiltHook(args, { env, input });
    assert.equal(r.code, 0, args.join(' '));
    assert.equal(r.stdout, '', args.join(' '));
  }
  const log = readFileSync(join(home, 'logs', 'hook-errors.log'), 'utf8');
  assert.match(log, /unknown host "no-such-host"/);
  assert.match(log, /no hook event "no-such-event"/);
  assert.match(log, /payload is not JSON/);
});

test('the error log rotates past 1 MiB and keeps one old file', async () => {
  const { home } = sandboxDirs('cm-runner');
  mkdirSync(join(home, 'logs'), { recursive: true });
  writeFileSync(join(home, 'logs', 'hook-errors.log'), 'x'.repeat(1024 * 1024 + 10));
  const r = await runBuiltHook(['no-such-host', 'x'], { env: { ...process.env, CONTEXT_MODE_HOME: home }, input: '' });
  assert.equal(r.code, 0);
  assert.ok(existsSync(join(home, 'logs', 'hook-errors.log.1')));
  assert.ok(statSync(join(home, 'logs', 'hook-errors.log')).size < 10_000);
});

test('a nudge is given once per session across hook processes', async () => {
  const { home, project } = sandboxDirs('cm-runner');
  markServerLive(home, project);
  const env = { ...process.env, CONTEXT_MODE_HOME: home };
  const input = JSON.stringify({
    session_id: 'nudge-1',
    cwd: project,
    tool_name: 'Grep',
    tool_input: { pattern: 'x' },
  });
  const first = await runBuiltHook(['claude-code', 'pretooluse'], { env, input });
  const second = await runBuiltHook(['claude-code', 'pretooluse'], { env, input });
  assert.match(first.stdout, /additionalContext/);
  assert.equal(second.stdout, '');
});

test('a redirect is noted for the ledger without opening SQLite', async () => {
  const { home, project } = sandboxDirs('cm-runner');
  markServerLive(home, project);
  await runBuiltHook(['claude-code', 'pretooluse'], {
    env: { ...process.env, CONTEXT_MODE_HOME: home },
    input: JSON.stringify({ session_id: 'led-1', cwd: project, tool_name: 'Bash', tool_input: { command: 'git log' } }),
  });
  const line = JSON.parse(readFileSync(join(home, 'run', 'redirects', 'led-1.jsonl'), 'utf8').trim()) as Record<
    string,
    unknown
  >;
  assert.equal(line.type, 'bash-redirected');
  assert.equal(line.summary, 'git log');
  assert.equal(line.host, 'claude-code');

  // `context-mode stats` folds the note into the project's ledger: reported apart, never counted as saved.
  const stats = spawnSync(process.execPath, [BIN, 'stats', '--json', '--project', project], {
    env: { ...process.env, CONTEXT_MODE_HOME: home },
    encoding: 'utf8',
  });
  assert.equal(stats.status, 0, stats.stderr);
  const report = JSON.parse(stats.stdout) as {
    projectTotals: { redirectEstimateBytes: number; savedBytes: number };
    tools: unknown[];
  };
  assert.ok(report.projectTotals.redirectEstimateBytes > 0);
  assert.equal(report.projectTotals.savedBytes, 0);
  assert.deepEqual(report.tools, []);
  assert.equal(existsSync(join(home, 'run', 'redirects', 'led-1.jsonl')), false);
  const again = JSON.parse(
    spawnSync(process.execPath, [BIN, 'stats', '--json', '--project', project], {
      env: { ...process.env, CONTEXT_MODE_HOME: home },
      encoding: 'utf8',
    }).stdout,
  ) as typeof report;
  assert.equal(
    again.projectTotals.redirectEstimateBytes,
    report.projectTotals.redirectEstimateBytes,
    'folded once, not twice',
  );
});
