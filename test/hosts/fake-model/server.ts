import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerAnthropic } from './anthropic.js';
import { answerGemini } from './gemini.js';
import { answerChat } from './openai-chat.js';
import { answerResponses } from './openai-responses.js';
import type { ConversationView, LoggedRequest, Script } from './types.js';

/**
 * A scripted stand-in for a model API on 127.0.0.1. The real host sends it exactly what would reach a real
 * model's context; every request is logged so tests assert on that, and the script decides the next reply
 * (a tool call or plain text) from what the conversation already holds.
 */
export interface FakeModel {
  url: string;
  port: number;
  requests: LoggedRequest[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export interface FakeModelOptions {
  /** Input tokens the model reports for a request (hosts compact on it); a small constant by default. */
  usage?: (view: ConversationView) => number;
}

export async function startFakeModel(script: Script, opts: FakeModelOptions = {}): Promise<FakeModel> {
  const requests: LoggedRequest[] = [];
  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(err) } }));
    });
  });
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const logged: LoggedRequest = { method: req.method ?? 'GET', path, body, at: Date.now() };
    requests.push(logged);
    if (path.endsWith('/count_tokens')) {
      json(res, { input_tokens: Math.ceil(raw.length / 4) });
      return;
    }
    if (path.includes('/v1/messages')) {
      if (misshapen(body, 'messages', logged, res)) return;
      return answerAnthropic(body, script, res, logged);
    }
    if (path.endsWith('/chat/completions')) {
      if (misshapen(body, 'messages', logged, res)) return;
      return answerChat(body, script, res, logged);
    }
    if (path.endsWith('/responses')) {
      if (misshapen(body, 'input', logged, res)) return;
      return answerResponses(body, script, res, logged, opts.usage);
    }
    if (/:(stream)?[gG]enerateContent$/.test(path)) {
      if (misshapen(body, 'contents', logged, res)) return;
      return answerGemini(path, body, script, res, logged);
    }
    if (/:countTokens$/.test(path)) {
      json(res, { totalTokens: Math.ceil(raw.length / 4) });
      return;
    }
    if (path.endsWith('/models') || /\/models\/[^/:]+$/.test(path)) {
      json(res, { data: [], models: [] });
      return;
    }
    logged.unknown = `${req.method} ${path}, a route the fake model does not know`;
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `fake model: no route for ${req.method} ${path}` } }));
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * True (and the request answered 400 and marked unknown) when the body lacks the field every request of the API
 * carries: a host that changed its protocol then fails with what differed instead of a conversation read as empty.
 */
function misshapen(body: unknown, field: string, logged: LoggedRequest, res: ServerResponse): boolean {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  if (Array.isArray(value) || (field === 'input' && typeof value === 'string')) return false;
  const keys = body && typeof body === 'object' ? Object.keys(body).join(', ') : typeof body;
  logged.unknown = `${logged.method} ${logged.path} without a \`${field}\` array (body: ${keys || 'empty'})`;
  res.writeHead(400, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `fake model: ${logged.unknown}` } }));
  return true;
}

export function json(res: ServerResponse, value: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

/** Writes one server-sent event; `event` is omitted for APIs that only send `data:` lines. */
export function sse(res: ServerResponse, data: unknown, event?: string): void {
  if (!res.headersSent) res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
}
