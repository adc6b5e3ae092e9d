import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractToolEvents } from '../../src/memory/extract-tool-events.js';

const types = (r: ReturnType<typeof extractToolEvents>) => r.events.map((e) => `${e.category}/${e.type}`);

test('file reads, edits and writes become file events keyed by path', () => {
  assert.deepEqual(types(extractToolEvents({ toolName: 'Read', toolInput: { file_path: '/p/src/a.ts' } })), [
    'file/file_read',
  ]);
  assert.deepEqual(types(extractToolEvents({ toolName: 'Edit', toolInput: { file_path: '/p/src/a.ts' } })), [
    'file/file_edit',
  ]);
  assert.deepEqual(types(extractToolEvents({ toolName: 'Write', toolInput: { file_path: '/p/b.ts' } })), [
    'file/file_write',
  ]);
  // Host spellings that slip through un-normalised still count (Gemini, VS Code Copilot).
  assert.deepEqual(types(extractToolEvents({ toolName: 'replace', toolInput: { file_path: '/p/a.ts' } })), [
    'file/file_edit',
  ]);
  assert.deepEqual(types(extractToolEvents({ toolName: 'create_file', toolInput: { filePath: '/p/c.ts' } })), [
    'file/file_write',
  ]);
  assert.equal(
    extractToolEvents({ toolName: 'Edit', toolInput: { file_path: '/p/a.ts' } }).events[0]?.key,
    'file:/p/a.ts',
  );
});

test('apply_patch lists every added, updated and moved file', () => {
  const patch =
    '*** Begin Patch\n*** Add File: src/new.ts\n+x\n*** Update File: src/old.ts\n*** Move to: src/moved.ts\n*** End Patch';
  const r = extractToolEvents({ toolName: 'apply_patch', toolInput: { input: patch } });
  assert.deepEqual(
    r.events.map((e) => `${e.type}:${e.data}`),
    ['file_write:src/new.ts', 'file_edit:src/old.ts', 'file_write:src/moved.ts'],
  );
});

test('reading an instruction file is a rule reference, never its content', () => {
  const r = extractToolEvents({
    toolName: 'Read',
    toolInput: { file_path: '/p/CLAUDE.md' },
    toolResponse: '# House rules\n' + 'x'.repeat(10_000),
  });
  assert.equal(r.events[0]?.category, 'rule');
  assert.equal(r.events[0]?.priority, 4);
  assert.ok(r.events[0]!.data.length < 200);
  assert.match(r.events[0]!.data, /CLAUDE\.md — House rules/);
});

test('git commits keep their message; other git operations are recorded', () => {
  const r = extractToolEvents({
    toolName: 'Bash',
    toolInput: { command: 'git add -A && git commit -m "fix: parser handles BOM"' },
    toolResponse: { stdout: '[main 1a2b] fix' },
  });
  assert.deepEqual(types(r), ['git/git', 'git/git_commit']);
  assert.equal(r.events[1]?.data, 'commit: fix: parser handles BOM');
  const r2 = extractToolEvents({
    toolName: 'run_shell_command',
    toolInput: { command: 'sudo GIT_X=1 git -C /repo checkout -b feat' },
  });
  assert.deepEqual(types(r2), ['env/cwd', 'git/git']);
});

test('cd and environment changes are recorded with secrets masked', () => {
  const r = extractToolEvents({
    toolName: 'Bash',
    toolInput: { command: 'cd server && export API_TOKEN=abc123secret && npm install zod' },
  });
  assert.deepEqual(types(r), ['env/cwd', 'env/env', 'env/env']);
  assert.ok(!r.events.some((e) => e.data.includes('abc123secret')));
  assert.match(r.events[1]!.data, /API_TOKEN=\[REDACTED\]/);
});

test('a failing command becomes an error with its error lines, and a constraint when it says so', () => {
  const r = extractToolEvents({
    toolName: 'Bash',
    toolInput: { command: 'npm test' },
    toolResponse: { stdout: 'running\nError: EACCES: permission denied, open /etc/x\n', stderr: '', exit_code: 1 },
  });
  assert.deepEqual(types(r), ['error/error_tool', 'constraint/constraint_discovered']);
  assert.match(r.events[0]!.data, /npm test → .*permission denied/);
  assert.deepEqual(r.call, { key: 'shell:npm test', failed: true, label: 'npm test' });
  const ok = extractToolEvents({
    toolName: 'Bash',
    toolInput: { command: 'npm test' },
    toolResponse: { stdout: 'all passed' },
  });
  assert.equal(ok.call?.failed, false);
  assert.deepEqual(ok.events, []);
});

test("context-mode's own redirect echo is not an error", () => {
  const r = extractToolEvents({
    toolName: 'Bash',
    toolInput: { command: 'echo "context-mode: curl/wget redirected"' },
    toolResponse: 'context-mode: curl/wget redirected. Error: none',
  });
  assert.deepEqual(types(r), []);
});

test('todos, plans, skills, subagents, questions and MCP calls', () => {
  const todo = extractToolEvents({
    toolName: 'TodoWrite',
    toolInput: {
      todos: [
        { content: 'parse', status: 'completed' },
        { content: 'test', status: 'in_progress' },
        { content: 'ship', status: 'pending' },
      ],
    },
  });
  assert.equal(todo.events[0]?.data, '✓ parse; ▶ test; ☐ ship');
  assert.equal(
    extractToolEvents({ toolName: 'ExitPlanMode', toolInput: { plan: 'Step 1\nStep 2' } }).events[0]?.data,
    'Step 1 Step 2',
  );
  assert.equal(extractToolEvents({ toolName: 'Skill', toolInput: { skill: 'pdf' } }).events[0]?.category, 'skill');
  const sub = extractToolEvents({
    toolName: 'Task',
    toolInput: { description: 'find usages', subagent_type: 'Explore' },
    toolResponse: 'found 3',
  });
  assert.equal(sub.events[0]?.data, 'Explore: find usages → found 3');
  const q = extractToolEvents({
    toolName: 'AskUserQuestion',
    toolInput: { questions: [{ question: 'Which DB?' }] },
    toolResponse: { answers: { 'Which DB?': 'SQLite' } },
  });
  assert.equal(q.events[0]?.data, 'Q: Which DB? → A: SQLite');
  assert.equal(q.events[0]?.priority, 4);
  assert.deepEqual(types(extractToolEvents({ toolName: 'mcp__github__get_issue', toolInput: { repo: 'a/b' } })), [
    'mcp/mcp_call',
  ]);
});

test('our own ctx_* tools leave no memory events (the ledger counts them)', () => {
  assert.deepEqual(
    extractToolEvents({ toolName: 'mcp__plugin_context-mode_context-mode__ctx_execute', toolInput: { code: 'x' } })
      .events,
    [],
  );
});

test('unknown tools and empty input give nothing and never throw', () => {
  assert.deepEqual(extractToolEvents({}).events, []);
  assert.deepEqual(extractToolEvents({ toolName: 'Bash', toolInput: { command: 42 as never } }).events, []);
  assert.deepEqual(extractToolEvents({ toolName: 'Weird', toolResponse: { circular: null } }).events, []);
});

test('argv-array commands (Codex) are read as the script they run', () => {
  const r = extractToolEvents({
    toolName: 'Bash',
    toolInput: { command: ['bash', '-lc', 'git commit -m "wip: arrays"'] },
  });
  assert.equal(r.events.find((e) => e.type === 'git_commit')?.data, 'commit: wip: arrays');
});
