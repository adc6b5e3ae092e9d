import type { ServerResponse } from 'node:http';
import { json, sse } from './server.js';
import { textOf, type ConversationView, type LoggedRequest, type Script, type SeenToolResult } from './types.js';

interface Part {
  text?: string;
  thought?: boolean;
  functionCall?: { id?: string; name?: string; args?: unknown };
  functionResponse?: { id?: string; name?: string; response?: unknown };
}
interface Content {
  role?: string;
  parts?: Part[];
}
interface Schema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface GenerateBody {
  contents?: Content[];
  systemInstruction?: Content | string;
  tools?: { functionDeclarations?: { name?: string }[] }[];
  generationConfig?: { responseMimeType?: string; responseSchema?: Schema; responseJsonSchema?: Schema };
  /** Gemini CLI's own client wraps the request (`{model, request}`) on some paths; unwrap it. */
  request?: GenerateBody;
}

function partsText(parts: Part[] | undefined): string {
  return (parts ?? [])
    .filter((p) => typeof p.text === 'string' && !p.thought)
    .map((p) => p.text ?? '')
    .join('\n');
}

/**
 * The text of a `functionResponse.response`: Gemini CLI 0.61 sends `{output: llmContent}` for results
 * (including `Tool result blocked: …` from an AfterTool deny) and `{error: message}` for failed calls.
 */
function responseText(response: unknown): { text: string; isError: boolean } {
  if (response && typeof response === 'object') {
    const r = response as { output?: unknown; error?: unknown };
    if (r.output !== undefined) return { text: textOf(r.output), isError: false };
    if (r.error !== undefined) return { text: textOf(r.error), isError: true };
  }
  return { text: textOf(response), isError: false };
}

/** The conversation in a Gemini `generateContent` request. */
function geminiView(body: unknown): ConversationView {
  let b = (body ?? {}) as GenerateBody;
  if (b.request && !b.contents) b = b.request;
  const texts: string[] = [];
  const toolResults: SeenToolResult[] = [];
  let toolCalls = 0;
  let lastUserText = '';
  const sys = b.systemInstruction;
  if (typeof sys === 'string') texts.push(sys);
  else if (sys) texts.push(partsText(sys.parts));
  for (const c of b.contents ?? []) {
    for (const p of c.parts ?? []) {
      if (p.functionCall) toolCalls++;
      if (p.functionResponse) {
        const { text, isError } = responseText(p.functionResponse.response);
        toolResults.push({
          callId: p.functionResponse.id ?? '',
          toolName: p.functionResponse.name,
          text,
          ...(isError ? { isError: true } : {}),
        });
      }
    }
    if (c.role !== 'model') {
      const t = partsText(c.parts);
      if (t) {
        texts.push(t);
        lastUserText = t;
      }
    }
  }
  const tools = (b.tools ?? []).flatMap((t) => (t.functionDeclarations ?? []).map((d) => d.name ?? ''));
  return { api: 'gemini', tools, toolCalls, toolResults, texts, lastUserText };
}

/**
 * A value that satisfies the host's JSON schema, for its side requests in JSON mode (the next-speaker check
 * wants `next_speaker`, the model router `model_choice`): the scripted conversation ends with the user.
 */
function fromSchema(s: Schema | undefined, key = ''): unknown {
  if (!s) return {};
  if (key === 'next_speaker') return 'user';
  if (s.enum?.length) return s.enum[0];
  switch ((s.type ?? '').toLowerCase()) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, fromSchema(v, k)]));
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'number':
    case 'integer':
      return 0;
    default:
      return key === 'reasoning' ? 'scripted' : '';
  }
}

let seq = 0;

/**
 * Gemini `generateContent` / `streamGenerateContent` (Gemini CLI): `?alt=sse` streams `data:` lines, each a
 * whole `GenerateContentResponse`. Tool replies are `functionCall` parts; text replies end the turn.
 */
export function answerGemini(
  path: string,
  body: unknown,
  script: Script,
  res: ServerResponse,
  logged: LoggedRequest,
): void {
  const view = geminiView(body);
  logged.view = view;
  const b = ((body as GenerateBody)?.request ?? body ?? {}) as GenerateBody;
  const cfg = b.generationConfig;
  let parts: Part[];
  if (cfg?.responseMimeType === 'application/json' && view.tools.length === 0) {
    parts = [{ text: JSON.stringify(fromSchema(cfg.responseJsonSchema ?? cfg.responseSchema)) }];
  } else {
    const reply = script(view);
    parts =
      reply.kind === 'tool'
        ? [{ functionCall: { id: `call_fake_${++seq}`, name: reply.name, args: reply.input } }]
        : [{ text: reply.text }];
  }
  const chunk = {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 10, totalTokenCount: 110 },
    modelVersion: 'gemini-fake',
    responseId: `resp_fake_${seq}`,
  };
  if (!/:streamGenerateContent$/.test(path)) {
    json(res, chunk);
    return;
  }
  sse(res, chunk);
  res.end();
}
