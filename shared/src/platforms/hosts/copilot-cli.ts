import type { HostRecord } from '../types.js';

const HOOKS = 'https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference';
const CLI = 'https://docs.github.com/en/copilot/how-tos/use-copilot-agents/use-copilot-cli';
const CONFIG = 'https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-config-dir-reference';

/** GitHub Copilot CLI: flat camelCase hooks (`"version": 1`), `toolArgs` as a JSON string. */
export const copilotCli: HostRecord = {
  id: 'copilot-cli',
  displayName: 'GitHub Copilot CLI',
  docs: HOOKS,
  aliases: ['copilot'],
  clientInfoNames: { value: ['GitHub Copilot CLI', 'github-copilot-cli', 'copilot-cli'], docs: CLI },
  // No documented env marker: the server recognises the CLI by its clientInfo name; these two are best guesses.
  detectEnv: { value: ['COPILOT_CLI', 'COPILOT_AGENT_SESSION_ID'], docs: CLI },
  projectDirEnv: { value: [], docs: HOOKS },
  sessionIdEnv: { value: ['COPILOT_AGENT_SESSION_ID'], docs: CLI },
  hookEvents: {
    value: {
      preToolUse: 'pre-tool',
      postToolUse: 'post-tool',
      userPromptSubmitted: 'prompt',
      preCompact: 'pre-compact',
      sessionStart: 'session-start',
      agentStop: 'stop',
      // A hooks file using the VS Code compatible (PascalCase) names gets these two spellings on the command line.
      UserPromptSubmit: 'prompt',
      Stop: 'stop',
    },
    docs: HOOKS,
  },
  dialect: { value: 'copilot-cli', docs: HOOKS },
  // The CLI reference processes the output of preToolUse (permissionDecision, modifiedArgs) and agentStop only:
  // sessionStart and userPromptSubmitted output is ignored, preCompact is notification-only, and replacing a
  // result is for SDK hooks. context-mode 1.0.169 claimed every capability; the docs say otherwise, so injectContext is false.
  capabilities: {
    value: {
      block: true,
      modifyArgs: true,
      modifyOutput: false,
      injectContext: false,
      preCompact: true,
      sessionStart: true,
    },
    docs: HOOKS,
  },
  // "Tool names for hook matching" in the CLI hooks reference.
  tools: {
    value: {
      names: {
        shell: ['bash', 'powershell'],
        read: ['view'],
        grep: ['grep'],
        'web-fetch': ['web_fetch'],
        agent: ['task'],
      },
      args: { command: ['command'], filePath: ['path'], url: ['url'], prompt: ['prompt'] },
    },
    docs: `${HOOKS}#tool-names-for-hook-matching`,
  },
  payload: {
    value: {
      toolName: ['toolName', 'tool_name'],
      toolInput: ['toolArgs', 'tool_input'],
      // camelCase events get camelCase fields; PascalCase (VS Code compatible) events get snake_case ones.
      toolResponse: ['toolResult', 'tool_result', 'tool_response'],
      sessionId: ['sessionId', 'session_id'],
      cwd: ['cwd'],
      prompt: ['prompt'],
      sessionStartSource: ['source'],
      transcriptPath: ['transcriptPath', 'transcript_path'],
      // Older CLI builds sent toolArgs as a JSON-encoded string; parse it when it is one.
      toolInputIsJsonString: true,
    },
    docs: HOOKS,
  },
  sessionStartSources: { new: 'startup', startup: 'startup', resume: 'resume' },
  blockExitCode: { value: 2, docs: HOOKS },
  paths: {
    value: {
      configDir: { linux: '~/.copilot', darwin: '~/.copilot', win32: '~/.copilot' },
      configDirEnv: 'COPILOT_HOME',
      hooksFile: {
        project: '<project>/.github/hooks/context-mode.json',
        user: {
          linux: '~/.copilot/hooks/context-mode.json',
          darwin: '~/.copilot/hooks/context-mode.json',
          win32: '~/.copilot/hooks/context-mode.json',
        },
      },
      // Project servers in .mcp.json (or .github/mcp.json) win over user ones on a name clash.
      mcpConfig: {
        project: '<project>/.mcp.json',
        user: {
          linux: '~/.copilot/mcp-config.json',
          darwin: '~/.copilot/mcp-config.json',
          win32: '~/.copilot/mcp-config.json',
        },
        format: 'json',
        key: 'mcpServers',
      },
    },
    docs: CONFIG,
  },
  instructionFile: {
    value: '.github/copilot-instructions.md',
    docs: 'https://docs.github.com/en/copilot/how-tos/configure-custom-instructions/add-repository-instructions',
  },
  // One file serves every Copilot surface: VS Code also loads this (Copilot CLI) format from .github/hooks and
  // JetBrains reads only this format, so no second file in VS Code's own format is written (VS Code would run both).
  hookSetup: { value: { layout: 'copilot-cli', commandHost: 'copilot' }, docs: HOOKS },
  // VS Code (and JetBrains) send snake_case payloads with hook_event_name to the same commands; the CLI sends
  // camelCase ones. IDEA_INITIAL_DIRECTORY is set in processes a JetBrains IDE starts.
  payloadCallers: {
    value: [
      { field: 'hook_event_name', host: 'jetbrains-copilot', env: 'IDEA_INITIAL_DIRECTORY' },
      { field: 'hook_event_name', host: 'vscode-copilot' },
    ],
    docs: 'https://code.visualstudio.com/docs/agents/reference/hooks-reference',
  },
  // The CLI's docs name MCP tools `<server>_<tool>`; 1.0.102 offers them to the model as `context-mode-ctx_execute`.
  // Hook entries are `type: "command"` (every event) or `"prompt"` (sessionStart only, interactive sessions only:
  // it submits text as if typed, it runs nothing), so every hook that answers is a process.
  processlessHooks: { value: { kind: 'none', hostVersion: '1.0.102' }, docs: HOOKS },
  toolNaming: { value: 'context-mode-{tool}', docs: 'test/hosts/copilot-cli.test.ts' },
};
