// Whole sessions through REAL hook processes: `node server/bin/context-mode.cjs hook <host> <event>` fed the
// host's JSON on stdin (run `npm run build` first). Memory and ledger are then read from the real files.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { readStats } from '@context-mode/shared/ledger/ledger-stats';
import { openMemoryStore } from '@context-mode/shared/memory/open-memory-store';
import { injectedText, runHook, runHookAsync, snapshotPart, type HookRun } from './hook-process.js';

const home = mkdtempSync(join(tmpdir(), 'cm-ws-home-'));
const dirs = [home];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const env: NodeJS.ProcessEnv = { ...process.env, CONTEXT_MODE_HOME: home };
delete env.CLAUDE_PROJECT_DIR;
delete env.CLAUDE_SESSION_ID;

function newProject(): string {
  const d = mkdtempSync(join(tmpdir(), 'cm-ws-proj-'));
  mkdirSync(join(d, '.git'));
  dirs.push(d);
  return d;
}

/** One host's spelling of the session: event names, tool names and payload shapes as the host sends them. */
interface HostScript {
  id: string;
  events: { start: string; prompt: string; post: string; preCompact: string; stop: string };
  /** How the snapshot reaches the model after compaction on this host. */
  compactVia: 'session-start' | 'next-prompt';
  base(project: string, session: string): Record<string, unknown>;
  edit(path: string): Record<string, unknown>;
  read(path: string): Record<string, unknown>;
  failingShell(command: string, error: string): Record<string, unknown>;
}

const claude: HostScript = {
  id: 'claude-code',
  events: {
    start: 'SessionStart',
    prompt: 'UserPromptSubmit',
    post: 'PostToolUse',
    preCompact: 'PreCompact',
    stop: 'Stop',
  },
  compactVia: 'session-start',
  base: (cwd, session_id) => ({ session_id, cwd }),
  edit: (file_path) => ({
    tool_name: 'Edit',
    tool_input: { file_path, old_string: 'a', new_string: 'b' },
    tool_response: { filePath: file_path },
  }),
  read: (file_path) => ({
    tool_name: 'Read',
    tool_input: { file_path },
    tool_response: { type: 'text', file: { filePath: file_path, content: '# Team rules\nAlways test.' } },
  }),
  failingShell: (command, error) => ({
    tool_name: 'Bash',
    tool_input: { command },
    tool_response: { stdout: '', stderr: error, interrupted: false, exit_code: 1 },
  }),
};
const vscode: HostScript = {
  id: 'vscode-copilot',
  events: claude.events,
  compactVia: 'session-start',
  base: (cwd, sessionId) => ({ sessionId, cwd, timestamp: '2026-12-02T19:00:00Z' }),
  edit: (filePath) => ({
    tool_name: 'replace_string_in_file',
    tool_input: { filePath, oldString: 'a', newString: 'b' },
    tool_response: 'The file was edited.',
  }),
  read: (filePath) => ({
    tool_name: 'read_file',
    tool_input: { filePath, startLine: 1, endLine: 50 },
    tool_response: '# Team rules\nAlways test.',
  }),
  failingShell: (command, error) => ({
    tool_name: 'run_in_terminal',
    tool_input: { command, explanation: 'run tests', isBackground: false },
    tool_response: `${error}\nCommand exited with code 1`,
  }),
};
const gemini: HostScript = {
  id: 'gemini-cli',
  events: {
    start: 'SessionStart',
    prompt: 'BeforeAgent',
    post: 'AfterTool',
    preCompact: 'PreCompress',
    stop: 'AfterAgent',
  },
  compactVia: 'next-prompt',
  base: (cwd, session_id) => ({ session_id, cwd, timestamp: '2026-12-02T19:00:00Z' }),
  edit: (file_path) => ({
    tool_name: 'replace',
    tool_input: { file_path, old_string: 'a', new_string: 'b' },
    tool_response: { llmContent: 'Successfully modified file', returnDisplay: 'ok' },
  }),
  read: (file_path) => ({
    tool_name: 'read_file',
    tool_input: { file_path },
    tool_response: { llmContent: '# Team rules\nAlways test.', returnDisplay: '' },
  }),
  failingShell: (command, error) => ({
    tool_name: 'run_shell_command',
    tool_input: { command },
    tool_response: {
      llmContent: `Command: ${command}\nStderr: ${error}\nExit Code: 1`,
      returnDisplay: error,
      error: 'Exit Code: 1',
    },
  }),
};

