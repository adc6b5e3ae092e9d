import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { BIN } from '../sessions/hook-process.js';

const home = mkdtempSync(join(tmpdir(), 'cm-int-home-'));
const project = mkdtempSync(join(tmpdir(), 'cm-int-proj-'));
mkdirSync(join(project, '.git'));
after(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});

function hook(host: string, event: string, payload: unknown) {
  const r = spawnSync(process.execPath, [BIN, 'hook', host, event], {
    input: JSON.stringify(payload),
    env: { ...process.env, CONTEXT_MODE_HOME: home },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: r.status, stdout: r.stdout };
}

function cli(args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args, '--project', project], {
    env: { ...process.env, CONTEXT_MODE_HOME: home },
    encoding: 'utf8',
  });
}

test('a 60 KB tool output is replaced by a digest on Claude Code and stays searchable', () => {
  const big = readFileSync(
    fileURLToPath(new URL('../../../test/fixtures/captured/github-issues.json', import.meta.url)),
    'utf8',
  );
  const r = hook('claude-code', 'posttooluse', {
    session_id: 'int-1',
    cwd: project,
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'gh issue list --json title,body' },
    tool_response: { stdout: big, stderr: '', interrupted: false },
  });
  assert.equal(r.code, 0);
  // Claude Code validates the replacement against Bash's own output shape: the response object, stdout replaced.
  const out = JSON.parse(r.stdout) as {
    hookSpecificOutput: { updatedToolOutput: { stdout: string; stderr: string; interrupted: boolean } };
  };
  assert.equal(out.hookSpecificOutput.updatedToolOutput.interrupted, false);
  const replaced = out.hookSpecificOutput.updatedToolOutput.stdout;
  assert.ok(Buffer.byteLength(replaced) <= 4200, `${Buffer.byteLength(replaced)} bytes`);
  const source = /ctx_search\(source: "([^"]+)"/.exec(replaced)?.[1];
  assert.ok(source, replaced.slice(-300));
  const title = (JSON.parse(big) as Array<{ title: string }>)[12]!.title;
  const found = cli(['search', title, '--source', source!, '--json']);
  assert.equal(found.status, 0, found.stderr);
  assert.ok((JSON.parse(found.stdout) as { hits: unknown[] }).hits.length > 0, 'the replaced output is searchable');
  const stats = cli(['stats']);
  assert.match(stats.stdout, /- Bash: 1×, [\d.]+ KB produced → [\d.]+ KB returned/, 'the replacement is in the ledger');
});

test('small outputs and hosts that cannot replace output pass through untouched', () => {
  const small = hook('claude-code', 'posttooluse', {
    session_id: 'int-2',
    cwd: project,
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
    tool_response: { stdout: 'a\nb\n', stderr: '' },
  });
  assert.equal(small.code, 0);
  assert.doesNotMatch(small.stdout, /updatedToolOutput/);
  const gemini = hook('gemini-cli', 'aftertool', {
    session_id: 'int-3',
    cwd: project,
    hook_event_name: 'AfterTool',
    tool_name: 'run_shell_command',
    tool_input: { command: 'cat big' },
    tool_response: { llmContent: 'x'.repeat(50_000) },
  });
  assert.equal(gemini.code, 0);
});

test("Gemini CLI: a large shell output becomes an AfterTool deny whose reason is the digest; the ledger books at most Gemini's own 40 KB cut", () => {
  const own = mkdtempSync(join(tmpdir(), 'cm-int-gemini-'));
  mkdirSync(join(own, '.git'));
  try {
    const lines = Array.from({ length: 3000 }, (_, i) =>
      i === 1500 ? 'ERROR disk quota exceeded' : `test case ${i} passed ....`,
    );
    const r = hook('gemini-cli', 'aftertool', {
      session_id: 'int-4',
      cwd: own,
      hook_event_name: 'AfterTool',
      tool_name: 'run_shell_command',
      tool_input: { command: 'npm test' },
      tool_response: { llmContent: `Output: ${lines.join('\n')}\nProcess Group PGID: 1` },
    });
    assert.equal(r.code, 0);
    // Gemini 0.61 ignores hookSpecificOutput.tool_output; a deny's reason becomes the whole tool result.
    const out = JSON.parse(r.stdout) as { decision: string; reason: string; hookSpecificOutput?: unknown };
    assert.equal(out.decision, 'deny');
    assert.equal(out.hookSpecificOutput, undefined);
    assert.ok(Buffer.byteLength(out.reason) <= 4096, `${Buffer.byteLength(out.reason)} bytes`);
    assert.match(out.reason, /ERROR disk quota exceeded/);
    const stats = spawnSync(process.execPath, [BIN, 'stats', '--json', '--project', own], {
      env: { ...process.env, CONTEXT_MODE_HOME: home },
      encoding: 'utf8',
    });
    const t = (JSON.parse(stats.stdout) as { projectTotals: { rawBytes: number; savedBytes: number } }).projectTotals;
    assert.ok(t.rawBytes <= 40_000 && t.savedBytes > 30_000, JSON.stringify(t));
  } finally {
    rmSync(own, { recursive: true, force: true });
  }
});

