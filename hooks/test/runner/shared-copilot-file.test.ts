// The one `.github/hooks` file setup writes for every Copilot surface runs `hook copilot <event>`; the payload
// tells VS Code (snake_case, hook_event_name) from the Copilot CLI (camelCase), and each gets its own answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertBuilt, markServerLive, runBuiltHook, sandboxDirs } from './run-built-hook.js';

assertBuilt();

test('hook copilot pretooluse answers VS Code in hookSpecificOutput and the Copilot CLI in its own shape', async () => {
  const { home, project } = sandboxDirs('cm-copilot');
  markServerLive(home, project);
  const env: NodeJS.ProcessEnv = { ...process.env, CONTEXT_MODE_HOME: home };
  delete env.IDEA_INITIAL_DIRECTORY;
  const vscode = await runBuiltHook(['copilot', 'pretooluse'], {
    env,
    input: JSON.stringify({
      hook_event_name: 'PreToolUse',
      session_id: 's-vscode',
      cwd: project,
      tool_name: 'run_in_terminal',
      tool_input: { command: 'curl -s https://example.com/big.json' },
    }),
  });
  assert.equal(vscode.code, 0);
  const v = JSON.parse(vscode.stdout);
  // The curl is routed (denied, or rewritten into the sandbox): either way the VS Code shape, which VS Code reads.
  assert.ok(['deny', 'allow'].includes(v.hookSpecificOutput?.permissionDecision), vscode.stdout);
  assert.equal(v.hookSpecificOutput?.hookEventName, 'PreToolUse');

  const cli = await runBuiltHook(['copilot', 'pretooluse'], {
    env,
    input: JSON.stringify({
      sessionId: 's-cli',
      cwd: project,
      toolName: 'bash',
      toolArgs: JSON.stringify({ command: 'curl -s https://example.com/big.json' }),
    }),
  });
  assert.equal(cli.code, 0);
  const c = JSON.parse(cli.stdout);
  assert.ok(c.permissionDecision === 'deny' || c.modifiedArgs, cli.stdout);
  assert.equal(c.hookSpecificOutput, undefined, 'the CLI answer is the flat Copilot CLI shape');
});
