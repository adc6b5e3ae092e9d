import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allHosts } from '@context-mode/shared/platforms/host-table';
import {
  builtinToolRole,
  isExternalMcpTool,
  isMcpToolName,
  isOwnTool,
  ownToolName,
} from '@context-mode/shared/platforms/tool-names';
import { classifyTool } from '@context-mode/shared/memory/classify-tool';
import type { ToolRole } from '@context-mode/shared/platforms/types';

/** A tool of server `server` as `host` shows it to the model. */
function named(template: string, server: string, tool: string): string {
  return template.replace('context-mode', server).replace('{tool}', tool);
}

test("every host's naming of our tools is recognised as ours, in any case", () => {
  for (const host of allHosts()) {
    const name = named(host.toolNaming.value, 'context-mode', 'ctx_execute');
    assert.equal(ownToolName(name), 'ctx_execute', `${host.id}: ${name}`);
    assert.ok(
      isOwnTool(name.toUpperCase().replace('CTX_EXECUTE', 'ctx_execute')),
      `${host.id}: upper-case server part`,
    );
    assert.equal(isExternalMcpTool(name), false, `${host.id}: ${name}`);
    assert.equal(classifyTool(name), 'own', `${host.id}: ${name}`);
  }
  // Claude Code's plugin form.
  assert.equal(ownToolName('mcp__plugin_context-mode_context-mode__ctx_search'), 'ctx_search');
});

test("another server's tool is MCP in every host naming that marks MCP tools, whatever its case", () => {
  let marked = 0;
  for (const host of allHosts()) {
    const template = host.toolNaming.value;
    const name = named(template, 'github', 'list_issues');
    if (template.startsWith('context-mode') || template === '{tool}') {
      // `github_list_issues` / `list_issues` look like built-ins: nothing in the name says MCP.
      assert.equal(isMcpToolName(name), false, `${host.id}: ${name}`);
      continue;
    }
    marked++;
    for (const spelling of [name, name.toUpperCase()]) {
      assert.ok(isMcpToolName(spelling), `${host.id}: ${spelling}`);
      assert.ok(isExternalMcpTool(spelling), `${host.id}: ${spelling}`);
      assert.equal(classifyTool(spelling), 'mcp', `${host.id}: ${spelling}`);
    }
  }
  assert.ok(marked >= 4, 'the table has MCP-marking namings (mcp__, mcp_, mcp:, @)');
  // Gemini and VS Code put one underscore after `mcp`: routing used to miss these.
  assert.ok(isExternalMcpTool('mcp_github_list_issues'));
  assert.ok(isExternalMcpTool('MCP__GitHub__list'));
});

test('built-ins and our bare tool names are not MCP tools of another server', () => {
  for (const name of ['Bash', 'run_shell_command', 'read_file', 'ctx_search', 'github_list', '', undefined]) {
    assert.equal(isExternalMcpTool(name), false, String(name));
  }
  for (const name of ['Bash', 'run_shell_command', 'ctx_search', undefined])
    assert.equal(isMcpToolName(name), false, String(name));
  assert.equal(isOwnTool('mcp__github__ctx_search'), false, "another server's ctx_ tool is not ours");
});

test("every built-in the table lists has its role under that host's spelling, and no name has two roles", () => {
  const seen = new Map<string, { role: ToolRole; host: string }>();
  for (const host of allHosts()) {
    for (const [role, names] of Object.entries(host.tools?.value.names ?? {}) as Array<[ToolRole, string[]]>) {
      for (const name of names) {
        assert.equal(builtinToolRole(name), role, `${host.id}: ${name}`);
        const before = seen.get(name.toLowerCase());
        assert.ok(
          !before || before.role === role,
          `${name}: ${role} on ${host.id}, ${before?.role} on ${before?.host}`,
        );
        seen.set(name.toLowerCase(), { role, host: host.id });
      }
    }
  }
  assert.equal(builtinToolRole('Edit'), undefined);
  assert.equal(classifyTool('run_shell_command'), 'shell');
  assert.equal(classifyTool('grep_search'), 'search');
  assert.equal(classifyTool('fetch_webpage'), 'web');
  assert.equal(classifyTool('runSubagent'), 'subagent');
});

test('a hostile tool name of megabytes is answered at once, as no tool', () => {
  const name = `mcp_${'context-mode_'.repeat(100_000)} `;
  assert.equal(isMcpToolName(name), false);
  assert.equal(isOwnTool(name), false);
  assert.equal(classifyTool(name), 'other');
});
