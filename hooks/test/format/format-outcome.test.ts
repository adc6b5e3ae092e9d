import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { canonicalEventFor } from '@context-mode/shared/platforms/resolve-host';
import { getHost } from '@context-mode/shared/platforms/host-table';
import type { CanonicalEvent, HostId } from '@context-mode/shared/platforms/types';
import type { Outcome } from '../../src/core/types.js';
import { formatOutcome } from '../../src/format/format-outcome.js';

interface Case {
  name: string;
  input: string;
  event: CanonicalEvent;
  hostEvent: string;
  outcome: Outcome;
  hostVersion?: string;
  expect: { stdout?: unknown; stdoutText?: string; exitCode: number; stderr?: string };
}

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
// Host fixture folders are those with an expected.json; other folders under fixtures/ belong to other tests.
const hostDirs = readdirSync(fixtures, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(fixtures, d.name, 'expected.json')))
  .map((d) => d.name);

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The tool name from a recorded payload, read through the host table's field names (as the wire does). */
function toolNameOf(hostId: HostId, payload: Record<string, unknown>): string | undefined {
  for (const field of getHost(hostId).payload.value.toolName) {
    if (typeof payload[field] === 'string') return payload[field] as string;
  }
  return undefined;
}

test('every hook host has recorded payloads and expected answers', () => {
  for (const id of [
    'claude-code',
    'qwen-code',
    'gemini-cli',
    'vscode-copilot',
    'jetbrains-copilot',
    'copilot-cli',
    'cursor',
    'codex',
    'kimi',
    'kiro',
  ]) {
    assert.ok(hostDirs.includes(id), `fixtures for ${id}`);
  }
});

for (const hostId of hostDirs) {
  const host = getHost(hostId as HostId);
  const { cases } = readJson(join(fixtures, hostId, 'expected.json')) as { cases: Case[] };

  test(`${hostId}: recorded payloads use the field names the host table lists`, () => {
    for (const file of readdirSync(join(fixtures, hostId, 'input'))) {
      const payload = readJson(join(fixtures, hostId, 'input', file)) as Record<string, unknown>;
      const fields = host.payload.value;
      const has = (names: string[]) => names.some((n) => n in payload);
      assert.ok(has(fields.cwd) || has(fields.workspaceRoots ?? []), `${file}: a cwd field of ${fields.cwd.join('|')}`);
      if (file.startsWith('pre-tool') || file.startsWith('post-tool')) {
        assert.ok(has(fields.toolName), `${file}: a tool name field of ${fields.toolName.join('|')}`);
        assert.ok(has(fields.toolInput), `${file}: a tool input field of ${fields.toolInput.join('|')}`);
      }
      if (file.startsWith('post-tool')) assert.ok(has(fields.toolResponse), `${file}: a tool response field`);
      if (file.startsWith('prompt')) assert.ok(has(fields.prompt), `${file}: a prompt field`);
    }
  });

  for (const c of cases) {
    test(`${hostId} ${c.event} (${c.hostEvent}): ${c.name}`, () => {
      // The command-line event name must map to the case's canonical event through the host table.
      assert.equal(canonicalEventFor(host, c.hostEvent), c.event);
      const payload = readJson(join(fixtures, hostId, 'input', c.input)) as Record<string, unknown>;
      const out = formatOutcome(host, c.event, c.outcome, {
        hostEvent: c.hostEvent,
        toolName: toolNameOf(host.id, payload),
        ...(c.hostVersion ? { hostVersion: c.hostVersion } : {}),
      });
      assert.equal(out.exitCode, c.expect.exitCode, 'exit code');
      if (c.expect.stdoutText !== undefined) {
        assert.equal(out.stdout, c.expect.stdoutText);
        assert.equal(out.plainText, true);
      } else if (c.expect.stdout === null) {
        assert.equal(out.stdout, '');
      } else {
        assert.deepEqual(JSON.parse(out.stdout), c.expect.stdout);
        assert.ok(!out.stdout.includes('\n'), 'one line of JSON');
      }
      assert.equal(out.stderr, c.expect.stderr);
    });
  }
}

