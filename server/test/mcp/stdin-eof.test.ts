import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { BIN } from '../helpers/mcp-client.js';

function runPiped(lines: string[], env: Record<string, string>): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', () => resolve(out.split('\n').filter(Boolean)));
    // Everything at once, then EOF: the way a script or a one-shot client talks to a stdio server.
    child.stdin.end(lines.map((l) => l + '\n').join(''));
  });
}

test('requests written just before stdin closes are still answered (cold start and with a handshake snapshot)', async () => {
  const home = mkdtempSync(join(tmpdir(), 'cm-eof-'));
  const project = mkdtempSync(join(tmpdir(), 'cm-eof-proj-'));
  try {
    const lines = [
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'eof-test', version: '1' } },
      }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'ctx_search', arguments: { queries: ['anything'] } },
      }),
    ];
    const env = { CONTEXT_MODE_HOME: home, CONTEXT_MODE_PROJECT_DIR: project };
    for (const run of ['cold', 'snapshot']) {
      const answers = (await runPiped(lines, env)).map((l) => JSON.parse(l) as { id?: number });
      const ids = answers.map((a) => a.id).filter((id) => id !== undefined);
      assert.deepEqual(ids, [1, 2, 3], `${run} run answers every request`);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  }
});
