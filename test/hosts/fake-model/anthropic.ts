import type { ServerResponse } from 'node:http';
import { json, sse } from './server.js';
import { textOf, type ConversationView, type LoggedRequest, type Script, type SeenToolResult } from './types.js';

interface Block {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
}
interface Msg {
  role: string;
  content: string | Block[];
}

/** The conversation in an Anthropic Messages request. */
function anthropicView(body: unknown): ConversationView {
  const b = (body ?? {}) as { messages?: Msg[]; tools?: { name?: string }[]; system?: unknown };
  const messages = b.messages ?? [];
  const names = new Map<string, string>();
  const toolResults: SeenToolResult[] = [];
  const texts: string[] = [];
  let toolCalls = 0;
  let lastUserText = '';
  if (b.system !== undefined) texts.push(textOf(b.system));
  for (const m of messages) {
    const blocks: Block[] = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
    for (const bl of blocks) {
      if (bl.type === 'tool_use') {
        toolCalls++;
        if (bl.id && bl.name) names.set(bl.id, bl.name);
      } else if (bl.type === 'tool_result') {
        const id = bl.tool_use_id ?? '';
        toolResults.push({
          callId: id,
          toolName: names.get(id),
          text: textOf(bl.content),
          ...(bl.is_error ? { isError: true } : {}),
        });
      } else if (bl.type === 'text' && m.role === 'user') {
        texts.push(bl.text ?? '');
      }
    }
    if (m.role === 'user') {
      const t = blocks
        .filter((x) => x.type === 'text')
        .map((x) => x.text ?? '')
        .join('\n');
      if (t) lastUserText = t;
    }
  }
  return {
    api: 'anthropic',
    tools: (b.tools ?? []).map((t) => t.name ?? ''),
    toolCalls,
    toolResults,
    texts,
    lastUserText,
  };
}

let seq = 0;

export function answerAnthropic(body: unknown, script: Script, res: ServerResponse, logged: LoggedRequest): void {
  const view = anthropicView(body);
  logged.view = view;
  const reply = script(view);
  const model = (body as { model?: string })?.model ?? 'fake';
  const id = `msg_fake_${++seq}`;
  const usage = { input_tokens: 100, output_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const content =
    reply.kind === 'tool'
      ? [{ type: 'tool_use', id: `toolu_fake_${seq}`, name: reply.name, input: reply.input }]
      : [{ type: 'text', text: reply.text }];
  const stop = reply.kind === 'tool' ? 'tool_use' : 'end_turn';
  if (!(body as { stream?: boolean })?.stream) {
    json(res, {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content,
      stop_reason: stop,
      stop_sequence: null,
      usage,
    });
    return;
  }
  sse(
    res,
    {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage,
      },
    },
    'message_start',
  );
  const block = content[0]!;
  if (block.type === 'tool_use') {
    sse(res, { type: 'content_block_start', index: 0, content_block: { ...block, input: {} } }, 'content_block_start');
    sse(
      res,
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify((block as { input: unknown }).input) },
      },
      'content_block_delta',
    );
  } else {
    sse(
      res,
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      'content_block_start',
    );
    sse(
      res,
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: (block as { text: string }).text } },
      'content_block_delta',
    );
  }
  sse(res, { type: 'content_block_stop', index: 0 }, 'content_block_stop');
  sse(
    res,
    { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 10 } },
    'message_delta',
  );
  sse(res, { type: 'message_stop' }, 'message_stop');
  res.end();
}
