import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHost } from '@context-mode/shared/platforms/host-table';
import type { Decision } from '../../src/core/decision.js';
import { FILE_MISSING, routePreToolUse, type NudgeGate, type RouteInput } from '../../src/routing/route-pre-tool.js';

function route(over: Partial<RouteInput>): Decision {
  return routePreToolUse({
    toolName: 'Bash',
    toolInput: { command: 'git log' },
    host: getHost('claude-code'),
    projectDir: '/work/project',
    sessionId: 's1',
    isSubagent: false,
    serverLive: true,
    env: {},
    ...over,
  });
}

/** An in-memory nudge gate (fake: the real one is marker files, tested with the hook process). */
function memoryGate(): NudgeGate & { shown: string[] } {
  const seen = new Set<string>();
  const counts = new Map<string, number>();
  const shown: string[] = [];
  return {
    shown,
    once(kind) {
      if (seen.has(kind)) return false;
      seen.add(kind);
      shown.push(kind);
      return true;
    },
    every(kind, n) {
      const c = counts.get(kind) ?? 0;
      counts.set(kind, c + 1);
      return c % n === 0;
    },
  };
}

test('a flooding shell command is redirected with the exact ctx_execute call in the host tool naming', () => {
  const d = route({});
  assert.equal(d.action, 'modify');
  if (d.action !== 'modify') return;
  assert.match(d.reason ?? '', /^context-mode: .* redirected/);
  assert.match(d.reason ?? '', /mcp__context-mode__ctx_execute\(language: "shell", code: "git log -n 50"\)/);
  // One line the model reads: no claim the product cannot know (whether this machine has a network).
  assert.doesNotMatch(d.reason ?? '', /network access|\n/);
  assert.doesNotMatch(d.reason ?? '', /error|blocked|denied/i);
  assert.match(String(d.updatedInput.command), /^echo '/);
  assert.equal(d.meta?.type, 'bash-redirected');
  assert.ok((d.meta?.bytesAvoided ?? 0) > 0);
});

test('each host sees the tool names it shows the model', () => {
  const cursor = route({ host: getHost('cursor') });
  const kiro = route({ host: getHost('kiro') });
  assert.ok(
    cursor.action === 'modify' && /\bctx_execute\(/.test(cursor.reason ?? '') && !/mcp__/.test(cursor.reason ?? ''),
  );
  assert.ok(kiro.action === 'modify' && (kiro.reason ?? '').includes('@context-mode/ctx_execute('));
});

test('host tool aliases are routed like Bash, with the host field kept in the modified input', () => {
  const d = route({
    toolName: 'run_shell_command',
    toolInput: { command: 'tail -f x.log' },
    host: getHost('gemini-cli'),
  });
  assert.equal(d.action, 'modify');
  const c = route({ toolName: 'exec_command', toolInput: { cmd: 'docker logs api' }, host: getHost('codex') });
  assert.ok(c.action === 'modify' && typeof c.updatedInput.cmd === 'string');
});

test('without a live server for the project every call passes through untouched', () => {
  for (const over of [
    {},
    { toolName: 'WebFetch', toolInput: { url: 'https://x.example' } },
    { toolName: 'Grep', toolInput: {} },
  ]) {
    assert.deepEqual(route({ ...over, serverLive: false, nudge: memoryGate() }), { action: 'none' });
  }
});

test('subagent calls pass through, since their MCP tools may not be wired', () => {
  assert.deepEqual(route({ isSubagent: true }), { action: 'none' });
});

test('our own ctx tools pass in every naming', () => {
  for (const name of [
    'ctx_execute',
    'mcp__context-mode__ctx_execute',
    'context-mode_ctx_search',
    '@context-mode/ctx_index',
    'mcp__plugin_context-mode_context-mode__ctx_execute',
  ]) {
    assert.deepEqual(
      route({ toolName: name, toolInput: { language: 'shell', code: 'git log' } }),
      { action: 'none' },
      name,
    );
  }
});

test('WebFetch is redirected to ctx_fetch_and_index with the URL filled in', () => {
  const d = route({ toolName: 'WebFetch', toolInput: { url: 'https://docs.example.com/guide', prompt: 'summarise' } });
  assert.equal(d.action, 'deny');
  if (d.action !== 'deny') return;
  assert.match(d.reason, /ctx_fetch_and_index\(url: "https:\/\/docs\.example\.com\/guide"/);
  assert.equal(d.meta?.type, 'webfetch-redirected');
});

test('reading a file over 50 KB gets guidance naming ctx_execute_file; a small file or a ranged read does not', () => {
  const fileSize = (p: string): number | undefined => (p.endsWith('big.json') ? 400_000 : 1_000);
  const big = route({ toolName: 'Read', toolInput: { file_path: 'data/big.json' }, fileSize });
  assert.equal(big.action, 'context');
  assert.ok(big.action === 'context' && big.additionalContext.includes('ctx_execute_file(path: "data/big.json"'));
  assert.equal(big.action === 'context' ? big.meta?.bytesAvoided : 0, 400_000);
  assert.deepEqual(route({ toolName: 'Read', toolInput: { file_path: 'small.ts' }, fileSize }), { action: 'none' });
  assert.deepEqual(
    route({ toolName: 'Read', toolInput: { file_path: 'data/big.json', offset: 1, limit: 100 }, fileSize }),
    { action: 'none' },
  );
});

test('a command on a file that does not exist runs as typed: no redirect, no estimated saving (was 200 KB "avoided")', () => {
  const nothingThere = (): number => FILE_MISSING;
  assert.deepEqual(route({ toolInput: { command: 'cat /var/log/syslog' }, fileSize: nothingThere }), {
    action: 'none',
  });
  assert.deepEqual(route({ toolInput: { command: 'cat logs/app.log' }, fileSize: nothingThere }), { action: 'none' });
  assert.deepEqual(route({ toolName: 'Read', toolInput: { file_path: 'missing.json' }, fileSize: nothingThere }), {
    action: 'none',
  });
  // After a cd the relative name may exist elsewhere: it is judged by its name, as when the size is unknown.
  const moved = route({ toolInput: { command: 'cd /var/log && cat syslog' }, fileSize: nothingThere });
  assert.equal(moved.action, 'modify');
  // With no probe at all (sizes unknown), a big-sounding name is still redirected.
  assert.equal(route({ toolInput: { command: 'cat /var/log/syslog' } }).action, 'modify');
});

test('Grep and shell nudges are given once per session', () => {
  const gate = memoryGate();
  assert.equal(route({ toolName: 'Grep', toolInput: { pattern: 'x' }, nudge: gate }).action, 'context');
  assert.equal(route({ toolName: 'Grep', toolInput: { pattern: 'y' }, nudge: gate }).action, 'none');
  assert.equal(route({ toolInput: { command: 'npm test' }, nudge: gate }).action, 'context');
  assert.equal(route({ toolInput: { command: 'npm run build' }, nudge: gate }).action, 'none');
});

test('bounded commands never earn a nudge, and a newline cannot smuggle a second command past the allowlist', () => {
  const gate = memoryGate();
  assert.equal(route({ toolInput: { command: 'git status' }, nudge: gate }).action, 'none');
  assert.equal(route({ toolInput: { command: 'pwd' }, nudge: gate }).action, 'none');
  assert.deepEqual(gate.shown, []);
  assert.equal(route({ toolInput: { command: 'pwd\nnpm test' }, nudge: gate }).action, 'context');
});

test('external MCP tools get a nudge on calls 1, N+1, … (N from CONTEXT_MODE_EXTERNAL_MCP_NUDGE_EVERY)', () => {
  const gate = memoryGate();
  const actions = Array.from(
    { length: 7 },
    () =>
      route({
        toolName: 'mcp__github__list_issues',
        toolInput: {},
        nudge: gate,
        env: { CONTEXT_MODE_EXTERNAL_MCP_NUDGE_EVERY: '3' },
      }).action,
  );
  assert.deepEqual(actions, ['context', 'none', 'none', 'context', 'none', 'none', 'context']);
});

test('normal tool calls pass through', () => {
  for (const [toolName, toolInput] of [
    ['Edit', { file_path: 'a.ts', old_string: 'a', new_string: 'b' }],
    ['Write', { file_path: 'a.ts', content: 'x' }],
    ['Bash', { command: 'npm install' }],
    ['Bash', { command: 'curl -o out.json https://x.example' }],
  ] as const) {
    assert.deepEqual(route({ toolName, toolInput: { ...toolInput } }), { action: 'none' }, toolName);
  }
});
