import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startBuiltServer } from '../helpers/mcp-client.js';

type Text = { content: Array<{ type: string; text?: string }>; isError?: boolean };

test('invalid arguments come back as isError text naming the field and the next step', async () => {
  const s = await startBuiltServer();
  try {
    const r = (await s.client.callTool({
      name: 'ctx_fetch_and_index',
      arguments: { url: 'https://x.dev', concurrency: 99 },
    })) as Text;
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

test('a handler that throws comes back as isError text naming the tool and the next step', async () => {
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
  const { serveToolCalls } = await import('../../src/mcp/tool-calls.js');
  const server = new McpServer({ name: 't', version: '0' });
  const tool = server.registerTool('ctx_demo', { description: 'throws' }, () => {
    throw new Error('disk full');
  });
  serveToolCalls(server, new Map([['ctx_demo', tool]]));
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'c', version: '0' });
  await Promise.all([server.connect(a), client.connect(b)]);
  try {
    const r = (await client.callTool({ name: 'ctx_demo', arguments: {} })) as Text;
    assert.equal(r.isError, true);
    assert.match(
      r.content[0]?.text ?? '',
      /^ctx_demo failed: disk full\nRetry the call; if it keeps failing, run ctx_doctor\.$/,
    );
  } finally {
    await client.close();
    await server.close();
  }
});
