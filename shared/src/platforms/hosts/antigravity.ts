import type { HostRecord } from '../types.js';

const MCP = 'https://antigravity.google/docs/mcp';

/**
 * Google Antigravity: MCP only here. context-mode 1.0.169 also drives an `agy` CLI plugin with Claude-named hooks
 * (its "antigravity-cli" dialect); those are not wired until their docs can be checked, so hooks no-op.
 */
export const antigravity: HostRecord = {
  id: 'antigravity',
  displayName: 'Antigravity',
  docs: MCP,
  aliases: ['agy', 'antigravity-cli'],
  clientInfoNames: { value: ['antigravity', 'antigravity-client', 'antigravity-cli', 'agy'], docs: MCP },
  detectEnv: { value: ['ANTIGRAVITY_CLI_ALIAS', 'ANTIGRAVITY_AGENT'], docs: MCP },
  projectDirEnv: { value: [], docs: MCP },
  hookEvents: { value: {}, docs: MCP },
  dialect: { value: 'none', docs: MCP },
  paradigm: 'mcp-only',
  capabilities: {
    value: {
      block: false,
      modifyArgs: false,
      modifyOutput: false,
      injectContext: false,
      preCompact: false,
      sessionStart: false,
    },
    docs: MCP,
  },
  payload: {
    value: {
      toolName: [],
      toolInput: [],
      toolResponse: [],
      sessionId: [],
      cwd: [],
      prompt: [],
      sessionStartSource: [],
    },
    docs: MCP,
  },
  paths: {
    value: {
      // Antigravity 2.0 (IDE and CLI) reads ~/.gemini/config/mcp_config.json; 1.x read
      // ~/.gemini/antigravity/mcp_config.json (both reported by MCP servers' install docs, mid-2026).
      configDir: { linux: '~/.gemini/config', darwin: '~/.gemini/config', win32: '~/.gemini/config' },
      mcpConfig: {
        user: {
          linux: '~/.gemini/config/mcp_config.json',
          darwin: '~/.gemini/config/mcp_config.json',
          win32: '~/.gemini/config/mcp_config.json',
        },
        format: 'json',
        key: 'mcpServers',
      },
    },
    docs: MCP,
  },
  // The agent's own tool names (no hooks are wired; memory extraction and routing read them when a payload or a
  // transcript carries them): PascalCase argument fields.
  tools: {
    value: {
      names: { shell: ['run_command'], read: ['view_file'], grep: ['grep_search'], 'web-fetch': ['read_url_content'] },
      args: { command: ['CommandLine'], filePath: ['AbsolutePath'], url: ['Url'] },
    },
    docs: MCP,
  },
  instructionFile: { value: 'GEMINI.md', docs: 'https://antigravity.google/docs/rules-workflows' },
  // context-mode 1.0.169 used mcp__context-mode__<tool> for antigravity and context-mode/<tool> for the agy CLI.
  toolNaming: { value: 'mcp__context-mode__{tool}', docs: MCP },
};
