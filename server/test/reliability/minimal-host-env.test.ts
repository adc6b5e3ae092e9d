// Regression: with the environment the MCP SDK gives a server by default (no SHLVL — GUI-started editors too),
// the pre-started bash read the user's ~/.bashrc: its output leaked into the next shell call, or a .bashrc that
// waits for input hung the call. Shell calls must behave the same whatever environment the host passes.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BIN } from '../helpers/mcp-client.js';

test("shell calls never run the user's .bashrc, warm or cold, under the MCP SDK's default environment", async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'cm-minenv-'));
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(home);
  mkdirSync(project);
  // Prints a marker, then waits for input: leaking or hanging both show.
  writeFileSync(join(home, '.bashrc'), 'echo BASHRC-RAN\nread -r _answer\n');
  const env = {
    ...getDefaultEnvironment(),
    HOME: home,
    CONTEXT_MODE_HOME: join(root, 'data'),
    CONTEXT_MODE_PROJECT_DIR: project,
  };
  delete (env as Record<string, string | undefined>).SHLVL;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    env,
    cwd: project,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'minimal-env-test', version: '1.0.0' });
  await client.connect(transport);
  t.after(async () => {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  });
  for (let i = 0; i < 4; i++) {
    const started = Date.now();
    const r = await client.callTool(
      { name: 'ctx_execute', arguments: { language: 'shell', code: `echo call-${i}`, timeout: 20_000 } },
      undefined,
      { timeout: 30_000 },
    );
    const text = JSON.stringify(r);
    assert.match(text, new RegExp(`call-${i}`));
    assert.doesNotMatch(text, /BASHRC-RAN/);
    assert.ok(Date.now() - started < 15_000, `call ${i} did not hang`);
    // Give the launcher time to be pre-started between calls, so later calls run warm.
    await new Promise((r2) => setTimeout(r2, 1_800));
  }
});
