import type { HostRecord } from '../types.js';

const DOCS = 'https://github.com/badlogic/pi-mono/tree/main/packages/coding-agent';
const MCP = 'https://pi.dev/packages/pi-mcp-adapter';

/** Pi coding agent: MCP through an extension bridge, no JSON hooks; tools appear under their bare names. */
export const pi: HostRecord = {
  id: 'pi',
  displayName: 'Pi',
  docs: DOCS,
  aliases: ['omp'],
  clientInfoNames: { value: ['Pi CLI', 'Pi Coding Agent', 'pi-coding-agent', 'omp-coding-agent'], docs: DOCS },
  detectEnv: { value: ['PI_CODING_AGENT', 'PI_CODING_AGENT_DIR', 'PI_CONFIG_DIR', 'PI_SESSION_FILE'], docs: DOCS },
  projectDirEnv: { value: [], docs: DOCS },
  hookEvents: { value: {}, docs: DOCS },
  dialect: { value: 'none', docs: DOCS },
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
    docs: DOCS,
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
    docs: DOCS,
  },
  paths: {
    value: {
      configDir: { linux: '~/.pi/agent', darwin: '~/.pi/agent', win32: '~/.pi/agent' },
      configDirEnv: 'PI_CODING_AGENT_DIR',
      // Pi has no MCP client of its own; the pi-mcp-adapter extension reads these (also .mcp.json and
      // ~/.config/mcp/mcp.json at lower precedence).
      mcpConfig: {
        project: '<project>/.pi/mcp.json',
        user: { linux: '~/.pi/agent/mcp.json', darwin: '~/.pi/agent/mcp.json', win32: '~/.pi/agent/mcp.json' },
        format: 'json',
        key: 'mcpServers',
      },
    },
    docs: MCP,
  },
  // context-mode 1.0.169 wrote AGENTS.md / SYSTEM.md; its docs mention PI.md. Pi reads AGENTS.md from the project.
  instructionFile: { value: 'AGENTS.md', docs: DOCS },
  toolNaming: { value: '{tool}', docs: DOCS },
};
