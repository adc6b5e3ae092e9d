import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MCP_TOOLS } from '@context-mode/shared/platforms/mcp-tools';
import { startBuiltServer } from '../helpers/mcp-client.js';

// Issue 2 acceptance: the whole tools/list answer (what every session pays for) stays ≤ 8,000 bytes for all
// ten tools; every tool is annotated and described briefly, and schemas use only what every host accepts.
const ALL_TOOLS: readonly string[] = MCP_TOOLS;
const BUDGET = 8000;

function walk(node: unknown, visit: (key: string, value: unknown) => void): void {
  if (Array.isArray(node)) node.forEach((n) => walk(n, visit));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      visit(k, v);
      walk(v, visit);
    }
  }
}

test('the whole tools/list answer fits 8,000 bytes with annotated, briefly described tools', async (t) => {
  const s = await startBuiltServer();
  try {
    const { tools } = await s.client.listTools();
    const bytes = Buffer.byteLength(JSON.stringify({ tools }), 'utf8');
    t.diagnostic(`tools/list: ${tools.length} tools, ${bytes} bytes`);
    assert.ok(bytes <= BUDGET, `tools/list is ${bytes} bytes, over the ${BUDGET}-byte budget`);
    for (const tool of tools) {
      assert.ok(ALL_TOOLS.includes(tool.name), `unexpected tool ${tool.name}`);
      assert.ok(tool.annotations, `${tool.name} has no annotations`);
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
        assert.equal(typeof tool.annotations[hint], 'boolean', `${tool.name} lacks ${hint}`);
      }
      assert.ok(tool.description && tool.description.length > 0, `${tool.name} has no description`);
      assert.ok(tool.description.length <= 420, `${tool.name} description is ${tool.description.length} chars`);
    }
  } finally {
    await s.close();
  }
});

test('tools/list is exactly the one tool table, in its order (nothing registered outside it)', async () => {
  const s = await startBuiltServer();
  try {
    const names = (await s.client.listTools()).tools.map((x) => x.name);
    assert.deepEqual(names, [...MCP_TOOLS]);
  } finally {
    await s.close();
  }
});

test('tool schemas carry no const, additionalProperties or $schema (Gemini rejects them)', async () => {
  const s = await startBuiltServer({ clientName: 'gemini-cli-mcp-client' });
  try {
    const { tools } = await s.client.listTools();
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object');
      walk(tool.inputSchema, (key) => {
        assert.ok(!['const', 'additionalProperties', '$schema'].includes(key), `${tool.name} schema has ${key}`);
      });
    }
  } finally {
    await s.close();
  }
});

// VS Code holds back the result of every openWorldHint tool for a second click ("Approve Tool Result"), even
// under auto-approve: only the tools that really reach outside the machine carry it (docs/vscode.md).
test('only the tools that reach the network are annotated open-world', async () => {
  const s = await startBuiltServer();
  try {
    const { tools } = await s.client.listTools();
    const openWorld = tools.filter((tool) => tool.annotations?.openWorldHint === true).map((tool) => tool.name);
    assert.deepEqual(openWorld.sort(), ['ctx_fetch_and_index', 'ctx_upgrade']);
  } finally {
    await s.close();
  }
});
