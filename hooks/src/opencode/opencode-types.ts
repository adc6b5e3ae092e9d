/**
 * The slice of OpenCode's plugin API this module uses (@opencode-ai/plugin `Hooks`, opencode.ai/docs/plugins).
 * Declared here rather than depending on the package: OpenCode loads the plugin with Bun and passes plain
 * objects; only these fields are read or written.
 */
export interface OpenCodePluginInput {
  directory: string;
  worktree?: string;
  [key: string]: unknown;
}

export interface OpenCodePart {
  type: string;
  text?: string;
  [key: string]: unknown;
}

export interface OpenCodeHooks {
  /** Throwing blocks the call (its message reaches the model); mutating `output.args` rewrites it. */
  'tool.execute.before'?: (
    input: { tool: string; sessionID: string; callID: string },
    output: { args: Record<string, unknown> },
  ) => Promise<void>;
  /** `output.output` is what the model will read. */
  'tool.execute.after'?: (
    input: { tool: string; sessionID: string; callID: string; args?: Record<string, unknown> },
    output: { title: string; output: string; metadata: unknown },
  ) => Promise<void>;
  'chat.message'?: (
    input: { sessionID?: string; [key: string]: unknown },
    output: { message?: unknown; parts?: OpenCodePart[] },
  ) => Promise<void>;
  'experimental.chat.system.transform'?: (
    input: { sessionID?: string; [key: string]: unknown },
    output: { system: string[] },
  ) => Promise<void>;
  /** `output.context` strings are appended to the compaction prompt. */
  'experimental.session.compacting'?: (
    input: { sessionID: string },
    output: { context: string[]; prompt?: string },
  ) => Promise<void>;
  /** Bus events; we read `session.created` and `session.idle`. */
  event?: (input: { event: { type: string; properties?: Record<string, unknown> } }) => Promise<void>;
}

export type OpenCodePlugin = (input: OpenCodePluginInput) => Promise<OpenCodeHooks>;
