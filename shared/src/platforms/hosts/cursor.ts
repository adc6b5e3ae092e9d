import type { HostRecord } from '../types.js';

const HOOKS = 'https://cursor.com/docs/agent/hooks';
const MCP = 'https://cursor.com/docs/context/mcp';

/** Cursor: `.cursor/hooks.json` (version 1, camelCase events), answers with `permission` / `*_message`. */
export const cursor: HostRecord = {
  id: 'cursor',
  displayName: 'Cursor',
  docs: HOOKS,
  clientInfoNames: { value: ['cursor-vscode', 'cursor'], docs: MCP },
  // CURSOR_TRACE_ID (MCP server env) and CURSOR_CLI (terminal) are the signals context-mode 1.0.169 verified; hook
  // processes get CURSOR_PROJECT_DIR. CURSOR_CWD / CURSOR_SESSION_ID were read by context-mode 1.0.169 and later
  // called unverified by context-mode 1.0.169 itself (its commit eae8dfc), so they are only read, never relied on.
  detectEnv: { value: ['CURSOR_TRACE_ID', 'CURSOR_CLI', 'CURSOR_PROJECT_DIR', 'CURSOR_VERSION'], docs: HOOKS },
  projectDirEnv: { value: ['CURSOR_PROJECT_DIR', 'CURSOR_CWD'], docs: HOOKS },
  sessionIdEnv: { value: ['CURSOR_SESSION_ID'], docs: HOOKS },
  hookEvents: {
    value: {
      preToolUse: 'pre-tool',
      postToolUse: 'post-tool',
      beforeSubmitPrompt: 'prompt',
      preCompact: 'pre-compact',
      sessionStart: 'session-start',
      stop: 'stop',
    },
    docs: HOOKS,
  },
  dialect: { value: 'cursor', docs: HOOKS },
  // context-mode 1.0.169 declared no compact event; Cursor's docs now list preCompact (observe-only), kept false until verified.
  // sessionStart was once rejected by Cursor's validator ("Unknown hook type", forum.cursor.com/t/149566); the
  // current docs list it, so it is claimed, and setup should still treat a rejected hooks file as recoverable.
  // `additional_context` on postToolUse is documented but not surfaced to the model (forum #155689).
  capabilities: {
    value: {
      block: true,
      modifyArgs: true,
      modifyOutput: false,
      injectContext: true,
      preCompact: false,
      sessionStart: true,
    },
    docs: HOOKS,
  },
  // preToolUse tool_name values (context-mode 1.0.169's verified matcher "Shell|Read|Grep|WebFetch|Task"), and
  // `run_terminal_cmd`, the name the agent's model calls the shell by.
  tools: {
    value: {
      names: {
        shell: ['Shell', 'run_terminal_cmd'],
        read: ['Read'],
        grep: ['Grep'],
        'web-fetch': ['WebFetch'],
        agent: ['Task'],
      },
      args: { command: ['command'], filePath: ['file_path', 'path'], url: ['url'], prompt: ['prompt'] },
    },
    docs: HOOKS,
  },
  payload: {
    value: {
      toolName: ['tool_name'],
      toolInput: ['tool_input'],
      toolResponse: ['tool_output', 'tool_response'],
      sessionId: ['conversation_id', 'session_id'],
      cwd: ['cwd'],
      prompt: ['prompt'],
      sessionStartSource: ['source'],
      transcriptPath: ['transcript_path'],
      workspaceRoots: ['workspace_roots'],
    },
    docs: HOOKS,
  },
  paths: {
    value: {
      configDir: { linux: '~/.cursor', darwin: '~/.cursor', win32: '~/.cursor' },
      hooksFile: {
        project: '<project>/.cursor/hooks.json',
        user: { linux: '~/.cursor/hooks.json', darwin: '~/.cursor/hooks.json', win32: '~/.cursor/hooks.json' },
      },
      mcpConfig: {
        project: '<project>/.cursor/mcp.json',
        user: { linux: '~/.cursor/mcp.json', darwin: '~/.cursor/mcp.json', win32: '~/.cursor/mcp.json' },
        format: 'json',
        key: 'mcpServers',
      },
    },
    docs: MCP,
  },
  instructionFile: { value: '.cursor/rules/context-mode.mdc', docs: 'https://cursor.com/docs/context/rules' },
  hookSetup: { value: { layout: 'cursor' }, docs: HOOKS },
  toolNaming: { value: '{tool}', docs: MCP },
};
