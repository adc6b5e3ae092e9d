import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractPromptEvents } from '../../src/memory/extract-prompt-events.js';

const kinds = (p: string) => extractPromptEvents(p).map((e) => `${e.category}/${e.type}`);

test('every real prompt is kept at the highest priority', () => {
  const [e] = extractPromptEvents('Please add retries to the fetcher');
  assert.equal(e?.category, 'user-prompt');
  assert.equal(e?.priority, 4);
});

test('goals, decisions, standing rules, constraints and blockers are pulled out', () => {
  assert.deepEqual(kinds('goal: ship the parser by Friday'), ['user-prompt/user_prompt', 'goal/goal']);
  assert.deepEqual(kinds('/goal make the CLI start in under 50 ms'), ['user-prompt/user_prompt', 'goal/goal']);
  assert.deepEqual(kinds("Let's use SQLite instead of JSON files."), ['user-prompt/user_prompt', 'decision/decision']);
  assert.deepEqual(kinds('Always run the linter before committing.'), ['user-prompt/user_prompt', 'rule/user_rule']);
  assert.deepEqual(kinds('Do not touch the public API of the store.'), [
    'user-prompt/user_prompt',
    'constraint/constraint',
  ]);
  assert.deepEqual(kinds('it crashes:\nTraceback (most recent call last):\n  File "a.py", line 3'), [
    'user-prompt/user_prompt',
    'blocker/blocker',
  ]);
  assert.deepEqual(kinds('fixed: the BOM bug'), ['user-prompt/user_prompt', 'blocker/blocker_resolved']);
  assert.deepEqual(kinds('/plan refactor the hooks'), ['user-prompt/user_prompt', 'plan/plan_enter']);
});

test('questions are not decisions', () => {
  assert.deepEqual(kinds('Should we use SQLite instead of JSON?'), ['user-prompt/user_prompt']);
});

test('host-injected text is not a user prompt', () => {
  assert.deepEqual(kinds('<system-reminder>x</system-reminder>'), []);
  assert.deepEqual(kinds('<task-notification>done</task-notification>'), []);
  assert.deepEqual(kinds('   '), []);
  assert.deepEqual(extractPromptEvents(undefined), []);
});

test('secrets in prompts are masked before they are stored', () => {
  const [e] = extractPromptEvents('use token ghp_abcdefghijklmnopqrstuvwxyz0123 and password=hunter2');
  assert.ok(!e!.data.includes('ghp_abcdefghijklmnopqrstuvwxyz0123'));
  assert.ok(!e!.data.includes('hunter2'));
});

test('context a hook gave the host is stripped from the prompt (Gemini CLI prepends it as <hook_context>)', () => {
  const prompt =
    '<hook_context>&lt;context_mode&gt;\nThink in code.\n&lt;/context_mode&gt;</hook_context>\n\nRun the scripted scenario.';
  const events = extractPromptEvents(prompt);
  assert.equal(events.length, 1);
  assert.equal(events[0]?.data, 'Run the scripted scenario.');
  assert.deepEqual(
    extractPromptEvents('<hook_context>&lt;session_resume&gt;x&lt;/session_resume&gt;</hook_context>'),
    [],
  );
});
