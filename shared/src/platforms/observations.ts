import type { HostId, HostRecord } from './types.js';

/**
 * Where the real-host suite (test/hosts) shows a fact: the host version it ran, the test file and the test's exact
 * name. A unit test checks that the file holds a test of that name, so a pointer cannot outlive its test.
 */
export interface Observation {
  version: string;
  test: string;
  name: string;
}

/** A fact of a host record, by its key in the record (`outputCut`, `toolNaming`, …). */
type FactKey = Exclude<keyof HostRecord, 'id' | 'displayName' | 'docs'>;

/**
 * Pointers into one host's real-host test file, all at the host version that file pins: `seen(name)` names the
 * test that shows a fact, so each host states the version and file once.
 */
function suiteRun(version: string, test: string): (name: string) => Observation {
  return (name) => ({ version, test, name });
}

// Kept apart from the host table on purpose: the table ships in the hook bundle that every host runs once per tool
// call, and only docs/hosts.md and the pointer checks read these. A fact that states a host version
// (`outputReplacementObserved`, `outputCut`) must state the version its pointer names; a test checks that.
const claude = suiteRun('2.1.332', 'test/hosts/claude-code.test.ts');
const CLAUDE_READ_DIGESTED =
  'large file read: Read output is replaced by a digest of the file text (≤ 4 KB, error line kept)';
const CLAUDE_BIG_OUTPUT = 'large command output: what reaches the model is ≤ 4 KB and keeps the error line';

const gemini = suiteRun('0.61.0', 'test/hosts/gemini-cli.test.ts');
const GEMINI_DENIED_READ =
  'large file read: AfterTool deny puts our digest in place of the read (≤ 4 KB, error line kept)';

const qwen = suiteRun('0.24.4', 'test/hosts/qwen-code.test.ts');
const QWEN_DIGEST =
  'large file read and large command output: our digest replaces what Qwen would pass, error line kept';

const codex = suiteRun('0.171.0', 'test/hosts/codex.test.ts');
const CODEX_BLOCKED_OUTPUT =
  'large command output: replaced by our digest through PostToolUse decision "block" (≤ 4 KB)';

const opencode = suiteRun('1.18.33', 'test/hosts/opencode.test.ts');
const OPENCODE_SMALL_READ = 'large file read: what reaches the model is ≤ 4 KB and keeps the error line';

const copilot = suiteRun('1.0.102', 'test/hosts/copilot-cli.test.ts');

const OBSERVATIONS: Partial<Record<HostId, Partial<Record<FactKey, Observation>>>> = {
  'claude-code': {
    outputReplacement: claude(CLAUDE_READ_DIGESTED),
    outputReplacementObserved: claude(CLAUDE_READ_DIGESTED),
    outputCut: claude('stats --json books no more than the model was really spared'),
    savedOutput: claude(CLAUDE_BIG_OUTPUT),
    tools: claude('network fetch to stdout: curl is denied with our redirect, naming the MCP tool as Claude names it'),
    payload: claude(CLAUDE_BIG_OUTPUT),
    toolNaming: claude('own MCP tool call: ctx_execute runs in the sandbox and its output reaches the model'),
    processlessHooks: claude(
      'mcp_tool hooks: no hook process for the moved events, every one answered by ctx_hook on our server',
    ),
  },
  'gemini-cli': {
    outputReplacement: gemini(GEMINI_DENIED_READ),
    outputReplacementObserved: gemini(GEMINI_DENIED_READ),
    outputCut: gemini('stats --json books only what the model was really spared'),
    resumeKeepsInjectedContext: gemini(
      'resume (--resume latest): no second routing block, no claim of a compaction that did not happen',
    ),
    tools: gemini(
      'network fetch to stdout: curl never runs; our redirect reaches the model naming the MCP tool as Gemini names it',
    ),
    payload: gemini('memory records the real prompt, not our <hook_context> wrapper'),
    hookSetup: gemini(
      'setup merged its entries into the user settings: MCP server with the data home pinned, hooks enabled',
    ),
    toolNaming: gemini('own MCP tool call: our tools are offered as mcp_context-mode_ctx_* and ctx_execute runs'),
  },
  'qwen-code': {
    outputReplacement: qwen(QWEN_DIGEST),
    outputReplacementObserved: qwen(QWEN_DIGEST),
    outputCut: qwen('stats --json books what Qwen applied and no more than the model was spared'),
    savedOutput: qwen(QWEN_DIGEST),
    toolNaming: qwen(
      'network fetch to stdout: curl never runs; our redirect reaches the model naming the MCP tool as Qwen names it',
    ),
  },
  codex: {
    outputReplacement: codex(CODEX_BLOCKED_OUTPUT),
    outputReplacementShape: codex(CODEX_BLOCKED_OUTPUT),
    outputReplacementObserved: codex(CODEX_BLOCKED_OUTPUT),
    outputCut: codex('stats --json books no more than the model was really spared'),
    tools: codex('network fetch to stdout: curl is denied with our redirect naming ctx_fetch_and_index'),
    payload: codex('memory records the real prompt'),
    toolNaming: codex(
      'own MCP tool call: the model is offered our tools in the mcp__context_mode namespace and ctx_execute runs',
    ),
  },
  opencode: {
    outputReplacement: opencode(OPENCODE_SMALL_READ),
    outputReplacementObserved: opencode(OPENCODE_SMALL_READ),
    outputCut: opencode('stats --json books no more than the model was really spared'),
    savedOutput: opencode('large command output: what reaches the model is ≤ 4 KB and keeps the error line'),
    toolNaming: opencode('own MCP tool call: our tools are offered as context-mode_ctx_* and ctx_execute runs'),
    agentRequestMarker: opencode(
      'session start: the routing block reaches every agent request, not the title request, and is booked once',
    ),
  },
  'copilot-cli': {
    toolNaming: copilot('own MCP tool call: our tools are offered as context-mode-ctx_* and ctx_execute runs'),
    tools: copilot(
      'network fetch to stdout: curl never runs; our redirect reaches the model naming the MCP tool as the CLI names it',
    ),
    hookSetup: copilot(
      'setup wrote the team-shared files: .github/hooks/context-mode.json (Copilot CLI format) and .mcp.json',
    ),
  },
  // Also in the agent e2e (extension-vscode/test/agent; docs/vscode.md).
  'vscode-copilot': {
    toolNaming: {
      version: '1.139.1',
      test: 'extension-vscode/test/integration/suite/index.cjs',
      name: 'VS Code itself starts our MCP server from the provider and lists its tools',
    },
  },
};

/** The test that shows `host` doing what its fact `key` says, if a real host was seen doing it. */
export function observationOf(host: HostId, key: string): Observation | undefined {
  return (OBSERVATIONS[host] as Record<string, Observation> | undefined)?.[key];
}

/** Every pointer, for the checks that keep them true. */
export function allObservations(): { host: HostId; key: string; observation: Observation }[] {
  return Object.entries(OBSERVATIONS).flatMap(([host, facts]) =>
    Object.entries(facts).map(([key, observation]) => ({ host: host as HostId, key, observation })),
  );
}
