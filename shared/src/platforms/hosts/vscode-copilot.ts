import type { HostRecord } from '../types.js';

const HOOKS = 'https://code.visualstudio.com/docs/agent-customization/hooks';
const HOOKS_REF = 'https://code.visualstudio.com/docs/agents/reference/hooks-reference';
const MCP = 'https://code.visualstudio.com/docs/agents/reference/mcp-configuration';

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
  // The docs put every PreToolUse answer in hookSpecificOutput; docs/hosts.md#answer-shapes-per-dialect says context-mode 1.0.169 writes deny
  // top-level. The formatter follows the docs (hooks-reference) and keeps the top-level copy for older builds.
  dialect: { value: 'copilot-ide', docs: HOOKS_REF },
  // PostToolUse can add context or block, not replace output; UserPromptSubmit and PreCompact take the common
  // output only, so context there is best effort.
  capabilities: {
    value: {
      block: true,
      modifyArgs: true,
      modifyOutput: false,
      injectContext: true,
      preCompact: true,
      sessionStart: true,
    },
    docs: HOOKS_REF,
  },
  // Seen with VS Code 1.139.1 (Copilot Chat 0.67.0) in the agent e2e: a deny reaches the model as `Tool execution
  // denied: <reason>`, once and unwrapped; a command rewritten to `echo '<reason>'` ran in the 80-column terminal
  // and reached it twice, wrapped mid-word, with the shell prompt after it (docs/vscode.md; extension-vscode/test/
  // agent/check-agent-run.mjs checks what reached the model).
  shellRedirect: { value: 'deny', docs: HOOKS_REF },
  blockExitCode: { value: 2, docs: HOOKS },
  // Tool ids seen in hook payloads (context-mode 1.0.169's routing table); the hooks docs only show `editFiles`, and the
  // tools reference lists picker names (#read/readFile), so these are the least certain names in the table.
  tools: {
    value: {
      names: {
        shell: ['run_in_terminal'],
        read: ['read_file'],
        grep: ['grep_search'],
        'web-fetch': ['fetch_webpage', 'fetch'],
        agent: ['runSubagent'],
      },
      args: { command: ['command'], filePath: ['filePath', 'file_path'], url: ['urls', 'url'], prompt: ['prompt'] },
    },
    docs: 'https://code.visualstudio.com/docs/agents/reference/tools-reference',
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
      subagent: ['agent_id'],
    },
    docs: HOOKS,
  },
  sessionStartSources: { new: 'startup', startup: 'startup', resume: 'resume', clear: 'clear', compact: 'compact' },
  paths: {
    value: {
      configDir: {
        linux: '~/.config/Code/User',
        darwin: '~/Library/Application Support/Code/User',
        win32: '%APPDATA%/Code/User',
      },
      // User hooks live in ~/.copilot/hooks (VS Code also reads ~/.claude/settings.json in Claude format).
      hooksFile: {
        project: '<project>/.github/hooks/context-mode.json',
        user: {
          linux: '~/.copilot/hooks/context-mode.json',
          darwin: '~/.copilot/hooks/context-mode.json',
          win32: '~/.copilot/hooks/context-mode.json',
        },
      },
      mcpConfig: {
        project: '<project>/.vscode/mcp.json',
        user: {
          linux: '~/.config/Code/User/mcp.json',
          darwin: '~/Library/Application Support/Code/User/mcp.json',
          win32: '%APPDATA%/Code/User/mcp.json',
        },
        format: 'jsonc',
        key: 'servers',
        entry: 'typed-stdio',
      },
    },
    docs: MCP,
  },
  instructionFile: {
    value: '.github/copilot-instructions.md',
    docs: 'https://code.visualstudio.com/docs/copilot/customization/custom-instructions',
  },
  // The shared Copilot CLI format file (see copilot-cli): VS Code loads it from .github/hooks and ~/.copilot/hooks.
  hookSetup: { value: { layout: 'copilot-cli', commandHost: 'copilot' }, docs: HOOKS },
  // Observed: VS Code 1.139.1 lists our tools to the model as mcp_<server label>_<tool> (also in the agent e2e,
  // extension-vscode/test/agent; docs/vscode.md).
  toolNaming: {
    value: 'mcp_context-mode_{tool}',
    docs: MCP,
  },
  // Its hooks reference documents `type: "command"` only.
  processlessHooks: { value: { kind: 'none' }, docs: HOOKS_REF },
};