function ok(run: HookRun): HookRun {
  assert.equal(run.status, 0, `hook exited ${run.status}: ${run.stdout}`);
  return run;
}

interface SessionResult {
  injected: string[];
  snapshot: string;
}

/** startup → prompts and edits → failing test → pre-compact → compaction context. */
async function scriptedSession(
  h: HostScript,
  project: string,
  session: string,
  words: { goal: string; request: string; file: string },
): Promise<SessionResult> {
  const run = (event: string, extra: Record<string, unknown>) =>
    runHookAsync(h.id, event, { ...h.base(project, session), hook_event_name: event, ...extra }, env).then(ok);
  const injected: string[] = [];
  const start = injectedText((await run(h.events.start, { source: 'startup' })).json);
  assert.match(start, /<context_mode>/);
  assert.doesNotMatch(start, /<session_resume/);
  injected.push(start);
  await run(h.events.prompt, { prompt: `goal: ${words.goal}` });
  await run(h.events.prompt, { prompt: words.request });
  await run(h.events.post, h.read(join(project, 'CLAUDE.md')));
  await run(h.events.post, h.edit(join(project, 'src', words.file)));
  await run(h.events.post, h.failingShell('npm test', `Error: expected 2 but got 3 in ${words.file}`));
  await run(h.events.preCompact, { trigger: 'auto' });
  let after: string;
  if (h.compactVia === 'session-start') {
    after = injectedText((await run(h.events.start, { source: 'compact' })).json);
  } else {
    after = injectedText((await run(h.events.prompt, { prompt: 'continue please' })).json);
  }
  injected.push(after);
  await run(h.events.stop, {});
  return { injected, snapshot: snapshotPart(after) };
}

