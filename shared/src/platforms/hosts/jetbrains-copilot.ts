import type { HostRecord } from '../types.js';

const HOOKS = 'https://docs.github.com/en/copilot/concepts/agents/hooks';
const MCP = 'https://docs.github.com/en/copilot/how-tos/provide-context/use-mcp/extend-copilot-chat-with-mcp';

/** GitHub Copilot in JetBrains IDEs: the same `.github/hooks` files and answer shape as VS Code Copilot. */
export const jetbrainsCopilot: HostRecord = {
  id: 'jetbrains-copilot',
  displayName: 'JetBrains (GitHub Copilot)',
  docs: HOOKS,
  aliases: ['jetbrains', 'copilot-jetbrains'],
  // context-mode 1.0.169's client map also lists IDE product names (IntelliJ IDEA, PyCharm); the other IDEs of the
  // family are listed too since the Copilot plugin runs in all of them.
  clientInfoNames: {
    value: [
      'JetBrains Client',
      'JetBrains',
      'IntelliJ IDEA',
      'PyCharm',
      'WebStorm',
      'GoLand',
      'PhpStorm',
      'Rider',
      'CLion',
      'RubyMine',
      'RustRover',
      'DataGrip',
      'Android Studio',
    ],
    docs: MCP,
  },
  detectEnv: { value: ['IDEA_INITIAL_DIRECTORY'], docs: MCP },
  projectDirEnv: { value: ['IDEA_INITIAL_DIRECTORY'], docs: MCP },
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
    value: {
      block: true,
      modifyArgs: true,
      modifyOutput: false,
      injectContext: true,
      preCompact: true,
      sessionStart: true,
    },
    docs: HOOKS,
  },
  // The same Copilot agent and answer format as VS Code, whose terminal would show a rewritten `echo` wrapped and
  // twice; a deny carries the guidance once (not yet run in a real JetBrains IDE).
  shellRedirect: { value: 'deny', docs: HOOKS },
  // Same agent tools as VS Code Copilot (no JetBrains-specific reference exists).
  tools: {
    value: {
      names: {
        shell: ['run_in_terminal'],
        read: ['read_file'],
        grep: ['grep_search'],
        'web-fetch': ['fetch_webpage', 'fetch'],
      },
      args: { command: ['command'], filePath: ['filePath', 'file_path'], url: ['urls', 'url'] },
    },
    docs: HOOKS,
  },
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
    // The MCP file location is documented for Windows only; the macOS/Linux paths follow the Copilot plugins'
    // XDG convention and must be verified on a machine (notes/users-and-peers.md §D5).
    value: {
      configDir: {
        linux: '~/.config/github-copilot/intellij',
        darwin: '~/.config/github-copilot/intellij',
        win32: '%LOCALAPPDATA%/github-copilot/intellij',
      },
      hooksFile: { project: '<project>/.github/hooks/context-mode.json' },
      mcpConfig: {
        user: {
          linux: '~/.config/github-copilot/intellij/mcp.json',
          darwin: '~/.config/github-copilot/intellij/mcp.json',
          win32: '%LOCALAPPDATA%/github-copilot/intellij/mcp.json',
        },
        format: 'json',
        key: 'servers',
        entry: 'typed-stdio',
      },
    },
    docs: MCP,
  },
  instructionFile: {
    value: '.github/copilot-instructions.md',
    docs: 'https://docs.github.com/en/copilot/how-tos/configure-custom-instructions/add-repository-instructions',
  },
  hookSetup: { value: { layout: 'copilot-cli', commandHost: 'copilot' }, docs: HOOKS },
  toolNaming: { value: 'context-mode_{tool}', docs: MCP },
};
