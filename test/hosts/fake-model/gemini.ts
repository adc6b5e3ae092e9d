import type { ServerResponse } from 'node:http';
import type { LoggedRequest, Script } from './types.js';

/** Gemini generateContent (Gemini CLI): not scripted yet; answers with a clear error so the host's stage fails fast. */
export function answerGemini(_path: string, _body: unknown, _script: Script, res: ServerResponse, _logged: LoggedRequest): void {
  res.writeHead(501, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message: 'fake model: Gemini not scripted yet' } }));
}
