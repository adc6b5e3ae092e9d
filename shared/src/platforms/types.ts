/**
 * The shape of one host record. The table itself lives beside this file; nothing outside shared/src/platforms
 * may hard-code a host fact (event names, payload fields, paths, dialects, tool naming).
 */
export type HostId =
  | 'claude-code'
  | 'gemini-cli'
  | 'vscode-copilot'
  | 'jetbrains-copilot'
  | 'copilot-cli'
  | 'cursor'
  | 'codex'
  | 'qwen-code'
  | 'kimi'
  | 'kiro'
  | 'opencode'
  | 'antigravity'
  | 'zed'
  | 'pi';

/** Canonical hook events every handler is written against. */
export type CanonicalEvent = 'pre-tool' | 'post-tool' | 'prompt' | 'pre-compact' | 'session-start' | 'stop';

/** Why a session started, in canonical terms; hosts spell it their own way (`sessionStartSources`). */
type CanonicalSessionSource = 'startup' | 'compact' | 'resume' | 'clear';

/** How the product plugs into the host: JSON over stdin/stdout hook processes, an in-process plugin, or MCP only. */
export type Paradigm = 'json-stdio' | 'ts-plugin' | 'mcp-only';

/** How a host expects hook answers to be shaped; one formatter per dialect in hooks/src/format. */
export type WireDialect =
  | 'claude'
  | 'qwen'
  | 'gemini'
  | 'copilot-ide' // VS Code and JetBrains Copilot (.github/hooks)
  | 'copilot-cli'
  | 'cursor'
  | 'codex'
  | 'kimi'
  | 'kiro'
  | 'opencode-plugin'
  | 'none'; // MCP-only hosts

export interface Capabilities {
  block: boolean;
  modifyArgs: boolean;
  modifyOutput: boolean;
  injectContext: boolean;
  preCompact: boolean;
  sessionStart: boolean;
}

/** What a version gate can hold back: a capability, or context on pre-tool answers only. */
export type GatedCapability = keyof Capabilities | 'preToolContext';

/** Built-in tools routing cares about, by role; a host's own names map onto these. */
export type ToolRole = 'shell' | 'read' | 'grep' | 'web-fetch' | 'agent';

/** The host's names for the built-in tools of each role, and the argument fields routing reads. */
export interface HostTools {
  names: Partial<Record<ToolRole, string[]>>;
  /** Argument field names, in lookup order: the shell command, the file path, the URL, the subagent prompt. */
  args: { command?: string[]; filePath?: string[]; url?: string[]; prompt?: string[] };
}

/**
 * A fact and where it is documented. Which real-host test shows it, when one does, is in observations.ts: the docs
 * and the tests read that, the hooks do not.
 */
interface Sourced<T> {
  value: T;
  docs: string;
}

/**
 * Where a host keeps the whole of a tool output it cut before the hook saw it, and how to recognise that file. The
 * hooks read the file only when every check here holds and the file is a regular file under a size cap that
 * holds the output the host passed (hooks/src/wire/saved-output.ts); otherwise the passed text stands.
 */
export interface SavedOutput {
  /** Field naming the file, in the object `fieldsIn` says. */
  pathField?: string;
  /** Field holding the whole output's size in bytes, beside `pathField`. */
  sizeField?: string;
  /** Where `pathField` and `sizeField` are: the tool response (Claude) or the plugin result's `metadata` (OpenCode). */
  fieldsIn?: 'tool-response' | 'result-metadata';
  /** Regular-expression source whose first group is the file path, as the host writes it into the passed text. */
  textMarker?: string;
  /** Regular-expression source the file's base name must match (the host's own naming of saved outputs). */
  fileName?: string;
  /** Name of the folder the host keeps saved outputs in (the file's parent folder). */
  dir?: string;
  /**
   * How the file is shown to be this output: it begins with the passed text (`begins-with`), or lines sampled
   * from the passed text occur in it (`holds-lines`, for a head-and-tail preview or a window).
   */
  sameOutput: 'begins-with' | 'holds-lines';
  /** `holds-lines`: lines are sampled after this note of the host's, and never from lines matching `notes`. */
  sampleAfter?: string;
  /** Regular-expression source of the host's own note lines inside the passed text. */
  notes?: string;
  /**
   * A read tool the host stops short of the file's end (OpenCode: 50 KB, "Use offset=N to continue"): the whole
   * is the file the model asked for, when the model did not page the read itself.
   */
  stoppedRead?: { textMarker: string; flagField: string; pagingArgs: string[] };
}

export type OsPaths = Partial<Record<'linux' | 'darwin' | 'win32', string>>;

type McpEntryShape = 'command-args' | 'typed-stdio' | 'opencode-local';

