import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEngineOutput, runEngine } from '../../src/engine/engine-cli.js';

const cli = fileURLToPath(new URL('../../../server/bin/context-mode.cjs', import.meta.url));

test('a --json read of the real engine CLI comes back parsed', async (t) => {
  const home = mkdtempSync(join(tmpdir(), 'cm-ext-'));
  t.after(() => rmSync(home, { recursive: true, force: true }));
  const result = await runEngine<Record<string, unknown>>(
    { node: process.execPath, cli, env: { CONTEXT_MODE_HOME: home }, cwd: home },
    ['stats', '--json'],
  );
  assert.ok(result.ok, JSON.stringify(result));
  assert.equal(typeof result.value, 'object');
});

test('an engine that hangs is stopped at the timeout with a message naming the command', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-ext-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const hang = join(dir, 'hang.cjs');
  writeFileSync(hang, 'setTimeout(() => {}, 60000);');
  const result = await runEngine({ node: process.execPath, cli: hang, env: {} }, ['state', '--json'], {
    timeoutMs: 500,
  });
  assert.equal(result.ok, false);
  assert.match(!result.ok ? result.error.message : '', /did not answer `state`/);
});

test('a Node that cannot be started is a clear error, not a crash', async () => {
  const result = await runEngine({ node: '/nonexistent/node', cli: 'x', env: {} }, ['stats']);
  assert.equal(result.ok, false);
  assert.equal(!result.ok && result.error.code, 'spawn');
});

test("the engine's JSON error shape is passed through with its hint", () => {
  const r = parseEngineOutput(
    '{"schema":"context-mode/error@1","code":"usage","message":"bad","hint":"try --help"}',
    '',
    2,
  );
  assert.deepEqual(r, {
    ok: false,
    error: { schema: 'context-mode/error@1', code: 'usage', message: 'bad', hint: 'try --help' },
  });
  const plain = parseEngineOutput('', 'Error: boom\n', 1);
  assert.equal(plain.ok, false);
  assert.match(!plain.ok ? plain.error.message : '', /boom/);
  assert.equal(parseEngineOutput('not json', '', 0).ok, false);
});
