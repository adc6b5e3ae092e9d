import type { HostRecord } from '../types.js';

const DOCS = 'https://moonshotai.github.io/kimi-code/en/customization/hooks';
const MCP = 'https://moonshotai.github.io/kimi-code/en/customization/mcp';

/** Kimi Code CLI: Claude-named hook events in config.toml `[[hooks]]`; context-mode 1.0.169 treats it as deny-only. */
export const kimi: HostRecord = {
  id: 'kimi',
  displayName: 'Kimi Code CLI',
  docs: DOCS,
  aliases: ['kimi-code', 'kimi-cli'],
  clientInfoNames: { value: ['Kimi Code', 'kimi-cli', 'kimi-code', 'kimi'], docs: MCP },
  detectEnv: { value: ['KIMI_CODE_HOME', 'KIMI_CLI'], docs: DOCS },
  projectDirEnv: { value: [], docs: DOCS },
  hookEvents: {
    value: {
      PreToolUse: 'pre-tool',
      PostToolUse: 'post-tool',
      UserPromptSubmit: 'prompt',
      PreCompact: 'pre-compact',
      SessionStart: 'session-start',
      Stop: 'stop',
    },
    docs: DOCS,
  },
  dialect: { value: 'kimi', docs: DOCS },
  // context-mode 1.0.169 declared pre-tool, post-tool, compact, session-start and answered deny only. Kimi's docs also append UserPromptSubmit stdout to the context and let
  // Stop block; PostToolUse, SessionStart and PreCompact are observation-only. Kept deny-only as context-mode 1.0.169 ships.
  capabilities: {
    value: {
      block: true,
      modifyArgs: false,
      modifyOutput: false,
      injectContext: false,
      preCompact: true,
      sessionStart: true,
    },
    docs: DOCS,
  },
  blockExitCode: { value: 2, docs: DOCS },
  // Tool names used in matchers (docs examples `Bash`, `WriteFile|StrReplaceFile`); Kimi CLI's readers.
  tools: {
    value: {
      names: {
        shell: ['Bash', 'Shell'],
        read: ['ReadFile'],
        grep: ['Grep'],
        'web-fetch': ['FetchURL'],
        agent: ['Task'],
      },
      args: { command: ['command'], filePath: ['path', 'file_path'], url: ['url'], prompt: ['prompt'] },
    },
    docs: DOCS,
  },
  payload: {
    value: {
      toolName: ['tool_name'],
      toolInput: ['tool_input'],
      toolResponse: ['tool_response', 'tool_output'],
      sessionId: ['session_id'],
      cwd: ['cwd'],
      prompt: ['prompt'],
      sessionStartSource: ['source'],
    },
    docs: DOCS,
  },
  paths: {
    value: {
      configDir: { linux: '~/.kimi-code', darwin: '~/.kimi-code', win32: '~/.kimi-code' },
      configDirEnv: 'KIMI_CODE_HOME',
      hooksFile: {
        user: {
          linux: '~/.kimi-code/config.toml',
          darwin: '~/.kimi-code/config.toml',
          win32: '~/.kimi-code/config.toml',
        },
      },
      mcpConfig: {
        user: { linux: '~/.kimi-code/mcp.json', darwin: '~/.kimi-code/mcp.json', win32: '~/.kimi-code/mcp.json' },
        format: 'json',
        key: 'mcpServers',
      },
    },
    docs: MCP,
  },
  instructionFile: { value: 'AGENTS.md', docs: DOCS },
  // `[[hooks]]` tables in config.toml accept exactly event, matcher, command and timeout; any other field fails
  // the whole config, so our block writes event and command only.
  hookSetup: { value: { layout: 'toml-array' }, docs: DOCS },
  toolNaming: { value: 'mcp__context-mode__{tool}', docs: MCP },
};
