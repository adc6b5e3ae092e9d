import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startBuiltServer } from '../helpers/mcp-client.js';

test('the built bin serves MCP on stdio and answers tools/list', async () => {
  const s = await startBuiltServer();
  try {
    const { tools } = await s.client.listTools();
    assert.ok(Array.isArray(tools));
    assert.equal(s.client.getServerVersion()?.name, 'context-mode');
  } finally {
    await s.close();
  }
});
