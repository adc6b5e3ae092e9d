import type { HostRecord } from '../types.js';

const PLUGINS = 'https://opencode.ai/docs/plugins/';
const MCP = 'https://opencode.ai/docs/mcp-servers/';
const CONFIG = 'https://opencode.ai/docs/config/';

/** The host version the real-host suite pins (its tests are named in ../observations.ts). */
const OBSERVED = '1.18.33';

/** OpenCode: an in-process TypeScript plugin (throw to deny, mutate args to modify); MCP under `mcp`. */
export const opencode: HostRecord = {
  id: 'opencode',
  displayName: 'OpenCode',
  docs: PLUGINS,
  aliases: ['kilo'],
  // Kilo (an OpenCode fork with the same plugin API) is served by this record, as context-mode 1.0.169 does.
  clientInfoNames: { value: ['opencode', 'Kilo Code', 'kilo'], docs: MCP },
  detectEnv: {
    value: ['OPENCODE', 'OPENCODE_PROJECT_DIR', 'OPENCODE_CLIENT', 'OPENCODE_PID', 'KILO', 'KILO_PID'],
    docs: CONFIG,
  },
  projectDirEnv: { value: ['OPENCODE_PROJECT_DIR'], docs: CONFIG },
  // Plugin hook names; the plugin module maps them itself, they never reach the command-line runner.
  hookEvents: {
    value: {
      'tool.execute.before': 'pre-tool',
      'tool.execute.after': 'post-tool',
      'chat.message': 'prompt',
      'experimental.session.compacting': 'pre-compact',
      // Bus events delivered to the plugin's `event` hook.
      'session.created': 'session-start',
      'session.idle': 'stop',
    },
    docs: PLUGINS,
  },
  dialect: { value: 'opencode-plugin', docs: PLUGINS },
  paradigm: 'ts-plugin',
  capabilities: {
    value: {
      block: true,
      modifyArgs: true,
      modifyOutput: true,
      injectContext: true,
      preCompact: true,
      sessionStart: true,
    },
    docs: PLUGINS,
  },
  outputReplacement: { value: 'all-tools', docs: PLUGINS },
  // Observed on OpenCode 1.18.33 (plugin under Bun, store on bun:sqlite): the replaced output is what the model got.
  outputReplacementObserved: {
    value: { hostVersion: OBSERVED },
    docs: 'test/hosts/opencode.test.ts',
  },
  // OpenCode 1.18.33 passes the model a ~50 KB window of a long bash output and stops a read at 50 KB (51,349 and
  // 55,882 bytes reached the model without us); 50,000 books a little less than that, never more.
  outputCut: {
    value: { tools: ['Bash', 'Read'], bytes: 50_000, hostVersion: OBSERVED },
    docs: 'test/hosts/opencode.test.ts',
  },
  // A long bash output's whole text is kept in `<data>/tool-output/tool_<id>`, named in `metadata.outputPath` and
  // in the ~50 KB window passed on ("Full output saved to: …"); read stops at 50 KB and says how to page on.
  savedOutput: {
    value: {
      pathField: 'outputPath',
      fieldsIn: 'result-metadata',
      textMarker: 'Full output saved to: (\\S+)',
      fileName: '^tool_\\w+$',
      dir: 'tool-output',
      sameOutput: 'holds-lines',
      notes: 'output truncated|Full output saved to',
      stoppedRead: {
        textMarker: 'Use offset=\\d+ to continue',
        flagField: 'truncated',
        pagingArgs: ['offset', 'limit'],
      },
    },
    docs: 'test/hosts/opencode.test.ts',
  },
  // Built-in tool ids (opencode.ai/docs/tools); note `filePath` in camelCase.
  tools: {
    value: {
      names: { shell: ['bash'], read: ['read'], grep: ['grep'], 'web-fetch': ['webfetch'], agent: ['task'] },
      args: { command: ['command'], filePath: ['filePath'], url: ['url'], prompt: ['prompt'] },
    },
    docs: 'https://opencode.ai/docs/tools/',
  },
  payload: {
    value: {
      toolName: ['tool'],
      toolInput: ['args'],
      toolResponse: ['output'],
      sessionId: ['sessionID'],
      cwd: ['directory'],
      prompt: ['prompt'],
      sessionStartSource: [],
    },
    docs: PLUGINS,
  },
  paths: {
    value: {
      configDir: { linux: '~/.config/opencode', darwin: '~/.config/opencode', win32: '~/.config/opencode' },
      hooksFile: {
        project: '<project>/.opencode/plugins/context-mode.ts',
        user: {
          linux: '~/.config/opencode/plugins/context-mode.ts',
          darwin: '~/.config/opencode/plugins/context-mode.ts',
          win32: '~/.config/opencode/plugins/context-mode.ts',
        },
      },
      mcpConfig: {
        project: '<project>/opencode.json',
        user: {
          linux: '~/.config/opencode/opencode.json',
          darwin: '~/.config/opencode/opencode.json',
          win32: '~/.config/opencode/opencode.json',
        },
        format: 'jsonc',
        key: 'mcp',
        entry: 'opencode-local',
      },
    },
    docs: CONFIG,
  },
  instructionFile: { value: 'AGENTS.md', docs: 'https://opencode.ai/docs/rules/' },
  // In-process plugin, not hook commands: setup writes a plugin file re-exporting server/dist/opencode-plugin.mjs.
  hookSetup: { value: { layout: 'opencode-plugin' }, docs: 'https://opencode.ai/docs/plugins/' },
  toolNaming: {
    value: 'context-mode_{tool}',
    docs: MCP,
  },
  // `experimental.chat.system.transform` runs for every model request of a session, the title request (a helper
  // agent with an empty system list) included; only the agent's own requests carry the `<env>` block
  // (SystemPrompt.environment in OpenCode 1.18.33), so the routing block and snapshots are attached there.
  agentRequestMarker: { value: '<env>', docs: 'test/hosts/opencode.test.ts' },
  // Hooks are the in-process plugin: no process per call.
  processlessHooks: { value: { kind: 'in-process' }, docs: PLUGINS },
};