for (const h of [claude, vscode, gemini]) {
  test(`${h.id}: after compaction the model gets the last request, the goal, the edited file and the open error within 2,048 B`, async () => {
    const project = newProject();
    const { snapshot } = await scriptedSession(h, project, `${h.id}-s1`, {
      goal: 'ship the memory feature',
      request: 'Please fix the failing parser test',
      file: 'parser.ts',
    });
    assert.ok(snapshot, 'a snapshot was injected');
    assert.ok(Buffer.byteLength(snapshot) <= 2048, `${Buffer.byteLength(snapshot)} B`);
    assert.match(snapshot, /## Last request\nPlease fix the failing parser test/);
    assert.match(snapshot, /## Goal\nship the memory feature/);
    assert.match(snapshot, /## Open errors\n- npm test → .*expected 2 but got 3/);
    assert.match(snapshot, /## Files changed\nsrc\/parser\.ts \(edit\)/);
    assert.match(snapshot, /CLAUDE\.md \(rules file\)/);
    assert.doesNotMatch(snapshot, /Always test/, 'rules are named, never inlined');
    assert.match(snapshot, /ctx_search\(queries: \[.*\], source: "user-prompt", sort: "timeline"\)/);

    // Resume in a new session id: the previous session's state, marked as such; once only.
    const resumed = injectedText(
      ok(runHook(h.id, h.events.start, { ...h.base(project, `${h.id}-s2`), source: 'resume' }, env)).json,
    );
    assert.match(resumed, /<session_resume from="previous session"[\s\S]*ship the memory feature/);
    const again = injectedText(
      ok(runHook(h.id, h.events.start, { ...h.base(project, `${h.id}-s3`), source: 'resume' }, env)).json,
    );
    assert.doesNotMatch(again, /<session_resume/);

    // Clear: the routing block only.
    const cleared = injectedText(
      ok(runHook(h.id, h.events.start, { ...h.base(project, `${h.id}-s4`), source: 'clear' }, env)).json,
    );
    assert.match(cleared, /<context_mode>/);
    assert.doesNotMatch(cleared, /<session_resume/);
  });
}

test('two projects in parallel: nothing bleeds across', async () => {
  const a = newProject();
  const b = newProject();
  const [ra, rb] = await Promise.all([
    scriptedSession(claude, a, 'shared-session-id', {
      goal: 'alpha goal',
      request: 'Please polish the alpha widget',
      file: 'alpha.ts',
    }),
    scriptedSession(vscode, b, 'shared-session-id', {
      goal: 'beta goal',
      request: 'Please polish the beta gadget',
      file: 'beta.ts',
    }),
  ]);
  assert.match(ra.snapshot, /alpha/);
  assert.doesNotMatch(ra.snapshot, /beta/);
  assert.match(rb.snapshot, /beta/);
  assert.doesNotMatch(rb.snapshot, /alpha/);
});

test('the ledger of a scripted session matches the injected bytes exactly', async () => {
  const project = newProject();
  const { injected } = await scriptedSession(claude, project, 'ledger-s1', {
    goal: 'count bytes',
    request: 'Please count',
    file: 'count.ts',
  });
  const expected = injected.reduce((n, t) => n + Buffer.byteLength(t), 0);
  const stats = readStats(project, { env, sessionId: 'ledger-s1' });
  assert.equal(stats.session?.ownCostBytes, expected);
  assert.equal(stats.session?.savedBytes, 0, 'native tool output reached the model: nothing saved');
  assert.equal(stats.session?.netBytes, -expected);
});

test('32 concurrent hook processes × 10 events on one project: 320 of 320 stored', async () => {
  const project = newProject();
  // This measures the store under write contention. On a 2-core machine 32 Node start-ups starve each other for
  // seconds, which can trip the 1.5 s stdin idle timer (a wire concern, tested in hooks/test/wire); widen it here.
  const loadEnv = { ...env, CONTEXT_MODE_HOOK_STDIN_IDLE_MS: '60000' };
  const worker = async (w: number) => {
    for (let i = 0; i < 10; i++) {
      ok(
        await runHookAsync(
          'claude-code',
          'PostToolUse',
          { ...claude.base(project, 'load'), ...claude.edit(join(project, `src/w${w}-e${i}.ts`)) },
          loadEnv,
        ),
      );
    }
  };
  await Promise.all(Array.from({ length: 32 }, (_, w) => worker(w)));
  const store = openMemoryStore(project, env);
  assert.equal(store.sessionEvents('load').length, 320);
  assert.equal(store.session('load')?.eventCount, 320);
  store.close();
});

test('cursor (no pre-compact hook): a new conversation gets the previous one as a follow-up message, once', () => {
  const project = newProject();
  const base = (conversation_id: string) => ({
    conversation_id,
    generation_id: 'g',
    workspace_roots: [project],
    hook_event_name: 'x',
  });
  ok(runHook('cursor', 'beforeSubmitPrompt', { ...base('c1'), prompt: 'goal: add dark mode to settings' }, env));
  ok(
    runHook(
      'cursor',
      'postToolUse',
      { ...base('c1'), tool_name: 'Edit', tool_input: { file_path: join(project, 'src/theme.ts') }, tool_output: '{}' },
      env,
    ),
  );
  const firstStop = ok(runHook('cursor', 'stop', { ...base('c1'), status: 'completed' }, env));
  assert.equal(
    firstStop.stdout.includes('followup_message'),
    false,
    'nothing to resume on the very first conversation',
  );
  const next = ok(runHook('cursor', 'stop', { ...base('c2'), status: 'completed' }, env));
  const followup = (next.json as { followup_message?: string } | undefined)?.followup_message ?? '';
  assert.match(followup, /<session_resume from="previous session"[\s\S]*add dark mode to settings[\s\S]*theme\.ts/);
  assert.ok(Buffer.byteLength(snapshotPart(followup)) <= 2048);
  const again = ok(runHook('cursor', 'stop', { ...base('c2'), status: 'completed' }, env));
  assert.equal(again.stdout.includes('followup_message'), false);
});

test('resume of the same session: Gemini CLI gets the routing block again (its resumed history drops it), Claude Code does not', () => {
  const project = newProject();
  for (const [h, again] of [
    [gemini, true],
    [claude, false],
  ] as const) {
    const session = `${h.id}-resume-same`;
    ok(runHook(h.id, h.events.start, { ...h.base(project, session), source: 'startup' }, env));
    const resumed = injectedText(
      ok(runHook(h.id, h.events.start, { ...h.base(project, session), source: 'resume' }, env)).json,
    );
    assert.equal(resumed.split('<context_mode>').length - 1, again ? 1 : 0, `${h.id}: ${resumed.slice(0, 200)}`);
    assert.doesNotMatch(resumed, /before the context was compacted/);
  }
});
