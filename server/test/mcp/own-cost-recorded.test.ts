// Regression: on a first start (no handshake snapshot yet) the full server answers tools/list after the flush
// that runs when it loads, so the tools/list own cost reached the ledger only when the server exited — stats
// read during the session (the dashboard, the status bar) showed net savings without the product's own cost.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { BIN, startBuiltServer } from '../helpers/mcp-client.js';

test('the tools/list own cost is in the ledger while the server still runs, first start included', async (t) => {
  const server = await startBuiltServer();
  t.after(() => server.close());
  const listed = await server.client.listTools();
  assert.ok(listed.tools.length > 0);
  await server.client.callTool({ name: 'ctx_execute', arguments: { language: 'shell', code: 'echo hi' } });
  const env = { ...process.env, CONTEXT_MODE_HOME: server.home };
  let own = 0;
  for (let i = 0; i < 50 && own === 0; i++) {
    const r = spawnSync(process.execPath, [BIN, 'stats', '--json', '--project', server.project], {
      env,
      encoding: 'utf8',
    });
    own = (JSON.parse(r.stdout) as { projectTotals: { ownCostBytes: number } }).projectTotals.ownCostBytes;
    if (own === 0) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(own > 0, 'tools/list own cost recorded during the session');
});
