// Regression (issue 23.1): when over-budget output was one long token (hex, a minified line, a repeated
// character), the digest's search hint copied the whole token into `ctx_search(queries: [...])`: 100 KB of hex
// gave a 205 KB answer, 5 MB of `x` a 5.2 MB one, and 16 MiB dropped the client's connection. Every answer of the
// execute tools now stays within the result budget, and the hint names short terms the search finds.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { startBuiltServer, type BuiltServer } from '../helpers/mcp-client.js';

const BUDGET = 4096;
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

function answerText(r: unknown): string {
  const content = (r as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content.map((c) => c.text ?? '').join('');
}

/** The source and query terms of the digest's `ctx_search(source: "…", queries: [...])` hint. */
function hint(text: string): { source: string; queries: string[] } | undefined {
  const m = /ctx_search\(source: "([^"]+)", queries: (\[.*?\])\)/.exec(text);
  return m ? { source: m[1]!, queries: JSON.parse(m[2]!) as string[] } : undefined;
}

async function assertHintFinds(server: BuiltServer, text: string, what: string): Promise<void> {
  const h = hint(text);
  assert.ok(h, `${what}: the digest has a search hint: ${text.slice(0, 300)}`);
  assert.ok(h.queries.length >= 1 && h.queries.length <= 6, `${what}: 1-6 terms, got ${h.queries.length}`);
  for (const q of h.queries) {
    assert.ok(q.length <= 200, `${what}: a short query, got ${q.length} chars`);
    for (const w of q.split(' ')) assert.ok(w.length <= 24, `${what}: a short term, got ${w.length} chars`);
  }
  const found = answerText(
    await server.client.callTool({ name: 'ctx_search', arguments: { source: h.source, queries: h.queries } }),
  );
  assert.doesNotMatch(found, /No results/i, `${what}: the hint's terms find the output: ${found.slice(0, 300)}`);
}

test('one-token outputs of 100 KB hex, 5 MB of x and 16 MiB stay within the budget in every execute tool', async (t) => {
  const server = await startBuiltServer({ env: { CONTEXT_MODE_RESULT_BUDGET: String(BUDGET) } });
  t.after(() => server.close());
  const hexFile = join(server.project, 'blob.hex');
  writeFileSync(hexFile, `${'0123456789abcdef'.repeat(6400)}\n`);
  const cases: Array<{ what: string; tool: string; args: Record<string, unknown>; findable: boolean }> = [
    {
      what: 'ctx_execute 100 KB hex',
      tool: 'ctx_execute',
      args: { language: 'javascript', code: `console.log(require('crypto').randomBytes(51200).toString('hex'))` },
      findable: true,
    },
    {
      what: 'ctx_execute 5 MB of x',
      tool: 'ctx_execute',
      args: { language: 'javascript', code: `process.stdout.write('x'.repeat(5e6))` },
      findable: true,
    },
    {
      what: 'ctx_execute 16 MiB of x',
      tool: 'ctx_execute',
      args: { language: 'shell', code: `head -c 16777216 /dev/zero | tr '\\0' x` },
      findable: false,
    },
    {
      what: 'ctx_execute_file 100 KB hex',
      tool: 'ctx_execute_file',
      args: { path: hexFile, language: 'shell', code: 'cat "$FILE_CONTENT_PATH"' },
      findable: true,
    },
    {
      what: 'ctx_batch_execute 5 MB of x',
      tool: 'ctx_batch_execute',
      args: { commands: [`head -c 5000000 /dev/zero | tr '\\0' x`] },
      findable: false,
    },
  ];
  for (const c of cases) {
    const r = await server.client.callTool({ name: c.tool, arguments: c.args }, undefined, { timeout: 120_000 });
    const text = answerText(r);
    assert.ok(bytes(text) <= BUDGET, `${c.what}: ${bytes(text)} bytes over the ${BUDGET}-byte budget`);
    if (c.findable) await assertHintFinds(server, text, c.what);
  }
});
