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

/** A fact and where it is documented. */
export interface Sourced<T> {
  value: T;
  docs: string;
}

export type OsPaths = Partial<Record<'linux' | 'darwin' | 'win32', string>>;

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
  }>;
  /** Config locations; `~` = home, `<project>` = project root. */
  paths: Sourced<{
    configDir: OsPaths;
    hooksFile?: { project?: string; user?: OsPaths };
    mcpConfig?: { project?: string; user?: OsPaths; format: 'json' | 'jsonc' | 'toml'; key: string };
  }>;
  instructionFile: Sourced<string>;
  /** How this host shows an MCP tool of the `context-mode` server to the model, e.g. `mcp__context-mode__{tool}`. */
  toolNaming: Sourced<string>;
}
