import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  canonicalEventFor,
  hostEventName,
  hostForHookCommand,
  hostToolName,
  projectDirFromEnv,
  resolveHost,
  sessionIdFromEnv,
} from '@context-mode/shared/platforms/resolve-host';
import { getHost } from '@context-mode/shared/platforms/host-table';

// MCP clientInfo names as hosts send them (as context-mode 1.0.169 recorded them) → the host the server should speak to.
const CLIENT_NAMES: Array<[string, string]> = [
  ['claude-code', 'claude-code'],
  ['gemini-cli-mcp-client', 'gemini-cli'],
  ['cursor-vscode', 'cursor'],
  ['Visual-Studio-Code', 'vscode-copilot'],
  ['Visual Studio Code', 'vscode-copilot'],
  ['GitHub Copilot CLI', 'copilot-cli'],
  ['JetBrains Client', 'jetbrains-copilot'],
  ['Codex', 'codex'],
  ['codex-mcp-client', 'codex'],
  ['Kiro CLI', 'kiro'],
  ['Zed', 'zed'],
  ['qwen-cli-mcp-client', 'qwen-code'],
  ['qwen-cli-mcp-client-context-mode', 'qwen-code'],
  ['Kimi Code', 'kimi'],
  ['opencode', 'opencode'],
  ['Kilo Code', 'opencode'],
  ['agy', 'antigravity'],
  ['Pi CLI', 'pi'],
  ['omp-coding-agent', 'pi'],
  ['Pi Coding Agent', 'pi'],
  ['IntelliJ IDEA', 'jetbrains-copilot'],
  ['PyCharm', 'jetbrains-copilot'],
  ['antigravity-client', 'antigravity'],
  ['github-copilot-cli', 'copilot-cli'],
  ['copilot-cli', 'copilot-cli'],
  ['qwen-code', 'qwen-code'],
  ['kimi', 'kimi'],
  ['kimi-code', 'kimi'],
  ['gemini-cli-mcp-client', 'gemini-cli'],
];

test('the server recognises every documented MCP clientInfo name', () => {
  for (const [name, id] of CLIENT_NAMES) {
    assert.equal(resolveHost(name, {})?.id, id, name);
  }
});

test('clientInfo matching ignores case', () => {
  assert.equal(resolveHost('CLAUDE-CODE', {})?.id, 'claude-code');
  assert.equal(resolveHost('visual-studio-code', {})?.id, 'vscode-copilot');
});

test('CONTEXT_MODE_PLATFORM overrides the client name, by id or alias', () => {
  assert.equal(resolveHost('claude-code', { CONTEXT_MODE_PLATFORM: 'gemini-cli' })?.id, 'gemini-cli');
  assert.equal(resolveHost(undefined, { CONTEXT_MODE_PLATFORM: 'Codex' })?.id, 'codex');
  assert.equal(resolveHost(undefined, { CONTEXT_MODE_PLATFORM: 'claude' })?.id, 'claude-code');
});

test('an unknown CONTEXT_MODE_PLATFORM falls through to the client name', () => {
  assert.equal(resolveHost('Zed', { CONTEXT_MODE_PLATFORM: 'nonsense' })?.id, 'zed');
});

test('env signals identify the host when the client name is unknown', () => {
  assert.equal(resolveHost('some-client', { CLAUDE_CODE_ENTRYPOINT: 'cli' })?.id, 'claude-code');
  assert.equal(resolveHost(undefined, { GEMINI_PROJECT_DIR: '/p' })?.id, 'gemini-cli');
  assert.equal(resolveHost(undefined, { CODEX_THREAD_ID: 't' })?.id, 'codex');
  assert.equal(resolveHost(undefined, { IDEA_INITIAL_DIRECTORY: '/p' })?.id, 'jetbrains-copilot');
});

test('an agent CLI inside an editor terminal wins over the editor', () => {
  assert.equal(resolveHost(undefined, { VSCODE_PID: '1', CLAUDE_CODE_ENTRYPOINT: 'cli' })?.id, 'claude-code');
  assert.equal(resolveHost(undefined, { VSCODE_PID: '1', CURSOR_TRACE_ID: 'x' })?.id, 'cursor');
});

test('nothing known → undefined, and empty env values do not count', () => {
  assert.equal(resolveHost(undefined, {}), undefined);
  assert.equal(resolveHost('', { CLAUDE_CODE_ENTRYPOINT: '' }), undefined);
  assert.equal(resolveHost('mystery-client', { PATH: '/bin' }), undefined);
});

