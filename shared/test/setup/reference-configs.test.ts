import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse as parseToml } from 'smol-toml';
import { generatedConfigFiles } from '../../src/setup/generated-configs.js';
import { TEMPLATE_TOOLS } from '../../src/instructions/routing-template.js';
import { hostToolName } from '../../src/platforms/resolve-host.js';
import { allHosts } from '../../src/platforms/host-table.js';
import { isOurCommand, isStaleContextModeCommand } from '../../src/setup/hook-command.js';
import { stringsIn } from '../../src/setup/jsonc-edit.js';

const files = generatedConfigFiles();

test('each host instruction file is at most 2 KB and names every tool the way that host shows it', () => {
  for (const host of allHosts()) {
    const f = files.find((x) => x.path === `${host.id}/${host.instructionFile.value}`);
    assert.ok(f, `${host.id}: instruction file generated`);
    assert.ok(Buffer.byteLength(f.content) <= 2048, `${f.path}: ${Buffer.byteLength(f.content)} B`);
    assert.doesNotMatch(f.content, /\{ctx_/, `${f.path}: unfilled placeholder`);
    for (const tool of TEMPLATE_TOOLS)
      assert.ok(f.content.includes(hostToolName(host, tool)), `${f.path} names ${hostToolName(host, tool)}`);
  }
});

test('reference MCP and hooks files parse, hold no absolute path, and run only our own command', () => {
  const configFiles = files.filter((f) => /\.(json|toml)$/.test(f.path));
  assert.ok(configFiles.length >= 14, `every host has at least its MCP registration (${configFiles.length})`);
  for (const f of configFiles) {
    const value = f.path.endsWith('.toml') ? parseToml(f.content) : JSON.parse(f.content);
    const strings = stringsIn(value);
    assert.ok(
      !strings.some((s) => /(^|["'\s])(\/|[A-Za-z]:\\)[^\s"']/.test(s) && !s.includes('/dev/null')),
      `${f.path}: absolute path`,
    );
    assert.ok(!strings.some(isStaleContextModeCommand), `${f.path}: a bare context-mode command`);
    if (f.path.endsWith('hooks.json') || f.path === 'kimi/config.toml')
      assert.ok(strings.some(isOurCommand), `${f.path}: runs ctxmode hook`);
  }
  for (const host of allHosts().filter((h) => h.hookSetup)) {
    assert.ok(
      files.some(
        (f) => f.path.startsWith(`${host.id}/`) && /hooks\.json$|settings\.json$|\.ts$|config\.toml$/.test(f.path),
      ),
      `${host.id}: hooks file generated`,
    );
  }
});
