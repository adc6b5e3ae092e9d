import type { HostRecord } from '../types.js';

const HOOKS = 'https://code.claude.com/docs/en/hooks';
const MCP = 'https://code.claude.com/docs/en/mcp';
const SETTINGS = 'https://code.claude.com/docs/en/settings';

/** The host version the real-host suite pins (its tests are named in ../observations.ts). */
const OBSERVED = '2.1.332';

/** Claude Code: JSON command hooks with `hookSpecificOutput`, MCP servers under `mcpServers`. */
export const claudeCode: HostRecord = {
  id: 'claude-code',
  displayName: 'Claude Code',
  docs: HOOKS,
  aliases: ['claude'],
  clientInfoNames: { value: ['claude-code'], docs: MCP },
  detectEnv: {
    // Not CLAUDE_PROJECT_DIR: Cursor and Gemini CLI set it too, for compatibility with Claude hooks.
    value: ['CLAUDE_CODE_ENTRYPOINT', 'CLAUDECODE', 'CLAUDE_PLUGIN_ROOT'],
    docs: SETTINGS,
  },
  projectDirEnv: { value: ['CLAUDE_PROJECT_DIR'], docs: HOOKS },
  // CLAUDE_SESSION_ID is what context-mode 1.0.169 reads (docs/hosts.md#session-identity); the hooks docs pass session_id in the payload.
  sessionIdEnv: { value: ['CLAUDE_SESSION_ID'], docs: HOOKS },
  hookEvents: {
    value: {
      PreToolUse: 'pre-tool',
      PostToolUse: 'post-tool',
      UserPromptSubmit: 'prompt',
      PreCompact: 'pre-compact',
      SessionStart: 'session-start',
      Stop: 'stop',
    },
    docs: HOOKS,
  },
  dialect: { value: 'claude', docs: HOOKS },
  capabilities: {
    value: {
      block: true,
      modifyArgs: true,
      modifyOutput: true,
      injectContext: true,
      preCompact: true,
      sessionStart: true,
    },
    docs: HOOKS,
  },
  // PostToolUse replaces MCP tool output with `updatedMCPToolOutput`; since v2.1.121 `updatedToolOutput` replaces
  // any tool's output (changelog; the hooks page still documented only the MCP field in April 2026, #54161).
  // Older versions ignore the unknown field, so the model then sees the original output: a safe downgrade.
  outputReplacement: {
    value: 'all-tools',
    docs: `${HOOKS}#posttooluse-decision-control`,
  },
  // Seen applied for Bash (`stdout` replaced) and Read (`file.content` replaced) and MCP tools (plain string).
  outputReplacementObserved: {
    value: { hostVersion: OBSERVED },
    docs: 'test/hosts/claude-code.test.ts',
  },
  // Without us Claude 2.1.332 turns Bash output above 30,000 characters into a `<persisted-output>` note: the
  // file's path and a 2 KB preview (~2.3 KB reached the model for a 104 KB output). Read needs no entry: its
  // own cut (2,000 lines or a token cap) happens before PostToolUse, so the hook sees only what the model gets.
  outputCut: {
    value: { tools: ['Bash'], bytes: 2_048, above: 30_000, hostVersion: OBSERVED },
    docs: 'test/hosts/claude-code.test.ts',
  },
  // The cut Bash output's whole text: PostToolUse gets the first 30,000 characters in `tool_response.stdout` and
  // the path and size of Claude's copy of all of it beside them.
  savedOutput: {
    value: {
      pathField: 'persistedOutputPath',
      sizeField: 'persistedOutputSize',
      fieldsIn: 'tool-response',
      sameOutput: 'begins-with',
    },
    docs: 'test/hosts/claude-code.test.ts',
  },
  blockExitCode: { value: 2, docs: `${HOOKS}#exit-code-2-behavior` },
  // Hook matchers and tool_name values (hooks reference "PreToolUse" common matchers); Task was renamed Agent.
  tools: {
    value: {
      names: { shell: ['Bash'], read: ['Read'], grep: ['Grep'], 'web-fetch': ['WebFetch'], agent: ['Agent', 'Task'] },
      args: { command: ['command'], filePath: ['file_path'], url: ['url'], prompt: ['prompt'] },
    },
    docs: `${HOOKS}#pretooluse`,
  },
  payload: {
    value: {
      toolName: ['tool_name'],
      toolInput: ['tool_input'],
      toolResponse: ['tool_response'],
      sessionId: ['session_id'],
      cwd: ['cwd'],
      prompt: ['prompt'],
      sessionStartSource: ['source'],
      transcriptPath: ['transcript_path'],
      subagent: ['agent_id', 'agent_type'],
    },
    docs: `${HOOKS}#hook-input`,
  },
  sessionStartSources: { startup: 'startup', resume: 'resume', clear: 'clear', compact: 'compact' },
  paths: {
    value: {
      configDir: { linux: '~/.claude', darwin: '~/.claude', win32: '~/.claude' },
      configDirEnv: 'CLAUDE_CONFIG_DIR',
      // Settings precedence: local project settings, shared project settings, then user settings.
      permissionFiles: {
        project: ['<project>/.claude/settings.local.json', '<project>/.claude/settings.json'],
        user: { linux: '~/.claude/settings.json', darwin: '~/.claude/settings.json', win32: '~/.claude/settings.json' },
      },
      hooksFile: {
        project: '<project>/.claude/settings.json',
        user: { linux: '~/.claude/settings.json', darwin: '~/.claude/settings.json', win32: '~/.claude/settings.json' },
      },
      // Project servers live in .mcp.json; user-scope servers in ~/.claude.json (not inside ~/.claude).
      mcpConfig: {
        project: '<project>/.mcp.json',
        user: { linux: '~/.claude.json', darwin: '~/.claude.json', win32: '~/.claude.json' },
        format: 'json',
        key: 'mcpServers',
      },
    },
    docs: SETTINGS,
  },
  instructionFile: { value: 'CLAUDE.md', docs: 'https://code.claude.com/docs/en/memory' },
  // A server registered as `context-mode` shows as mcp__context-mode__<tool>. context-mode 1.0.169 ships as a plugin,
  // which Claude names mcp__plugin_context-mode_context-mode__<tool> (docs/hosts.md#tool-naming-it-used-and-what-we-use); setup registers a plain server.
  hookSetup: { value: { layout: 'nested-matchers' }, docs: HOOKS },
  // `type: "mcp_tool"` hooks call a tool on a connected MCP server: no process. The host waits for a server still
  // connecting on every event but SessionStart (and other start-up events), where the hook is skipped instead;
  // a server not connected makes the hook a no-op (`onFailure` continue), so SessionStart stays a command hook.
  // The tool's text is read as the hook's stdout (claude.exe 2.1.332; docs/hosts.md#hooks-without-a-process).
  processlessHooks: {
    value: {
      kind: 'mcp-tool',
      events: ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'PreCompact', 'Stop'],
      hostVersion: OBSERVED,
    },
    docs: `${HOOKS}#mcp-tool-hooks`,
  },
  toolNaming: {
    value: 'mcp__context-mode__{tool}',
    docs: `${HOOKS}#hooks-for-mcp-tools`,
  },
};
