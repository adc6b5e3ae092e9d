import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hostSupports, paradigmOf, compareVersions } from '@context-mode/shared/platforms/host-capabilities';
import { hostConfigDir, hostFilePath } from '@context-mode/shared/platforms/host-paths';
import { allHosts, getHost } from '@context-mode/shared/platforms/host-table';
import type { HostId } from '@context-mode/shared/platforms/types';

const REQUIRED: HostId[] = [
  'claude-code',
  'gemini-cli',
  'vscode-copilot',
  'jetbrains-copilot',
  'copilot-cli',
  'cursor',
  'codex',
  'qwen-code',
  'kimi',
  'kiro',
  'opencode',
  'antigravity',
  'zed',
  'pi',
];

test('the table has a record for every host the product supports', () => {
  const ids = allHosts()
    .map((h) => h.id)
    .sort();
  assert.deepEqual(ids, [...REQUIRED].sort());
  for (const id of REQUIRED) assert.equal(getHost(id).id, id);
});

test('every fact in every record links to documentation', () => {
  for (const host of allHosts()) {
    assert.match(host.docs, /^https:\/\//, host.id);
    for (const [key, value] of Object.entries(host)) {
      if (value && typeof value === 'object' && 'docs' in value) {
        // A fact observed by the real-host suite points at the test that shows it instead.
        assert.match(
          String((value as { docs: unknown }).docs),
          /^(https:\/\/|test\/hosts\/[\w./-]+\.test\.ts$)/,
          `${host.id}.${key}`,
        );
      }
    }
  }
});

test('every tool naming template has exactly one {tool} placeholder', () => {
  for (const host of allHosts()) {
    assert.equal(host.toolNaming.value.split('{tool}').length, 2, host.id);
  }
});

test('hook hosts map their events onto canonical events, MCP-only hosts have none', () => {
  for (const host of allHosts()) {
    const events = Object.values(host.hookEvents.value);
    if (paradigmOf(host) === 'mcp-only') {
      assert.equal(events.length, 0, host.id);
      assert.equal(host.capabilities.value.block, false, host.id);
    } else {
      assert.ok(events.includes('pre-tool'), `${host.id} has a pre-tool event`);
      assert.ok(host.capabilities.value.block, `${host.id} can block`);
    }
    // Event names are looked up case-insensitively, so two may not differ only in case.
    const lower = Object.keys(host.hookEvents.value).map((k) => k.toLowerCase());
    assert.equal(new Set(lower).size, lower.length, host.id);
  }
});

test('no two hosts claim the same id or alias', () => {
  const seen = new Set<string>();
  for (const host of allHosts()) {
    for (const name of [host.id, ...(host.aliases ?? [])]) {
      assert.ok(!seen.has(name.toLowerCase()), name);
      seen.add(name.toLowerCase());
    }
  }
});

test('Codex rewrites tool input only from 0.141.0; unknown versions fail closed', () => {
  const codex = getHost('codex');
  assert.equal(hostSupports(codex, 'modifyArgs', '0.141.0'), true);
  assert.equal(hostSupports(codex, 'modifyArgs', 'codex-cli 0.150.2'), true);
  assert.equal(hostSupports(codex, 'modifyArgs', '0.140.9'), false);
  assert.equal(hostSupports(codex, 'modifyArgs'), false);
  assert.equal(hostSupports(codex, 'block'), true);
  assert.equal(hostSupports(codex, 'preToolContext', '0.140.0'), false);
  assert.equal(hostSupports(codex, 'injectContext'), true);
  assert.equal(hostSupports(getHost('claude-code'), 'preToolContext'), true);
  assert.equal(hostSupports(getHost('kimi'), 'modifyArgs', '9.9.9'), false);
  assert.equal(compareVersions('1.10.0', '1.9.9'), 1);
});

// One comparison for host version gates and for the VS Code extension's engine choice (managed vs bundled).
test('versions compare numerically: a v prefix and a pre-release tag do not count', () => {
  assert.equal(compareVersions('0.10.0', '0.9.9'), 1);
  assert.equal(compareVersions('v1.2.3', '1.2.3'), 0);
  assert.equal(compareVersions('1.2.3-beta.1', '1.2.4'), -1);
  assert.equal(compareVersions('0.1.0', '0.1.0'), 0);
});

test('config dirs honour the host relocation env var and expand ~', () => {
  const codex = getHost('codex');
  assert.equal(hostConfigDir(codex, { env: { CODEX_HOME: '/x/codex' }, home: '/h' }), '/x/codex');
  assert.equal(hostConfigDir(codex, { env: {}, home: '/h', platform: 'linux' }), '/h/.codex');
  const claude = getHost('claude-code');
  assert.equal(hostFilePath(claude, 'mcpConfig', 'project', { project: '/p' }), '/p/.mcp.json');
  assert.equal(hostFilePath(claude, 'mcpConfig', 'project', {}), undefined, '<project> needed but unknown');
});

test('setup finds each host MCP config for this OS, relocated by the host env var', async () => {
  const ctx = { home: '/h', platform: 'linux' as const, env: {}, project: '/p' };
  assert.equal(hostFilePath(getHost('claude-code'), 'mcpConfig', 'project', ctx), '/p/.mcp.json');
  assert.equal(hostFilePath(getHost('claude-code'), 'mcpConfig', 'user', ctx), '/h/.claude.json');
  assert.equal(hostFilePath(getHost('codex'), 'mcpConfig', 'user', ctx), '/h/.codex/config.toml');
  assert.equal(
    hostFilePath(getHost('codex'), 'mcpConfig', 'user', { ...ctx, env: { CODEX_HOME: '/x' } }),
    '/x/config.toml',
  );
  assert.equal(
    hostFilePath(getHost('vscode-copilot'), 'mcpConfig', 'user', { ...ctx, platform: 'darwin' }),
    '/h/Library/Application Support/Code/User/mcp.json',
  );
  assert.equal(hostFilePath(getHost('zed'), 'hooksFile', 'user', ctx), undefined);
  assert.equal(hostFilePath(getHost('codex'), 'mcpConfig', 'project', ctx), undefined);
  for (const host of allHosts()) {
    const mcp = host.paths.value.mcpConfig;
    assert.ok(mcp, `${host.id} has an MCP config location`);
    assert.ok(['json', 'jsonc', 'toml'].includes(mcp.format), host.id);
    assert.ok(mcp.key.length > 0, host.id);
  }
});

test('routing can name each host built-in tools by role and read their arguments', async () => {
  // The lookups routing and memory extraction use: a tool name's role in any host, every host's argument fields.
  const { builtinToolRole } = await import('@context-mode/shared/platforms/tool-names');
  const { argFieldsOfAnyHost } = await import('@context-mode/shared/platforms/any-host-fields');
  assert.equal(builtinToolRole('Bash'), 'shell');
  assert.equal(builtinToolRole('webfetch'), 'web-fetch');
  assert.equal(builtinToolRole('view'), 'read');
  assert.equal(builtinToolRole('run_shell_command'), 'shell');
  assert.equal(builtinToolRole('fs_read'), 'read');
  assert.equal(builtinToolRole('Edit'), undefined);
  assert.ok(argFieldsOfAnyHost('filePath').includes('filePath'), 'OpenCode spells it filePath');
  assert.ok(argFieldsOfAnyHost('filePath').includes('file_path'), 'Claude Code spells it file_path');
  assert.ok(argFieldsOfAnyHost('url').includes('urls'), 'VS Code Copilot passes a list of urls');
  for (const host of allHosts()) {
    if (paradigmOf(host) !== 'mcp-only')
      assert.ok(host.tools?.value.names.shell?.length, `${host.id} names its shell tool`);
  }
});
