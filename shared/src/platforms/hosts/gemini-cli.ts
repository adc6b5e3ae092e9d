import type { HostRecord } from '../types.js';

const HOOKS = 'https://geminicli.com/docs/hooks/reference/';
const MCP = 'https://geminicli.com/docs/tools/mcp-server/';
const CONFIG = 'https://geminicli.com/docs/get-started/configuration/';

/** The host version the real-host suite pins (its tests are named in ../observations.ts). */
const OBSERVED = '0.61.0';

/** Gemini CLI: hooks in settings.json, `decision`/`reason` plus `hookSpecificOutput`. */
export const geminiCli: HostRecord = {
  id: 'gemini-cli',
  displayName: 'Gemini CLI',
  docs: HOOKS,
  aliases: ['gemini'],
  clientInfoNames: { value: ['gemini-cli-mcp-client', 'gemini-cli'], docs: MCP },
  detectEnv: { value: ['GEMINI_PROJECT_DIR', 'GEMINI_SESSION_ID', 'GEMINI_CLI'], docs: HOOKS },
  projectDirEnv: { value: ['GEMINI_PROJECT_DIR'], docs: HOOKS },
  sessionIdEnv: { value: ['GEMINI_SESSION_ID'], docs: HOOKS },
  hookEvents: {
    value: {
      BeforeTool: 'pre-tool',
      AfterTool: 'post-tool',
      BeforeAgent: 'prompt',
      PreCompress: 'pre-compact',
      SessionStart: 'session-start',
      AfterAgent: 'stop',
    },
    docs: HOOKS,
  },
  dialect: { value: 'gemini', docs: HOOKS },
  capabilities: {
    value: {
      block: true,
      modifyArgs: true,
      modifyOutput: true,
      injectContext: true,
      preCompact: true,
      sessionStart: true,
    },
    docs: HOOKS,
  },
  // Seen with gemini-cli 0.61.0: AfterTool `hookSpecificOutput.tool_output` is ignored; `decision: "deny"` + reason
  // replaces the result of every tool (built-in and MCP) with the reason, which is how our digest reaches the model.
  outputReplacement: { value: 'all-tools', docs: 'test/hosts/gemini-cli.test.ts' },
  outputReplacementObserved: {
    value: { hostVersion: OBSERVED },
    docs: 'test/hosts/gemini-cli.test.ts',
  },
  // Without us Gemini 0.61.0 cuts shell output to 40,000 characters (tools.truncateToolOutputThreshold, default)
  // after AfterTool ran: the hook sees it whole, the model would get ~40 KB (test/hosts/gemini-cli.test.ts).
  outputCut: {
    value: { tools: ['Bash'], bytes: 40_000 },
    docs: 'test/hosts/gemini-cli.test.ts',
  },
  blockExitCode: { value: 2, docs: HOOKS },
  // Seen with gemini-cli 0.61.0: `--resume latest` replays the conversation without the `<hook_context>` that
  // SessionStart added to its first turn, so the resumed model had no routing block.
  resumeKeepsInjectedContext: {
    value: false,
    docs: 'test/hosts/gemini-cli.test.ts',
  },
  // Built-in tool names (docs "Tools Reference"); web_fetch takes URLs inside its `prompt`.
  tools: {
    value: {
      names: {
        shell: ['run_shell_command'],
        read: ['read_file', 'read_many_files'],
        grep: ['search_file_content', 'grep_search'],
        'web-fetch': ['web_fetch'],
      },
      args: { command: ['command'], filePath: ['file_path', 'absolute_path'], url: ['url', 'prompt'] },
    },
    docs: 'https://geminicli.com/docs/tools/',
  },
  payload: {
    value: {
      toolName: ['tool_name'],
      toolInput: ['tool_input'],
      toolResponse: ['tool_response'],
      sessionId: ['session_id'],
      cwd: ['cwd'],
      prompt: ['prompt'],
      sessionStartSource: ['source'],
      transcriptPath: ['transcript_path'],
    },
    docs: HOOKS,
  },
  sessionStartSources: { startup: 'startup', resume: 'resume', clear: 'clear' },
  paths: {
    value: {
      configDir: { linux: '~/.gemini', darwin: '~/.gemini', win32: '~/.gemini' },
      configDirEnv: 'GEMINI_CLI_HOME',
      hooksFile: {
        project: '<project>/.gemini/settings.json',
        user: { linux: '~/.gemini/settings.json', darwin: '~/.gemini/settings.json', win32: '~/.gemini/settings.json' },
      },
      mcpConfig: {
        project: '<project>/.gemini/settings.json',
        user: { linux: '~/.gemini/settings.json', darwin: '~/.gemini/settings.json', win32: '~/.gemini/settings.json' },
        format: 'json',
        key: 'mcpServers',
      },
    },
    docs: CONFIG,
  },
  instructionFile: { value: 'GEMINI.md', docs: 'https://geminicli.com/docs/cli/gemini-md/' },
  // The hooks reference names MCP tools mcp__<server>__<tool>.
  // Hooks run only with hooksConfig.enabled (seen with gemini-cli 0.61.0: without it no hook fires).
  hookSetup: {
    value: { layout: 'nested-matchers', enable: { path: ['hooksConfig', 'enabled'], value: true } },
    docs: HOOKS,
  },
  // Observed on Gemini CLI 0.61.0: single underscores around the server name (`mcp_context-mode_ctx_execute`), in the
  // model's tool list and in hook payloads.
  toolNaming: {
    value: 'mcp_context-mode_{tool}',
    docs: `${HOOKS}#matchers-and-tool-names`,
  },
  // Hook types in 0.61.0: `command`, and `runtime` for hooks registered in code by extensions; none runs on an MCP server.
  processlessHooks: { value: { kind: 'none', hostVersion: OBSERVED }, docs: HOOKS },
};
