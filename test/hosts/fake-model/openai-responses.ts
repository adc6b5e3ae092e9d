import type { ServerResponse } from 'node:http';
import { json, sse } from './server.js';
import { textOf, type ConversationView, type LoggedRequest, type Script, type SeenToolResult } from './types.js';

interface Item {
  type?: string;
  role?: string;
  content?: unknown;
  name?: string;
  namespace?: string;
  call_id?: string;
  output?: unknown;
}
interface Tool {
  type?: string;
  name?: string;
  tools?: Tool[];
}

/**
 * Tool names as the model sees them. Codex 0.171 offers MCP tools as a `namespace` tool (`mcp__context_mode`)
 * whose members are the bare tool names; the view joins them as `<namespace>__<tool>`, the name Codex's hooks
 * receive, so a script can ask for either kind the same way.
 */
function toolNames(tools: Tool[]): string[] {
  const out: string[] = [];
  for (const t of tools) {
    if (t.type === 'namespace' && Array.isArray(t.tools)) {
      for (const m of t.tools) if (m.name) out.push(`${t.name}__${m.name}`);
    } else if (t.name) out.push(t.name);
    else if (t.type) out.push(t.type);
  }
  return out;
}

function partsText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return textOf(content);
  return content.map((p: { text?: unknown }) => (typeof p?.text === 'string' ? p.text : JSON.stringify(p))).join('\n');
}

/** The conversation in an OpenAI Responses request. */
function responsesView(body: unknown): ConversationView {
  const b = (body ?? {}) as { input?: Item[] | string; tools?: Tool[]; instructions?: unknown };
  const input: Item[] =
    typeof b.input === 'string' ? [{ type: 'message', role: 'user', content: b.input }] : (b.input ?? []);
  const names = new Map<string, string>();
  const toolResults: SeenToolResult[] = [];
  const texts: string[] = [];
  let toolCalls = 0;
  let lastUserText = '';
  if (typeof b.instructions === 'string') texts.push(b.instructions);
  for (const it of input) {
    const type = it.type ?? 'message';
    if (type === 'function_call' || type === 'custom_tool_call' || type === 'local_shell_call') {
      toolCalls++;
      const name = it.namespace ? `${it.namespace}__${it.name}` : (it.name ?? type);
      if (it.call_id) names.set(it.call_id, name);
    } else if (
      type === 'function_call_output' ||
      type === 'custom_tool_call_output' ||
      type === 'local_shell_call_output'
    ) {
      const id = it.call_id ?? '';
      const out = it.output;
      const text =
        out && typeof out === 'object' && !Array.isArray(out) && 'content' in out
          ? partsText((out as { content: unknown }).content)
          : partsText(out);
      toolResults.push({ callId: id, toolName: names.get(id), text });
    } else if (type === 'message' && it.role !== 'assistant') {
      const t = partsText(it.content);
      texts.push(t);
      if (it.role === 'user') lastUserText = t;
    }
  }
  return { api: 'openai-responses', tools: toolNames(b.tools ?? []), toolCalls, toolResults, texts, lastUserText };
}

let seq = 0;

/**
 * Answers with the Responses streaming events Codex reads: created, one output item, completed (with usage, which
 * Codex uses for its auto-compaction threshold). A namespaced tool reply is sent as a call to the member tool with
 * its namespace, the way the model would call it.
 */
export function answerResponses(
  body: unknown,
  script: Script,
  res: ServerResponse,
  logged: LoggedRequest,
  reportUsage?: (view: ConversationView) => number,
): void {
  const view = responsesView(body);
  logged.view = view;
  const reply = script(view);
  const id = `resp_fake_${++seq}`;
  // Codex's auto-compaction keys off the reported usage, so a test that wants a compaction reports a large one.
  const usageTokens = reportUsage ? reportUsage(view) : 100;
  let item: Record<string, unknown>;
  if (reply.kind === 'tool') {
    const cut = reply.name.lastIndexOf('__');
    const namespaced = reply.name.startsWith('mcp__') && cut > 4;
    item = {
      type: 'function_call',
      id: `fc_fake_${seq}`,
      call_id: `call_fake_${seq}`,
      name: namespaced ? reply.name.slice(cut + 2) : reply.name,
      ...(namespaced ? { namespace: reply.name.slice(0, cut) } : {}),
      arguments: JSON.stringify(reply.input),
      status: 'completed',
    };
  } else {
    item = {
      type: 'message',
      id: `msg_fake_${seq}`,
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: reply.text, annotations: [] }],
    };
  }
  const usage = {
    input_tokens: usageTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 10,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: usageTokens + 10,
  };
  const response = {
    id,
    object: 'response',
    status: 'completed',
    model: (body as { model?: string })?.model ?? 'fake',
    output: [item],
    usage,
  };
  if (!(body as { stream?: boolean })?.stream) {
    json(res, response);
    return;
  }
  sse(
    res,
    { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } },
    'response.created',
  );
  sse(res, { type: 'response.output_item.added', output_index: 0, item }, 'response.output_item.added');
  sse(res, { type: 'response.output_item.done', output_index: 0, item }, 'response.output_item.done');
  sse(res, { type: 'response.completed', response }, 'response.completed');
  res.end();
}