test('tool names follow each host naming template', () => {
  assert.equal(hostToolName(getHost('claude-code'), 'ctx_search'), 'mcp__context-mode__ctx_search');
  assert.equal(hostToolName(getHost('opencode'), 'ctx_search'), 'context-mode_ctx_search');
  assert.equal(hostToolName(getHost('kiro'), 'ctx_search'), '@context-mode/ctx_search');
  assert.equal(hostToolName(getHost('cursor'), 'ctx_search'), 'ctx_search');
  assert.equal(hostToolName(getHost('zed'), 'ctx_search'), 'mcp:context-mode:ctx_search');
  assert.equal(hostToolName(undefined, 'ctx_search'), 'ctx_search');
});

test('hook command lines of context-mode 1.0.169 map to host and canonical event', () => {
  const cases: Array<[string, string, string, string]> = [
    ['claude-code', 'pretooluse', 'claude-code', 'pre-tool'],
    ['claude-code', 'posttooluse', 'claude-code', 'post-tool'],
    ['claude-code', 'precompact', 'claude-code', 'pre-compact'],
    ['claude-code', 'sessionstart', 'claude-code', 'session-start'],
    ['claude-code', 'userpromptsubmit', 'claude-code', 'prompt'],
    ['vscode-copilot', 'sessionstart', 'vscode-copilot', 'session-start'],
    ['jetbrains-copilot', 'pretooluse', 'jetbrains-copilot', 'pre-tool'],
    ['gemini-cli', 'beforetool', 'gemini-cli', 'pre-tool'],
    ['gemini-cli', 'aftertool', 'gemini-cli', 'post-tool'],
    ['gemini-cli', 'precompress', 'gemini-cli', 'pre-compact'],
    ['gemini-cli', 'beforeagent', 'gemini-cli', 'prompt'],
    ['copilot-cli', 'userpromptsubmitted', 'copilot-cli', 'prompt'],
    ['copilot-cli', 'agentstop', 'copilot-cli', 'stop'],
    ['copilot-cli', 'stop', 'copilot-cli', 'stop'],
    ['copilot-cli', 'userpromptsubmit', 'copilot-cli', 'prompt'],
    ['cursor', 'pretooluse', 'cursor', 'pre-tool'],
    ['cursor', 'stop', 'cursor', 'stop'],
    ['codex', 'pretooluse', 'codex', 'pre-tool'],
    ['kiro', 'agentspawn', 'kiro', 'session-start'],
    ['kiro', 'userpromptsubmit', 'kiro', 'prompt'],
    ['kimi', 'PreToolUse', 'kimi', 'pre-tool'],
    ['qwen', 'pretooluse', 'qwen-code', 'pre-tool'],
    ['claude-code', 'pre_tool_use', 'claude-code', 'pre-tool'],
    ['opencode', 'tool.execute.before', 'opencode', 'pre-tool'],
  ];
  for (const [hostArg, eventArg, id, canonical] of cases) {
    const host = hostForHookCommand(hostArg);
    assert.equal(host?.id, id, hostArg);
    assert.equal(canonicalEventFor(host!, eventArg), canonical, `${hostArg} ${eventArg}`);
  }
});

test('unknown hook hosts and events are undefined, not guesses', () => {
  assert.equal(hostForHookCommand('emacs'), undefined);
  assert.equal(hostForHookCommand(undefined), undefined);
  assert.equal(canonicalEventFor(getHost('claude-code'), 'notification'), undefined);
  assert.equal(canonicalEventFor(getHost('gemini-cli'), 'aftermodel'), undefined);
  assert.equal(canonicalEventFor(getHost('zed'), 'pre-tool'), undefined);
  assert.equal(canonicalEventFor(getHost('claude-code'), 'pre-tool'), 'pre-tool');
});

test('answers echo the host spelling of the event', () => {
  assert.equal(hostEventName(getHost('claude-code'), 'pre-tool', 'pretooluse'), 'PreToolUse');
  assert.equal(hostEventName(getHost('gemini-cli'), 'pre-tool'), 'BeforeTool');
  assert.equal(hostEventName(getHost('copilot-cli'), 'prompt'), 'userPromptSubmitted');
});

test('project dir and session id come from the host env, then the context-mode override', () => {
  const claude = getHost('claude-code');
  assert.equal(projectDirFromEnv(claude, { CLAUDE_PROJECT_DIR: '/a', CONTEXT_MODE_PROJECT_DIR: '/b' }), '/a');
  assert.equal(projectDirFromEnv(claude, { CONTEXT_MODE_PROJECT_DIR: '/b' }), '/b');
  assert.equal(projectDirFromEnv(getHost('gemini-cli'), { CLAUDE_PROJECT_DIR: '/a' }), undefined);
  assert.equal(projectDirFromEnv(undefined, {}), undefined);
  assert.equal(sessionIdFromEnv(claude, { CLAUDE_SESSION_ID: 's1' }), 's1');
  assert.equal(sessionIdFromEnv(getHost('cursor'), { CURSOR_SESSION_ID: 'c1' }), 'c1');
  assert.equal(sessionIdFromEnv(getHost('zed'), { CONTEXT_MODE_SESSION_ID: 'z' }), 'z');
});
