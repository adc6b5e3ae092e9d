// Codex has no read tool: reading a log is `cat big.log`, which routing denies. The deny must carry the answer —
// the file's digest with its error line — or the model never learns what the file said (real Codex 0.171.0 run).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { plainReadFiles } from '../../src/routing/plain-read.js';
import { spawnSync } from 'node:child_process';
import { assertBuilt, BIN, markServerLive, runBuiltHook, sandboxDirs } from './run-built-hook.js';

assertBuilt();

const ERROR_LINE = 'ERROR: disk quota exceeded while writing shard 7';

function bigLog(project: string): string {
  const lines = Array.from({ length: 3000 }, (_, i) => `2026-12-03T10:00:00 INFO worker ${i} processed batch ok`);
  lines.push(ERROR_LINE);
  const path = join(project, 'big.log');
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

test('a denied cat of a big log carries its digest: first and last lines and the error on its last line', async () => {
  const { home, project } = sandboxDirs('cm-deny-digest');
  markServerLive(home, project);
  bigLog(project);
  const run = await runBuiltHook(['codex', 'pretooluse'], {
    env: { ...process.env, CONTEXT_MODE_HOME: home },
    input: JSON.stringify({
      hook_event_name: 'PreToolUse',
      session_id: 's-codex',
      cwd: project,
      tool_name: 'Bash',
      tool_input: { command: 'cat big.log' },
    }),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.ok(run.stdout.includes(ERROR_LINE), `the error line is in the answer: ${run.stdout.slice(0, 400)}`);
  assert.match(run.stdout, /worker 0 processed/, 'the first lines too');
  assert.ok(Buffer.byteLength(run.stdout) <= 4096 + 512, `answer is ${Buffer.byteLength(run.stdout)} bytes`);

  // Booked as confirmed, against Codex's own ~10 KB cut of shell output, and not again as an estimate.
  const stats = spawnSync(process.execPath, [BIN, 'stats', '--json', '--project', project], {
    env: { ...process.env, CONTEXT_MODE_HOME: home },
    encoding: 'utf8',
  });
  const t = (JSON.parse(stats.stdout) as { projectTotals: Record<string, number> }).projectTotals;
  assert.ok(t.savedBytes! > 5_000 && t.rawBytes! <= 10_000, JSON.stringify(t));
  assert.equal(t.redirectEstimateBytes, 0, JSON.stringify(t));
});

// VS Code runs a rewritten command in its 80-column terminal and the model reads the screen (docs/vscode.md): the
// redirect must be a deny whose reason is the guidance plus the digest, with nothing to run.
test('VS Code Copilot: a cat of a big log is denied with one reason carrying the digest, no echo to run', async () => {
  const { home, project } = sandboxDirs('cm-deny-digest-vscode');
  markServerLive(home, project);
  bigLog(project);
  const run = await runBuiltHook(['vscode-copilot', 'pretooluse'], {
    env: { ...process.env, CONTEXT_MODE_HOME: home },
    input: JSON.stringify({
      hook_event_name: 'PreToolUse',
      session_id: 's-vscode',
      cwd: project,
      tool_name: 'run_in_terminal',
      tool_input: { command: 'cat big.log', explanation: 'Show the log', goal: 'read log', isBackground: false },
    }),
  });
  assert.equal(run.code, 0, run.stderr);
  const answer = JSON.parse(run.stdout) as {
    hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string; updatedInput?: unknown };
  };
  const out = answer.hookSpecificOutput;
  assert.equal(out.permissionDecision, 'deny');
  assert.equal(out.updatedInput, undefined, 'nothing is run in the terminal');
  const reason = out.permissionDecisionReason;
  assert.equal(reason.match(/redirected/g)?.length, 1, reason.slice(0, 400));
  assert.match(reason, /mcp_context-mode_ctx_index\(/, 'names the tool as VS Code shows it');
  assert.match(reason, /Retrieve any part: mcp_context-mode_ctx_search\(source:/, 'the digest names it so too');
  assert.ok(reason.includes(ERROR_LINE), `the error line is in the reason: ${reason.slice(0, 400)}`);
  assert.ok(Buffer.byteLength(reason) <= 4096, `reason is ${Buffer.byteLength(reason)} bytes`);
});

test('only a plain read of named files gets a digest', () => {
  assert.deepEqual(plainReadFiles('cat big.log'), ['big.log']);
  assert.deepEqual(plainReadFiles('tail -n 5000 a.log b.log'), ['a.log', 'b.log']);
  assert.deepEqual(plainReadFiles('head -3000 a.log'), ['a.log']);
  for (const other of ['cat big.log | grep x', 'cat *.log', 'cat $F', 'tail -f a.log', 'cat -v a.log', 'less']) {
    assert.equal(plainReadFiles(other), undefined, other);
  }
});
