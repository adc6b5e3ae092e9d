// The fake model against requests in shapes it does not know, for every API it speaks: a host that changed its
// protocol gets a 400 naming what was missing, and the traffic check reports that instead of an empty conversation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { modelTrafficProblem } from './expect-model.js';
import { startFakeModel } from './fake-model/server.js';
import type { ModelApi } from './fake-model/types.js';

const CASES: { api: ModelApi; name: string; path: string; field: string; good: unknown }[] = [
  {
    api: 'anthropic',
    name: 'Anthropic Messages',
    path: '/v1/messages',
    field: 'messages',
    good: { messages: [{ role: 'user', content: 'hi' }] },
  },
  {
    api: 'openai-chat',
    name: 'OpenAI Chat Completions',
    path: '/v1/chat/completions',
    field: 'messages',
    good: { messages: [{ role: 'user', content: 'hi' }] },
  },
  { api: 'openai-responses', name: 'OpenAI Responses', path: '/v1/responses', field: 'input', good: { input: 'hi' } },
  {
    api: 'gemini',
    name: 'Gemini generateContent',
    path: '/v1beta/models/gemini-2.5-pro:generateContent',
    field: 'contents',
    good: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
  },
];

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

for (const c of CASES) {
  test(`${c.api}: a request without \`${c.field}\` is refused and named; one with it is answered`, async () => {
    const model = await startFakeModel(() => ({ kind: 'text', text: 'ok' }));
    try {
      const bad = await post(`${model.url}${c.path}`, { model: 'm', prompt: 'hi' });
      assert.equal(bad.status, 400);
      assert.match(await bad.text(), new RegExp(`without a \`${c.field}\` array \\(body: model, prompt\\)`));
      assert.equal(
        modelTrafficProblem('some-host 1.0.0', model, { api: c.api }),
        `some-host 1.0.0: expected ${c.name} requests, got POST ${c.path} without a \`${c.field}\` array ` +
          '(body: model, prompt)',
      );
      const good = await post(`${model.url}${c.path}`, c.good);
      assert.equal(good.status, 200, await good.text());
      assert.equal(modelTrafficProblem('some-host 1.0.0', model, { api: c.api }), undefined);
    } finally {
      await model.close();
    }
  });
}
