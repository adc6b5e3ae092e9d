import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startBuiltServer } from '../helpers/mcp-client.js';

type Text = { content: Array<{ type: string; text?: string }>; isError?: boolean };

test('invalid arguments come back as isError text naming the field and the next step', async () => {
  const s = await startBuiltServer();
  try {
    const r = (await s.client.callTool({ name: 'ctx_fetch_and_index', arguments: { url: 'https://x.dev', concurrency: 99 } })) as Text;
    assert.equal(r.isError, true);
    const text = r.content[0]?.text ?? '';
    assert.match(text, /^Invalid arguments for ctx_fetch_and_index: concurrency: /);
    assert.match(text, /Fix those arguments and call again\.$/);
  } finally {
    await s.close();
  }
});

test('calling a tool that does not exist is protocol misuse and throws', async () => {
  const s = await startBuiltServer();
  try {
    await assert.rejects(s.client.callTool({ name: 'ctx_no_such_tool', arguments: {} }), /ctx_no_such_tool not found/);
  } finally {
    await s.close();
  }
});
