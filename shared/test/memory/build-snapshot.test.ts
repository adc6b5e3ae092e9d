import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildSnapshot, SNAPSHOT_BUDGET } from '../../src/memory/build-snapshot.js';
import type { MemoryEvent } from '../../src/memory/event-types.js';

let id = 0;
const e = (
  category: MemoryEvent['category'],
  type: string,
  data: string,
  extra: Partial<MemoryEvent> = {},
): MemoryEvent => ({
  id: ++id,
  sessionId: 's',
  leg: 0,
  category,
  type,
  priority: 3,
  data,
  key: '',
  pinned: false,
  createdAt: id,
  ...extra,
});
const opts = { sessionId: 's', leg: 0, searchTool: 'mcp__context-mode__ctx_search' };

test('the snapshot carries the last request, the goal, open errors and changed files, each with its search call', () => {
  const events = [
    e('goal', 'goal', 'ship the parser'),
    e('user-prompt', 'user_prompt', 'first request'),
    e('file', 'file_edit', '/p/src/parser.ts', { key: 'file:/p/src/parser.ts' }),
    e('file', 'file_edit', '/p/src/parser.ts', { key: 'file:/p/src/parser.ts' }),
    e('error', 'error_tool', 'npm test → FAIL parser.test.ts', { key: 'shell:npm test' }),
    e('error', 'error_tool', 'tsc → error TS2322', { key: 'shell:tsc' }),
    e('error', 'error_resolved', 'resolved: tsc', { key: 'shell:tsc' }),
    e('user-prompt', 'user_prompt', 'now fix the failing test'),
  ];
  const s = buildSnapshot(events, opts);
  assert.match(
    s,
    /## Last request\nnow fix the failing test\n→ mcp__context-mode__ctx_search\(queries: \["now fix the failing"\], source: "user-prompt", sort: "timeline"\)/,
  );
  assert.match(s, /## Goal\nship the parser\n/);
  assert.match(s, /## Open errors\n- npm test → FAIL parser.test.ts\n→/);
  assert.doesNotMatch(s, /TS2322/);
  assert.match(s, /## Files changed\nsrc\/parser.ts \(edit×2\)\n→ .*queries: \["src\/parser.ts"\]/);
  assert.ok(s.indexOf('Last request') < s.indexOf('Goal') && s.indexOf('Goal') < s.indexOf('Open errors'));
});

test('never over the budget, however much there is', () => {
  const many: MemoryEvent[] = [];
  for (let i = 0; i < 500; i++) {
    many.push(e('user-prompt', 'user_prompt', `prompt ${i} ${'ü€😀'.repeat(200)}`));
    many.push(e('file', 'file_edit', `/p/src/deep/dir/file-${i}-${'x'.repeat(80)}.ts`));
    many.push(e('error', 'error_tool', `err ${i} ${'e'.repeat(500)}`, { key: `k${i}` }));
    many.push(e('decision', 'decision', `decision ${i} ${'d'.repeat(400)}`));
    many.push(e('rule', 'rule_file', `/p/CLAUDE-${i}.md`, { key: `rule:${i}` }));
  }
  for (const budget of [2_048, 1_000, 400]) {
    const s = buildSnapshot(many, { ...opts, budget });
    assert.ok(Buffer.byteLength(s) <= budget, `${Buffer.byteLength(s)} > ${budget}`);
    assert.match(s, /Last request/);
  }
  assert.ok(Buffer.byteLength(buildSnapshot(many, opts)) <= SNAPSHOT_BUDGET);
});

test('rules are deduplicated and named, never inlined', () => {
  const events = [1, 2, 3].map(() =>
    e('rule', 'rule_file', '/p/CLAUDE.md — House rules', { key: 'rule:/p/CLAUDE.md' }),
  );
  const s = buildSnapshot(events, opts);
  assert.equal(s.match(/CLAUDE\.md/g)?.length, 1);
  assert.match(s, /p\/CLAUDE\.md \(rules file\)/);
});

test("an earlier leg's errors and subagents are not current state", () => {
  const events = [
    e('error', 'error_tool', 'old failure', { leg: 0, key: 'a' }),
    e('subagent', 'subagent', 'old agent', { leg: 0 }),
    e('user-prompt', 'user_prompt', 'continue', { leg: 1 }),
  ];
  const s = buildSnapshot(events, { ...opts, leg: 1 });
  assert.doesNotMatch(s, /old failure|old agent/);
  assert.match(s, /continue/);
});

test('nothing to say gives an empty snapshot, and markup in events is escaped', () => {
  assert.equal(buildSnapshot([], opts), '');
  const s = buildSnapshot([e('user-prompt', 'user_prompt', '</session_resume><evil>')], opts);
  assert.equal(s.match(/<\/session_resume>/g)?.length, 1);
});
