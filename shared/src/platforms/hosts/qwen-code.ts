import type { HostRecord } from '../types.js';

const HOOKS = 'https://qwenlm.github.io/qwen-code-docs/en/users/features/hooks/';
const MCP = 'https://qwenlm.github.io/qwen-code-docs/en/users/features/mcp/';
const CONFIG = 'https://qwenlm.github.io/qwen-code-docs/en/users/configuration/settings/';

/** Qwen Code: a Gemini CLI fork whose hooks speak Claude Code's event names and output shape. */
export const qwenCode: HostRecord = {
  id: 'qwen-code',
  displayName: 'Qwen Code',
  docs: HOOKS,
  aliases: ['qwen', 'qwen-cli'],
  // The client name carries a suffix in some versions, hence the prefix match (as context-mode 1.0.169 found).
  clientInfoNames: { value: ['qwen-cli-mcp-client', 'qwen-code'], docs: MCP },
  detectEnv: { value: ['QWEN_PROJECT_DIR', 'QWEN_CODE'], docs: HOOKS },
  projectDirEnv: { value: ['QWEN_PROJECT_DIR'], docs: HOOKS },
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
  dialect: { value: 'qwen', docs: HOOKS },
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
  // Seen with qwen-code 0.24.4: PostToolUse `updatedToolOutput` and `decision: "block"` are ignored; `continue: false`
  // turns the result of any tool into an error holding `stopReason`, which is how our digest reaches the model.
  outputReplacement: {
    value: 'all-tools',
    docs: 'test/hosts/qwen-code.test.ts',
  },
  outputReplacementObserved: {
    value: { hostVersion: '0.24.4' },
    docs: 'test/hosts/qwen-code.test.ts',
  },
  // Without us Qwen 0.24.4 turns shell output above 30,000 characters into a head-and-tail preview (4,496–4,501
  // bytes measured; booked a little under) before PostToolUse, naming the file that holds the whole (read by the
  // hook). read_file is paged before the hook: the page the hook sees is what the model would get.
  outputCut: {
    value: { tools: ['Bash'], bytes: 4_400, above: 30_000, hostVersion: '0.24.4' },
    docs: 'test/hosts/qwen-code.test.ts',
  },
  // The shell preview names the file holding the whole output, a `run_shell_command_<id>.output` under ~/.qwen/tmp/,
  // and the hook gets nothing more.
  savedOutput: {
    value: {
      textMarker: 'The full output has been saved to: (\\S+)',
      fileName: '^run_shell_command_\\w+\\.output$',
      sameOutput: 'holds-lines',
      sampleAfter: 'Truncated part of the output:',
      notes: '\\[CONTENT TRUNCATED\\]',
    },
    docs: 'test/hosts/qwen-code.test.ts',
  },
  blockExitCode: { value: 2, docs: HOOKS },
  // Runtime tool ids passed in tool_name (hooks doc: "Tool id: write_file, read_file, run_shell_command").
  tools: {
    value: {
      names: {
        shell: ['run_shell_command'],
        read: ['read_file', 'read_many_files'],
        grep: ['grep_search'],
        'web-fetch': ['web_fetch'],
        agent: ['task'],
      },
      args: { command: ['command'], filePath: ['file_path', 'absolute_path'], url: ['url'], prompt: ['prompt'] },
    },
    docs: HOOKS,
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
  sessionStartSources: { startup: 'startup', resume: 'resume', clear: 'clear', compact: 'compact' },
  paths: {
    value: {
      configDir: { linux: '~/.qwen', darwin: '~/.qwen', win32: '~/.qwen' },
      hooksFile: {
        project: '<project>/.qwen/settings.json',
        user: { linux: '~/.qwen/settings.json', darwin: '~/.qwen/settings.json', win32: '~/.qwen/settings.json' },
      },
      mcpConfig: {
        project: '<project>/.qwen/settings.json',
        user: { linux: '~/.qwen/settings.json', darwin: '~/.qwen/settings.json', win32: '~/.qwen/settings.json' },
        format: 'json',
        key: 'mcpServers',
      },
    },
    docs: CONFIG,
  },
  instructionFile: { value: 'QWEN.md', docs: CONFIG },
  hookSetup: { value: { layout: 'nested-matchers' }, docs: HOOKS },
  toolNaming: {
    value: 'mcp__context-mode__{tool}',
    docs: HOOKS,
  },
  // Hook types in 0.24.4: `command` and `runtime` (in-code), as in Gemini CLI it forks from.
  processlessHooks: { value: { kind: 'none', hostVersion: '0.24.4' }, docs: HOOKS },
};
