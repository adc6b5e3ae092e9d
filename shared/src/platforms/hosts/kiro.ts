import type { HostRecord } from '../types.js';

const HOOKS = 'https://kiro.dev/docs/cli/hooks';
const MCP = 'https://kiro.dev/docs/cli/mcp/';

/** Kiro CLI: hooks in the agent config; preToolUse blocks with exit 2 and the reason on stderr. */
export const kiro: HostRecord = {
  id: 'kiro',
  displayName: 'Kiro CLI',
  docs: HOOKS,
  aliases: ['kiro-cli'],
  clientInfoNames: { value: ['Kiro CLI', 'kiro-cli', 'Kiro'], docs: MCP },
  detectEnv: { value: ['KIRO_CLI', 'KIRO_SESSION_ID'], docs: HOOKS },
  projectDirEnv: { value: [], docs: HOOKS },
  hookEvents: {
    value: {
      preToolUse: 'pre-tool',
      postToolUse: 'post-tool',
      userPromptSubmit: 'prompt',
      agentSpawn: 'session-start',
      stop: 'stop',
    },
    docs: HOOKS,
  },
  dialect: { value: 'kiro', docs: HOOKS },
  // context-mode 1.0.169 declared pre-tool, post-tool, session-start, inject-context. Stdout (plain text) of agentSpawn and userPromptSubmit is added to the context.
  // Kiro CLI 3.4 added `updatedInput` for V3 sessions (kiro.dev/changelog/cli/3-4); not claimed until the agent
  // config format it needs is documented.
  capabilities: {
    value: {
      block: true,
      modifyArgs: false,
      modifyOutput: false,
      injectContext: true,
      preCompact: false,
      sessionStart: true,
    },
    docs: HOOKS,
  },
  blockExitCode: { value: 2, docs: HOOKS },
  // Built-in tool names (hooks doc examples `fs_read`, `fs_*`; shell is execute_bash / execute_cmd on Windows).
  tools: {
    value: {
      names: { shell: ['execute_bash', 'execute_cmd'], read: ['fs_read'], 'web-fetch': ['web_fetch'] },
      args: { command: ['command'], filePath: ['path'], url: ['url'] },
    },
    docs: HOOKS,
  },
  payload: {
    value: {
      toolName: ['tool_name'],
      toolInput: ['tool_input'],
      toolResponse: ['tool_response'],
      sessionId: ['session_id'],
      cwd: ['cwd'],
      prompt: ['prompt'],
      sessionStartSource: [],
    },
    docs: HOOKS,
  },
  paths: {
    value: {
      configDir: { linux: '~/.kiro', darwin: '~/.kiro', win32: '~/.kiro' },
      hooksFile: {
        project: '<project>/.kiro/agents/context-mode.json',
        user: {
          linux: '~/.kiro/agents/context-mode.json',
          darwin: '~/.kiro/agents/context-mode.json',
          win32: '~/.kiro/agents/context-mode.json',
        },
      },
      mcpConfig: {
        project: '<project>/.kiro/settings/mcp.json',
        user: {
          linux: '~/.kiro/settings/mcp.json',
          darwin: '~/.kiro/settings/mcp.json',
          win32: '~/.kiro/settings/mcp.json',
        },
        format: 'json',
        key: 'mcpServers',
      },
    },
    docs: MCP,
  },
  // context-mode 1.0.169 writes KIRO.md; Kiro's own convention is steering files under .kiro/steering/.
  instructionFile: { value: '.kiro/steering/context-mode.md', docs: 'https://kiro.dev/docs/cli/steering/' },
  hookSetupSkipped:
    'Kiro runs hooks from a custom agent the user selects; setup registers the MCP server and steering file only.',
  toolNaming: { value: '@context-mode/{tool}', docs: MCP },
};
