import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { StdinRead } from '../../src/wire/read-stdin.js';

const harness = fileURLToPath(new URL('../wire/fixtures/read-stdin-harness.ts', import.meta.url));

function read(
  args: number[],
  feed: (stdin: NodeJS.WritableStream) => void,
): Promise<{ result: StdinRead; ms: number }> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', harness, ...args.map(String)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stdin.on('error', () => undefined);
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', () => {
      clearTimeout(killer);
      child.stdin.destroy();
      try {
        resolve({ result: JSON.parse(out) as StdinRead, ms: Date.now() - start });
      } catch (err) {
        reject(new Error(`harness printed ${JSON.stringify(out)}: ${String(err)}`));
      }
    });
    feed(child.stdin);
  });
}

test('a complete JSON payload is used when the idle timer fires first (valid payloads were dropped under load)', async () => {
  const payload = JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'Bash', session_id: 'x'.repeat(200) });
  // The writer never closes: the idle timer fires with a whole JSON document buffered, as on a starved machine
  // where the timer runs before the EOF is seen.
  const { result } = await read([200, 10 * 1024 * 1024], (s) => s.write(payload));
  assert.equal(result.kind, 'text');
  assert.equal(result.kind === 'text' ? result.text : '', payload);
});

test('a 1 byte per 100 ms trickle is cut at the overall deadline instead of keeping the hook alive', async () => {
  let timer: NodeJS.Timeout | undefined;
  const { result, ms } = await read([1000, 10 * 1024 * 1024, 1500], (s) => {
    timer = setInterval(() => s.write('{'), 100);
  });
  clearInterval(timer);
  assert.equal(result.kind, 'stalled');
  assert.match(result.kind === 'stalled' ? result.reason : '', /stdin still open after 1500ms/);
  assert.ok(ms < 30_000, `returned after ${ms} ms`);
});
