import type { ServerResponse } from 'node:http';
import type { LoggedRequest, Script } from './types.js';

/** OpenAI Responses (Codex CLI): not scripted yet; answers with a clear error so the host's stage fails fast. */
export function answerResponses(_body: unknown, _script: Script, res: ServerResponse, _logged: LoggedRequest): void {
  res.writeHead(501, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message: 'fake model: OpenAI Responses not scripted yet' } }));
}