/**
 * How the host's hooks file is laid out, so setup can merge our entries into it:
 * - `nested-matchers`: `{"hooks": {"<Event>": [{"hooks": [{"type": "command", "command": …}]}]}}` (Claude family);
 * - `copilot-cli`: `{"version": 1, "hooks": {"<event>": [{"type": "command", "bash": …, "powershell": …}]}}`;
 * - `cursor`: `{"version": 1, "hooks": {"<event>": [{"command": …}]}}`;
 * - `opencode-plugin`: a plugin module re-exporting our bundled OpenCode plugin (the whole file is ours);
 * - `toml-array`: `[[hooks]]` tables with `event` and `command` in a TOML config (Kimi; no other field allowed).
 */
export type HookFileLayout = 'nested-matchers' | 'copilot-cli' | 'cursor' | 'opencode-plugin' | 'toml-array';

export type ProcesslessHooks =
  | { kind: 'mcp-tool'; events: string[]; hostVersion: string }
  | { kind: 'in-process' }
  | { kind: 'none'; hostVersion?: string };

interface HookSetup {
  layout: HookFileLayout;
  /** A setting the host needs before it runs any hook, e.g. Gemini's `hooksConfig.enabled: true`. */
  enable?: { path: string[]; value: unknown };
  /** The host id written into hook commands when the file is shared by several hosts (`copilot` for every
   * Copilot surface); the hook then tells the caller apart from the payload (`payloadCallers`). */
  commandHost?: string;
}

/** A payload field that marks another host as the caller of a shared hook file (and an env var that narrows it). */
interface PayloadCaller {
  field: string;
  host: HostId;
  env?: string;
}

