import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { decodePayload, idleMsFromEnv, type StdinRead } from '../../src/wire/read-stdin.js';

const harness = fileURLToPath(new URL('./fixtures/read-stdin-harness.ts', import.meta.url));

/** Runs the harness on a real pipe; `feed` writes to its stdin (and may leave it open to simulate a stall). */
function readThroughPipe(
  feed: (stdin: NodeJS.WritableStream & { end(): void }) => void,
  idleMs = 300,
  maxBytes = 10 * 1024 * 1024,
): Promise<StdinRead> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', harness, String(idleMs), String(maxBytes)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stdin.on('error', () => undefined); // the harness may exit before a stalled writer finishes
    child.on('close', () => {
      try {
        resolve(JSON.parse(out) as StdinRead);
      } catch (err) {
        reject(new Error(`harness printed ${JSON.stringify(out)}: ${String(err)}`));
      }
    });
    feed(child.stdin);
  });
}

test('EOF with no data reads as an empty payload', async () => {
  assert.deepEqual(await readThroughPipe((s) => s.end()), { kind: 'text', text: '', bytes: 0 });
});

test('EOF with data returns the data with a leading byte-order mark removed', async () => {
  const r = await readThroughPipe((s) => {
    s.write(Buffer.from([0xef, 0xbb, 0xbf]));
    s.write('{"a":1}');
    s.end();
  });
  assert.equal(r.kind, 'text');
  assert.equal(r.kind === 'text' ? r.text : '', '{"a":1}');
});

test('an idle pipe with nothing written reads as empty after the idle timeout', async () => {
  const r = await readThroughPipe(() => undefined, 200);
  assert.deepEqual(r, { kind: 'text', text: '', bytes: 0 });
});

test('an idle pipe after a partial payload is refused with a stated reason', async () => {
  const r = await readThroughPipe((s) => s.write('{"tool_name":"Ba'), 200);
  assert.equal(r.kind, 'stalled');
  assert.match(r.kind === 'stalled' ? r.reason : '', /stdin idle for 200ms with 16 bytes buffered/);
});

test('the idle timer re-arms per chunk, so a slow but steady writer is read whole', async () => {
  const r = await readThroughPipe((s) => {
    let i = 0;
    const timer = setInterval(() => {
      s.write(`${i}`);
      if (++i === 6) {
        clearInterval(timer);
        s.end();
      }
    }, 120);
  }, 300);
  assert.deepEqual(r, { kind: 'text', text: '012345', bytes: 6 });
});

test('a payload over the size limit is refused and reading stops', async () => {
  const r = await readThroughPipe(
    (s) => {
      s.write(Buffer.alloc(5000, 0x61));
      s.end();
    },
    300,
    1000,
  );
  assert.equal(r.kind, 'too-large');
});

test('invalid UTF-8 is tolerated (replacement characters), never an exception', () => {
  assert.equal(decodePayload(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), '{\uFFFD\uFFFD}');
  assert.equal(decodePayload(Buffer.from('\uFEFF{}', 'utf8')), '{}');
});

test('CONTEXT_MODE_HOOK_STDIN_IDLE_MS overrides the idle timeout; nonsense falls back to 1,500 ms', () => {
  assert.equal(idleMsFromEnv({}), 1500);
  assert.equal(idleMsFromEnv({ CONTEXT_MODE_HOOK_STDIN_IDLE_MS: '250' }), 250);
  assert.equal(idleMsFromEnv({ CONTEXT_MODE_HOOK_STDIN_IDLE_MS: 'soon' }), 1500);
  assert.equal(idleMsFromEnv({ CONTEXT_MODE_HOOK_STDIN_IDLE_MS: '-5' }), 1500);
});
