import type { ServerResponse } from 'node:http';
import { json, sse } from './server.js';
import { textOf, type ConversationView, type LoggedRequest, type Script, type SeenToolResult } from './types.js';

interface Message {
  role?: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: { id?: string; function?: { name?: string } }[];
}

/** The conversation in an OpenAI Chat Completions request (Qwen Code's wire API). */
function chatView(body: unknown): ConversationView {
  const b = (body ?? {}) as { messages?: Message[]; tools?: { function?: { name?: string } }[] };
  const names = new Map<string, string>();
  const toolResults: SeenToolResult[] = [];
  const texts: string[] = [];
  let toolCalls = 0;
  let lastUserText = '';
  for (const m of b.messages ?? []) {
    if (m.role === 'assistant') {
      for (const c of m.tool_calls ?? []) {
        toolCalls++;
        if (c.id) names.set(c.id, c.function?.name ?? '');
      }
    } else if (m.role === 'tool') {
      const id = m.tool_call_id ?? '';
      toolResults.push({ callId: id, toolName: names.get(id), text: textOf(m.content) });
    } else {
      const t = textOf(m.content);
      texts.push(t);
      if (m.role === 'user') lastUserText = t;
    }
  }
  const tools = (b.tools ?? []).flatMap((t) => (t.function?.name ? [t.function.name] : []));
  return { api: 'openai-chat', tools, toolCalls, toolResults, texts, lastUserText };
}

let seq = 0;

/** Answers one chat completion, streamed as `chat.completion.chunk` deltas when asked, else as one object. */
export function answerChat(body: unknown, script: Script, res: ServerResponse, logged: LoggedRequest): void {
  const view = chatView(body);
  logged.view = view;
  const reply = script(view);
  const id = `chatcmpl-fake-${++seq}`;
  const model = (body as { model?: string })?.model ?? 'fake';
  const created = Math.floor(Date.now() / 1000);
  const toolCall =
    reply.kind === 'tool'
      ? {
          id: `call_fake_${seq}`,
          type: 'function',
          function: { name: reply.name, arguments: JSON.stringify(reply.input) },
        }
      : undefined;
  const message = toolCall
    ? { role: 'assistant', content: null, tool_calls: [toolCall] }
    : { role: 'assistant', content: reply.kind === 'text' ? reply.text : '' };
  const finish = toolCall ? 'tool_calls' : 'stop';
  const usage = { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 };
  if (!(body as { stream?: boolean })?.stream) {
    json(res, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message, finish_reason: finish }],
      usage,
    });
    return;
  }
  const chunk = (delta: unknown, finishReason: string | null, extra: Record<string, unknown> = {}) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...extra,
  });
  sse(res, chunk({ role: 'assistant', content: '' }, null));
  if (toolCall) sse(res, chunk({ tool_calls: [{ index: 0, ...toolCall }] }, null));
  else sse(res, chunk({ content: message.content }, null));
  sse(res, chunk({}, finish, { usage }));
  res.write('data: [DONE]\n\n');
  res.end();
}