// Claude Code 2.1.332 passes PostToolUse only the first 30,000 characters of a long Bash output and keeps the whole
// in the file named by persistedOutputPath (test/hosts/claude-code.test.ts).
function claudeLongBash(dir: string, fileText: string | undefined) {
  const lines = Array.from({ length: 3000 }, (_, i) =>
    i === 1500 ? 'ERROR disk quota exceeded at step 1777' : `test case ${i} passed in ${i % 97} ms ....`,
  );
  const whole = lines.join('\n') + '\n';
  const file = join(dir, 'tool-results', 'b1.txt');
  mkdirSync(join(dir, 'tool-results'), { recursive: true });
  writeFileSync(file, fileText ?? whole);
  return hook('claude-code', 'posttooluse', {
    session_id: 'int-5',
    cwd: dir,
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'npm test' },
    tool_response: {
      stdout: whole.slice(0, 29_999),
      stderr: '',
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
      persistedOutputPath: file,
      persistedOutputSize: Buffer.byteLength(whole),
    },
  });
}

test("Claude Code: a long Bash output is digested from the whole persisted file, error line kept, and booked against Claude's 2 KB preview", () => {
  const own = mkdtempSync(join(tmpdir(), 'cm-int-persisted-'));
  mkdirSync(join(own, '.git'));
  try {
    const r = claudeLongBash(own, undefined);
    assert.equal(r.code, 0);
    const value = (JSON.parse(r.stdout) as { hookSpecificOutput: { updatedToolOutput: Record<string, unknown> } })
      .hookSpecificOutput.updatedToolOutput;
    const replaced = String(value.stdout);
    assert.match(
      replaced,
      /ERROR disk quota exceeded at step 1777/,
      'the error line past the first 30,000 characters is kept',
    );
    assert.ok(Buffer.byteLength(replaced) <= 4200, `${Buffer.byteLength(replaced)} bytes`);
    // With these fields Claude wraps our digest in its <persisted-output> note and shows only its first 2 KB.
    assert.equal(value.persistedOutputPath, undefined);
    assert.equal(value.persistedOutputSize, undefined);
    assert.equal(value.interrupted, false);
    const source = /ctx_search\(source: "([^"]+)"/.exec(replaced)?.[1];
    assert.ok(source, replaced.slice(-300));
    const found = spawnSync(
      process.execPath,
      [BIN, 'search', 'test case 2999 passed', '--source', source!, '--json', '--project', own],
      { env: { ...process.env, CONTEXT_MODE_HOME: home }, encoding: 'utf8' },
    );
    assert.equal(found.status, 0, found.stderr);
    assert.match(found.stdout, /test case 2999 passed/, 'the last line, far past the cut, is in the knowledge base');
    const stats = spawnSync(process.execPath, [BIN, 'stats', '--json', '--project', own], {
      env: { ...process.env, CONTEXT_MODE_HOME: home },
      encoding: 'utf8',
    });
    const t = (
      JSON.parse(stats.stdout) as { projectTotals: { rawBytes: number; savedBytes: number; returnedBytes: number } }
    ).projectTotals;
    // Without us the model would have got Claude's ~2 KB preview, not 104 KB (nor the 30 KB the hook saw).
    assert.ok(t.rawBytes <= 2048 && t.savedBytes <= 2048 - t.returnedBytes, JSON.stringify(t));
  } finally {
    rmSync(own, { recursive: true, force: true });
  }
});

test('Claude Code: a persistedOutputPath naming some other file is not read; the digest comes from what Claude passed', () => {
  const own = mkdtempSync(join(tmpdir(), 'cm-int-persisted-'));
  mkdirSync(join(own, '.git'));
  try {
    const r = claudeLongBash(own, `unrelated secret\n${'x'.repeat(200_000)}\nERROR disk quota exceeded at step 1777\n`);
    assert.equal(r.code, 0);
    const replaced = String(
      (JSON.parse(r.stdout) as { hookSpecificOutput: { updatedToolOutput: { stdout: string } } }).hookSpecificOutput
        .updatedToolOutput.stdout,
    );
    assert.doesNotMatch(replaced, /unrelated secret|ERROR disk quota/);
    assert.match(replaced, /test case 0 passed/);
  } finally {
    rmSync(own, { recursive: true, force: true });
  }
});
