import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startBuiltServer } from '../helpers/mcp-client.js';

type Text = { content: Array<{ type: string; text?: string }>; isError?: boolean };

test('ctx_doctor answers plain [OK]/[WARN]/[FAIL] lines and names the host from clientInfo', async () => {
  const s = await startBuiltServer({ clientName: 'claude-code' });
  try {
    const r = (await s.client.callTool({ name: 'ctx_doctor', arguments: {} })) as Text;
    const text = r.content[0]?.text ?? '';
    assert.ok(!r.isError);
    for (const line of text.split('\n').filter((l) => !l.startsWith('  '))) assert.match(line, /^\[(OK|WARN|FAIL)\] /);
    assert.match(text, /^\[OK\] host: Claude Code/m);
    assert.match(text, /^\[OK\] sqlite: .*FTS5/m);
    assert.doesNotMatch(text, /^#/m);
  } finally {
    await s.close();
  }
});

test('ctx_upgrade tells how to upgrade with npm and runs nothing', async () => {
  const s = await startBuiltServer();
  try {
    const r = (await s.client.callTool({ name: 'ctx_upgrade', arguments: {} })) as Text;
    assert.match(r.content[0]?.text ?? '', /ctxmode upgrade --from /);
  } finally {
    await s.close();
  }
});
