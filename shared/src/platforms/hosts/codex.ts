import type { HostRecord } from '../types.js';

const HOOKS = 'https://developers.openai.com/codex/hooks';
const MCP = 'https://developers.openai.com/codex/mcp';
const CONFIG = 'https://developers.openai.com/codex/config-reference';

/** The host version the real-host suite pins (its tests are named in ../observations.ts). */
const OBSERVED = '0.171.0';

/** OpenAI Codex CLI: Claude-shaped hooks in hooks.json; rewriting tool input needs codex ≥ 0.141.0. */
export const codex: HostRecord = {
  id: 'codex',
  displayName: 'Codex CLI',
  docs: HOOKS,
  aliases: ['codex-cli'],
  clientInfoNames: { value: ['Codex', 'codex-mcp-client'], docs: MCP },
  detectEnv: { value: ['CODEX_THREAD_ID', 'CODEX_CI', 'CODEX_SANDBOX'], docs: CONFIG },
  projectDirEnv: { value: [], docs: HOOKS },
  sessionIdEnv: { value: ['CODEX_THREAD_ID'], docs: CONFIG },
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
  dialect: { value: 'codex', docs: HOOKS },
  // context-mode 1.0.169 declared pre-tool, post-tool, compact, session-start, inject-context. modifyArgs is true but gated; formatters downgrade below the gate.
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
  // Seen with codex 0.171.0: PostToolUse `updatedToolOutput` / `updatedMCPToolOutput` are ignored, and
  // `decision: "block"` + reason replaces the whole tool result (Bash and MCP tools) with the reason. Codex hands
  // the hook a shell output it has already cut to ~10 KB (head and tail), so lines it dropped are not ours to keep.
  outputReplacement: { value: 'all-tools', docs: 'test/hosts/codex.test.ts' },
  // Without us a 130 KB `cat` reached the model as 10,216 B and a 104 KB output as 10,215 B (head and tail):
  // what a denied read is booked against, rounded down so the booking never over-claims.
  outputCut: { value: { tools: ['Bash'], bytes: 10_000, hostVersion: OBSERVED }, docs: 'test/hosts/codex.test.ts' },
  outputReplacementShape: { value: 'block-reason', docs: 'test/hosts/codex.test.ts' },
  outputReplacementObserved: {
    value: { hostVersion: OBSERVED },
    docs: 'test/hosts/codex.test.ts',
  },
  // docs/hosts.md#answer-shapes-per-dialect: updatedInput and pre-tool additionalContext are honoured from 0.141.0 (openai/codex#18491,
  // PR #20692); SessionStart / UserPromptSubmit context predates that.
  versionGates: { value: { modifyArgs: '0.141.0', preToolContext: '0.141.0' }, docs: HOOKS },
  blockExitCode: { value: 2, docs: HOOKS },
  // PreToolUse fires for the shell tool as `Bash` (and apply_patch, MCP tools); read/grep are shell commands in Codex.
  // The others are the names the model calls the shell by (`shell_command`, `container.exec` in older releases) and
  // the experimental `grep_files`, which a transcript or a future hook may carry.
  tools: {
    value: {
      names: {
        shell: ['Bash', 'shell', 'local_shell', 'exec_command', 'shell_command', 'container.exec'],
        grep: ['grep_files'],
      },
      args: { command: ['command', 'cmd'] },
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
      configDir: { linux: '~/.codex', darwin: '~/.codex', win32: '~/.codex' },
      configDirEnv: 'CODEX_HOME',
      hooksFile: {
        project: '<project>/.codex/hooks.json',
        user: { linux: '~/.codex/hooks.json', darwin: '~/.codex/hooks.json', win32: '~/.codex/hooks.json' },
      },
      mcpConfig: {
        user: { linux: '~/.codex/config.toml', darwin: '~/.codex/config.toml', win32: '~/.codex/config.toml' },
        format: 'toml',
        key: 'mcp_servers',
      },
    },
    docs: CONFIG,
  },
  instructionFile: { value: 'AGENTS.md', docs: 'https://developers.openai.com/codex/guides/agents-md' },
  hookSetup: { value: { layout: 'nested-matchers' }, docs: HOOKS },
  // Seen with codex 0.171.0: hooks from hooks.json are skipped silently until the user trusts them.
  setupNote: {
    value:
      'Codex runs these hooks only after you trust them: start `codex`, open /hooks and trust the context-mode hooks ' +
      '(again after each upgrade that changes them; one-off automation: `codex exec --dangerously-bypass-hook-trust`). ' +
      'Project hooks (.codex/hooks.json) load only in a trusted project. Until then the MCP tools work, the hooks do not.',
    docs: HOOKS,
  },
  // Trust is recorded per hook by content hash; the hash is Codex's own, so doctor only counts the entries.
  hookTrust: {
    value: {
      file: { linux: '~/.codex/config.toml', darwin: '~/.codex/config.toml', win32: '~/.codex/config.toml' },
      table: ['hooks', 'state'],
      field: 'trusted_hash',
    },
    docs: HOOKS,
  },
  toolNaming: {
    value: '{tool}',
    docs: MCP,
  },
  // The 0.171.0 binary carries a `ConfiguredHookHandler::McpTool` variant beside `Command`, undocumented and not
  // yet exercised by the real-host suite: setup writes command hooks (docs/hosts.md#hooks-without-a-process).
  processlessHooks: { value: { kind: 'none', hostVersion: OBSERVED }, docs: HOOKS },
};
