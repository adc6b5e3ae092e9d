// Regression: with a minimal environment (SHLVL unset — the MCP SDK's default child environment, GUI-launched
// IDEs), the pre-started bash launcher read ~/.bashrc because its stdin is a socket (bash's "run by rshd" rule),
// so a shell call carried the rc file's output or hung behind it, and a spare stuck in the rc file outlived the
// server. The server is started here with exactly the SDK's default environment and a HOME whose .bashrc
// prints and then blocks.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BIN } from '../helpers/mcp-client.js';

const textOf = (r: unknown) => JSON.stringify(r);

function processesWithMarker(marker: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

test('with the SDK default environment and a printing, blocking ~/.bashrc, shell calls are clean and spares die with the server', async (t) => {
  const home = mkdtempSync(join(tmpdir(), 'cm-rc-home-'));
  const dataHome = mkdtempSync(join(tmpdir(), 'cm-home-'));
  const project = mkdtempSync(join(tmpdir(), 'cm-proj-'));
  const marker = `cm-rc-block-${process.pid}-${Date.now()}`;
  // The rc file prints, then blocks in a process whose command line carries the marker (so a stuck one is found).
  writeFileSync(join(home, '.bashrc'), `echo BASHRC-RAN\necho BASHRC-ERR >&2\nsleep 60 # ${marker}\n`);
  writeFileSync(join(home, '.bash_profile'), 'echo PROFILE-RAN\n');
  const env = { ...getDefaultEnvironment(), HOME: home, CONTEXT_MODE_HOME: dataHome, CONTEXT_MODE_PROJECT_DIR: project };
  delete (env as Record<string, string | undefined>).SHLVL;
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN], env, cwd: project, stderr: 'pipe' });
  const client = new Client({ name: 'minimal-env-test', version: '1.0.0' });
  t.after(() => {
    for (const d of [home, dataHome, project]) rmSync(d, { recursive: true, force: true });
  });
  await client.connect(transport);
  // Let the launcher be pre-started, then use it several times (each call takes a fresh spare).
  await new Promise((r) => setTimeout(r, 2500));
  for (let i = 0; i < 3; i++) {
    const started = Date.now();
    const r = await client.callTool({ name: 'ctx_execute', arguments: { language: 'shell', code: `echo call-${i}; echo "[$-]"` } });
    const text = textOf(r);
    assert.match(text, new RegExp(`call-${i}`));
    assert.doesNotMatch(text, /BASHRC|PROFILE-RAN/);
    assert.doesNotMatch(text, /\[[^\]]*[im][^\]]*\]/, 'no interactive shell or job control in the sandbox');
    assert.ok(Date.now() - started < 30_000, 'the call did not wait behind the rc file');
    await new Promise((r) => setTimeout(r, 300));
  }
  const py = await client.callTool({ name: 'ctx_execute', arguments: { language: 'python', code: 'print("py-ok")' } });
  assert.match(textOf(py), /py-ok/);
  assert.doesNotMatch(textOf(py), /BASHRC/);
  await client.close();
  await new Promise((r) => setTimeout(r, 1000));
  assert.deepEqual(processesWithMarker(marker), [], 'nothing stuck in the rc file outlives the server');
});
