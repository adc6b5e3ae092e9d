/** One request the host sent to the fake model, as received. */
export interface LoggedRequest {
  method: string;
  path: string;
  body: unknown;
  at: number;
  /** Filled by the dialect: the conversation as the model would read it. */
  view?: ConversationView;
  /** Set when the request is in no shape the fake knows (an unknown route, or a body without the API's fields). */
  unknown?: string;
}

/** A tool result as it reached the model: the text the model reads, whatever envelope the API wraps it in. */
export interface SeenToolResult {
  callId: string;
  toolName?: string;
  text: string;
  isError?: boolean;
}

/** What a scripted model needs from one request, the same for every API. */
export type ModelApi = 'anthropic' | 'openai-responses' | 'openai-chat' | 'gemini';

export interface ConversationView {
  api: ModelApi;
  /** Names of the tools offered (MCP tools in the host's own spelling). */
  tools: string[];
  /** Tool calls the model already made in this conversation. */
  toolCalls: number;
  toolResults: SeenToolResult[];
  /** Every user/developer/system text in the request, in order (injected context lands here). */
  texts: string[];
  /** The text of the latest user turn. */
  lastUserText: string;
}

export type Reply = { kind: 'tool'; name: string; input: Record<string, unknown> } | { kind: 'text'; text: string };

/** Decides the next reply from the conversation so far. */
export type Script = (view: ConversationView) => Reply;

/** Text of a tool-result content value (string, content-part array, or anything else as JSON). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    return value
      .map((p) =>
        p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string'
          ? (p as { text: string }).text
          : JSON.stringify(p),
      )
      .join('\n');
  }
  return value === undefined ? '' : JSON.stringify(value);
}
