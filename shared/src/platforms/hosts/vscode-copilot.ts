import type { HostRecord } from '../types.js';

const HOOKS = 'https://code.visualstudio.com/docs/copilot/customization/hooks';
const MCP = 'https://code.visualstudio.com/docs/copilot/reference/mcp-configuration';

/** GitHub Copilot in VS Code: agent hooks in `.github/hooks/*.json` (Claude-style events), MCP under `servers`. */
export const vscodeCopilot: HostRecord = {
  id: 'vscode-copilot',
  displayName: 'VS Code (GitHub Copilot)',
  docs: HOOKS,
  aliases: ['vscode', 'copilot-vscode'],
  clientInfoNames: { value: ['Visual-Studio-Code', 'Visual Studio Code'], docs: MCP },
  // VSCODE_* is also set in any terminal inside VS Code (and its forks), so detection orders this host late.
  detectEnv: { value: ['VSCODE_PID', 'VSCODE_CWD'], docs: MCP },
  projectDirEnv: { value: ['VSCODE_CWD'], docs: MCP },
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
  dialect: { value: 'copilot-ide', docs: HOOKS },
  capabilities: {
    value: { block: true, modifyArgs: true, modifyOutput: false, injectContext: true, preCompact: true, sessionStart: true },
    docs: HOOKS,
  },
  blockExitCode: { value: 2, docs: HOOKS },
  payload: {
    value: {
      toolName: ['tool_name'],
      toolInput: ['tool_input'],
      toolResponse: ['tool_response'],
      sessionId: ['sessionId', 'session_id'],
      cwd: ['cwd'],
      prompt: ['prompt'],
      sessionStartSource: ['source'],
      transcriptPath: ['transcript_path'],
    },
    docs: HOOKS,
  },
  sessionStartSources: { new: 'startup', startup: 'startup', resume: 'resume', clear: 'clear', compact: 'compact' },
  paths: {
    value: {
      configDir: { linux: '~/.config/Code/User', darwin: '~/Library/Application Support/Code/User', win32: '%APPDATA%/Code/User' },
      hooksFile: { project: '<project>/.github/hooks/context-mode.json' },
      mcpConfig: {
        project: '<project>/.vscode/mcp.json',
        user: {
          linux: '~/.config/Code/User/mcp.json',
          darwin: '~/Library/Application Support/Code/User/mcp.json',
          win32: '%APPDATA%/Code/User/mcp.json',
        },
        format: 'jsonc',
        key: 'servers',
      },
    },
    docs: MCP,
  },
  instructionFile: {
    value: '.github/copilot-instructions.md',
    docs: 'https://code.visualstudio.com/docs/copilot/customization/custom-instructions',
  },
  toolNaming: { value: 'context-mode_{tool}', docs: MCP },
};