export interface HostRecord {
  id: HostId;
  displayName: string;
  docs: string;
  /** Names this host sends as MCP `clientInfo.name` (case-insensitive prefix match). */
  clientInfoNames: Sourced<string[]>;
  /** Env vars whose presence suggests the host; `projectDirEnv` ones also name the workspace. */
  detectEnv: Sourced<string[]>;
  projectDirEnv: Sourced<string[]>;
  sessionIdEnv?: Sourced<string[]>;
  /** Host event name → canonical event; keys are the host's own spelling. */
  hookEvents: Sourced<Record<string, CanonicalEvent>>;
  dialect: Sourced<WireDialect>;
  capabilities: Sourced<Capabilities>;
  /** Payload field names, in lookup order. */
  payload: Sourced<{
    toolName: string[];
    toolInput: string[];
    toolResponse: string[];
    sessionId: string[];
    cwd: string[];
    prompt: string[];
    sessionStartSource: string[];
    /** Where the transcript file path travels (its UUID is a session id fallback). */
    transcriptPath?: string[];
    /** Fields whose presence marks a subagent's call (its tools may not include ours). */
    subagent?: string[];
    /** Workspace-root arrays (first element is the project dir), e.g. Cursor's `workspace_roots`. */
    workspaceRoots?: string[];
    /** True when the tool input arrives as a JSON-encoded string (Copilot CLI `toolArgs`). */
    toolInputIsJsonString?: boolean;
  }>;
  /** Config locations; `~` = home, `<project>` = project root. */
  paths: Sourced<{
    configDir: OsPaths;
    hooksFile?: { project?: string; user?: OsPaths };
    mcpConfig?: {
      project?: string;
      user?: OsPaths;
      format: 'json' | 'jsonc' | 'toml';
      key: string;
      /** Shape of one server entry: `{command, args}` (default), `{type: "stdio", command, args}`, or OpenCode's
       * `{type: "local", command: [cmd, ...args], enabled: true}`. */
      entry?: McpEntryShape;
    };
    /** Env var that relocates `configDir` (e.g. CLAUDE_CONFIG_DIR, CODEX_HOME). */
    configDirEnv?: string;
    /**
     * Settings files holding `permissions.deny|ask|allow` rules (`Bash(git push:*)`, `Read(./secrets/**)`), most
     * specific first; the sandbox honours the rules of hosts that have them.
     */
    permissionFiles?: { project: string[]; user?: OsPaths };
  }>;
  instructionFile: Sourced<string>;
  /** How this host shows an MCP tool of the `context-mode` server to the model, e.g. `mcp__context-mode__{tool}`. */
  toolNaming: Sourced<string>;
  /** Built-in tool names per role (as the host passes them to hooks) and their argument fields. */
  tools?: Sourced<HostTools>;
  /** Other names accepted on the hook command line and in CONTEXT_MODE_PLATFORM (lower case), e.g. `claude`. */
  aliases?: string[];
  /** How the product plugs in; derived from `dialect` when absent ('none' → mcp-only, 'opencode-plugin' → ts-plugin). */
  paradigm?: Paradigm;
  /** Host spelling of session-start sources → canonical source (e.g. Copilot's `new` → `startup`). */
  sessionStartSources?: Record<string, CanonicalSessionSource>;
  /**
   * Capabilities that need a minimum host version (semver), e.g. Codex modifyArgs ≥ 0.141.0. `preToolContext`
   * gates additionalContext on pre-tool answers separately from context at other events.
   */
  versionGates?: Sourced<Partial<Record<GatedCapability, string>>>;
  /** Which tools' output a post-tool hook may replace, when `modifyOutput` holds: every tool, or MCP tools only. */
  outputReplacement?: Sourced<'all-tools' | 'mcp-tools'>;
  /**
   * The host version on which the real-host suite saw a replaced output reach the model, and the test that
   * shows it (`docs`). Only then does the ledger count a replacement as saved.
   */
  outputReplacementObserved?: Sourced<{ hostVersion: string }>;
  /**
   * How a post-tool answer replaces output: the host's own field (`updated-field`, default: Claude's
   * `updatedToolOutput` / `updatedMCPToolOutput`) or a block whose reason becomes the whole tool result
   * (`block-reason`: Codex 0.171 ignores both update fields and applies `decision: "block"` that way).
   */
  outputReplacementShape?: Sourced<'updated-field' | 'block-reason'>;
  /**
   * The host's own cut of some tools' output before the model sees it, in bytes (Gemini CLI 0.61: shell output
   * above 40,000 characters becomes its first 8,000 and last 32,000). The ledger books no more than this as the
   * raw size of a replaced output of those tools: without us the model would have received no more. Tools by
   * their canonical names, as hooks see them (`Bash` for the shell tool, `Read`). `above`: the size past which
   * the host cuts (default `bytes`), for a host that turns a long output into a short preview (Claude Code
   * 2.1.332: Bash output above 30,000 characters becomes a ~2 KB preview); `hostVersion`: where it was observed.
   */
  outputCut?: Sourced<{ tools: string[]; bytes: number; above?: number; hostVersion?: string }>;
  /**
   * Whether a resumed session still holds the context our hooks injected earlier (default true: Claude Code keeps
   * it in the transcript, so re-injecting stacks duplicates). Gemini CLI 0.61.0 resumes without it: the routing
   * block must come again.
   */
  resumeKeepsInjectedContext?: Sourced<boolean>;
  /** Where the host keeps the whole of an output it cut, for the hooks to digest all of it. */
  savedOutput?: Sourced<SavedOutput>;
  /**
   * How a redirected shell call is answered where the dialect could also rewrite the command to an `echo` of the
   * guidance: `deny` says the guidance as the deny reason, which the model reads once and as written. VS Code
   * 1.139 runs a rewritten command in its integrated terminal, so the model read the terminal's screen instead: the
   * guidance twice (command line and output), wrapped at 80 columns, then the shell prompt.
   */
  shellRedirect?: Sourced<'deny'>;
  /** Exit code the host treats as a deliberate block (its reason on stderr), when that is its convention. */
  blockExitCode?: Sourced<number>;
  /** How setup writes this host's hooks file; absent when setup writes no hooks (MCP-only or in-process plugins). */
  hookSetup?: Sourced<HookSetup>;
  /**
   * How the host can run a hook without starting a process (docs/hosts.md#hooks-without-a-process): `mcp-tool`
   * (the hook is a call to a tool on an MCP server already connected; `events` are the host's event names where
   * it is honoured and our server answers, setup writes command hooks for the rest), `in-process` (a plugin
   * loaded into the host), or `none` (every hook is a process).
   */
  processlessHooks?: Sourced<ProcesslessHooks>;
  /**
   * Text that only the agent's own model requests carry in their system prompt, for an in-process plugin whose
   * system-prompt hook also runs for the host's helper requests (OpenCode 1.18.33 runs it for the title request,
   * whose system prompt has no environment block): context we inject goes only where this is found.
   */
  agentRequestMarker?: Sourced<string>;
  /** Why setup writes no hooks for a host that has them (shown in the plan). */
  hookSetupSkipped?: string;
  /** What the user must still do after setup (e.g. trust the hooks in Codex). */
  setupNote?: Sourced<string>;
  /**
   * Where the host records which hooks the user trusted (Codex: `[hooks.state."<key>"] trusted_hash` in the
   * user config.toml, keyed by the hook's content hash), so doctor can tell when none of ours is trusted yet.
   */
  hookTrust?: Sourced<{ file: OsPaths; table: string[]; field: string }>;
  /** Hosts that run this host's hook file too, told apart by a payload field (first match wins). */
  payloadCallers?: Sourced<PayloadCaller[]>;
}