test('MCP-only hosts and the OpenCode plugin never answer on stdout', () => {
  const outcomes: Outcome[] = [
    { kind: 'decision', decision: { action: 'deny', reason: 'no' } },
    { kind: 'context', text: 'x' },
    { kind: 'followup', text: 'y' },
  ];
  for (const id of ['zed', 'antigravity', 'pi', 'opencode'] as const) {
    for (const outcome of outcomes) {
      assert.deepEqual(formatOutcome(getHost(id), 'pre-tool', outcome), { stdout: '', exitCode: 0 });
    }
  }
});

test('a deny whose reason has quotes and newlines stays one valid JSON line', () => {
  const reason = 'Use ctx_execute(language: "shell", code: "npm test 2>&1 | tail -30")\nthen retry.';
  for (const id of ['claude-code', 'gemini-cli', 'vscode-copilot', 'copilot-cli', 'cursor', 'codex', 'kimi'] as const) {
    const out = formatOutcome(
      getHost(id),
      'pre-tool',
      { kind: 'decision', decision: { action: 'deny', reason } },
      { hostEvent: 'pretooluse' },
    );
    assert.ok(!out.stdout.includes('\n'), id);
    assert.ok(JSON.stringify(JSON.parse(out.stdout)).includes('tail -30'), id);
  }
});

test('empty context and empty follow-ups are answered with nothing', () => {
  const claude = getHost('claude-code');
  assert.equal(formatOutcome(claude, 'session-start', { kind: 'context', text: '  ' }).stdout, '');
  assert.equal(formatOutcome(claude, 'stop', { kind: 'followup', text: '' }).stdout, '');
  assert.equal(formatOutcome(getHost('cursor'), 'stop', { kind: 'followup', text: '' }).stdout, '');
});

test('every host answers every event and outcome with one JSON line or nothing, exiting 0 or its block code', async () => {
  const { allHosts } = await import('@context-mode/shared/platforms/host-table');
  const events: CanonicalEvent[] = ['pre-tool', 'post-tool', 'prompt', 'pre-compact', 'session-start', 'stop'];
  const outcomes: Outcome[] = [
    { kind: 'none' },
    { kind: 'context', text: 'ctx "quoted"\nline two' },
    { kind: 'replace-output', text: 'digest' },
    { kind: 'followup', text: 'next' },
    { kind: 'decision', decision: { action: 'deny', reason: 'no "way"' } },
    { kind: 'decision', decision: { action: 'ask' } },
    { kind: 'decision', decision: { action: 'modify', updatedInput: { command: 'echo "go"' } } },
    { kind: 'decision', decision: { action: 'modify', updatedInput: { file_path: '/a', limit: 10 } } },
    { kind: 'decision', decision: { action: 'context', additionalContext: 'hint' } },
    { kind: 'decision', decision: { action: 'none' } },
  ];
  for (const host of allHosts()) {
    for (const event of events) {
      for (const outcome of outcomes) {
        for (const hostVersion of [undefined, '0.141.0']) {
          const where = `${host.id} ${event} ${JSON.stringify(outcome)}`;
          const out = formatOutcome(host, event, outcome, { hostVersion, toolName: 'mcp__x__y' });
          assert.ok(out.exitCode === 0 || out.exitCode === host.blockExitCode?.value, where);
          if (out.exitCode !== 0) assert.ok(out.stderr && out.stdout === '', where);
          if (out.plainText) continue;
          if (out.stdout !== '') {
            assert.ok(!out.stdout.includes('\n'), where);
            assert.equal(typeof JSON.parse(out.stdout), 'object', where);
          }
        }
      }
    }
  }
});

test('no formatter escalates: pass-through outcomes never deny, ask or rewrite', async () => {
  const { allHosts } = await import('@context-mode/shared/platforms/host-table');
  for (const host of allHosts()) {
    for (const outcome of [{ kind: 'none' }, { kind: 'decision', decision: { action: 'none' } }] as Outcome[]) {
      const out = formatOutcome(host, 'pre-tool', outcome, { hostEvent: 'pretooluse' });
      assert.equal(out.exitCode, 0, host.id);
      assert.doesNotMatch(out.stdout, /deny|block|"ask"|updated|modified|tool_input/i, host.id);
    }
  }
});
