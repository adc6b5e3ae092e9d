import type { HostRecord } from '../types.js';

const MCP = 'https://zed.dev/docs/ai/mcp';

/** Zed: MCP only, servers under `context_servers` in settings.json (JSONC). */
export const zed: HostRecord = {
  id: 'zed',
  displayName: 'Zed',
  docs: MCP,
  clientInfoNames: { value: ['Zed'], docs: MCP },
  detectEnv: { value: ['ZED_SESSION_ID', 'ZED_TERM'], docs: 'https://zed.dev/docs/terminal' },
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
      configDir: { linux: '~/.config/zed', darwin: '~/.config/zed', win32: '%APPDATA%/Zed' },
      mcpConfig: {
        project: '<project>/.zed/settings.json',
        user: {
          linux: '~/.config/zed/settings.json',
          darwin: '~/.config/zed/settings.json',
          win32: '%APPDATA%/Zed/settings.json',
        },
        format: 'jsonc',
        key: 'context_servers',
      },
    },
    docs: 'https://zed.dev/docs/configuring-zed',
  },
  instructionFile: { value: 'AGENTS.md', docs: 'https://zed.dev/docs/ai/rules' },
  toolNaming: { value: 'mcp:context-mode:{tool}', docs: MCP },
};
