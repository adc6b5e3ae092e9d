import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { generatedConfigFiles } from '../../src/setup/generated-configs.js';
import { renderInstructionBlock, renderRoutingBlock } from '../../src/instructions/render-instructions.js';
import { ROUTING_BLOCK_BUDGET, TEMPLATE_TOOLS } from '../../src/instructions/routing-template.js';
import { hostToolName } from '../../src/platforms/resolve-host.js';
import { allHosts, getHost } from '../../src/platforms/host-table.js';

const configs = fileURLToPath(new URL('../../../configs', import.meta.url));

function listFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) listFiles(p, out);
    else out.push(relative(configs, p).replace(/\\/g, '/'));
  }
  return out;
}

test('configs/ matches what the template renders (regenerate: node --import tsx scripts/generate-configs.ts)', () => {
  const wanted = generatedConfigFiles();
  for (const f of wanted) {
    const path = join(configs, f.path);
    assert.ok(existsSync(path), `configs/${f.path} is missing`);
    assert.equal(readFileSync(path, 'utf8'), f.content, `configs/${f.path} is stale`);
  }
  assert.deepEqual(
    listFiles(configs).sort(),
    wanted.map((f) => f.path).sort(),
    'configs/ holds a file the generator does not make',
  );
});

test('every host gets a routing block within 1,536 B that names tools its way', () => {
  for (const host of allHosts()) {
    const block = renderRoutingBlock(host);
    assert.ok(Buffer.byteLength(block) <= ROUTING_BLOCK_BUDGET, `${host.id}: ${Buffer.byteLength(block)} B`);
    assert.match(block, /^<context_mode>[\s\S]*<\/context_mode>$/);
    assert.ok(block.includes(hostToolName(host, 'ctx_search')), host.id);
    assert.doesNotMatch(block, /\{ctx_/, `${host.id}: unfilled placeholder`);
  }
  assert.match(renderRoutingBlock(getHost('claude-code')), /mcp__context-mode__ctx_batch_execute/);
});

test('a tight budget drops whole lines, never the closing tag', () => {
  const block = renderRoutingBlock(getHost('claude-code'), 500);
  assert.ok(Buffer.byteLength(block) <= 500);
  assert.match(block, /<\/context_mode>$/);
});

test('instruction files name every tool in the host spelling, inside markers setup can find', () => {
  for (const host of allHosts()) {
    const block = renderInstructionBlock(host);
    assert.match(block, /^<!-- context-mode:start -->\n[\s\S]*\n<!-- context-mode:end -->\n$/);
    for (const tool of TEMPLATE_TOOLS) assert.ok(block.includes(hostToolName(host, tool)), `${host.id} lacks ${tool}`);
    assert.doesNotMatch(block, /\{ctx_/);
  }
});
