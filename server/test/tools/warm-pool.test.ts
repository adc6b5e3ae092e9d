// A burst of JavaScript calls keeps more than one spare booted (so back-to-back calls stay warm), bounded, and
// every call in the burst is still its own process.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { executeCode } from '../../src/sandbox/execute-code.js';
import { killWarmProcesses, prewarm, reserveWarm, warmPoolSizes } from '../../src/sandbox/warm-process.js';
import { runtimeFor } from '../../src/sandbox/runtimes.js';
import { answerSent } from '../../src/run/after-answer.js';

const cwd = mkdtempSync(join(tmpdir(), 'cm-pool-'));
const env = { ...process.env };
after(() => {
  killWarmProcesses();
  rmSync(cwd, { recursive: true, force: true });
});

// Runs first: it needs the pool as a fresh server has it (one spare, no burst yet).
test('a paced call starts no spare while it runs: its replacement follows its answer', async () => {
  prewarm('javascript', env, runtimeFor('javascript', env).command('').slice(0, -1));
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(warmPoolSizes().javascript, 1, 'one spare waits before the call');
  const r = await executeCode({ language: 'javascript', code: 'console.log(process.uptime() > 0.3)', cwd, env });
  assert.equal(r.stdout.trim(), 'true', 'the call ran in the pre-started spare');
  assert.equal(warmPoolSizes().javascript, 0, 'no replacement was spawned during the call');
  answerSent(); // what the stdio transport does once it has written the answer
  const deadline = Date.now() + 2_000;
  while ((warmPoolSizes().javascript ?? 0) < 1 && Date.now() < deadline) await new Promise((r) => setImmediate(r));
  assert.equal(warmPoolSizes().javascript, 1, 'the replacement starts once the answer is out');
  // Paced like an agent that thinks between calls: the next call is not a burst either.
  await new Promise((r) => setTimeout(r, 400));
  await executeCode({ language: 'javascript', code: 'console.log(1)', cwd, env });
  assert.equal(warmPoolSizes().javascript, 0, 'nor during the next paced call');
});

test('back-to-back JavaScript calls grow the pool of spares (at most 3) and each call still runs alone', async () => {
  prewarm('javascript', env, runtimeFor('javascript', env).command('').slice(0, -1));
  await new Promise((r) => setTimeout(r, 500));
  const pids = new Set<string>();
  let maxPool = 0;
  for (let i = 0; i < 8; i++) {
    const r = await executeCode({
      language: 'javascript',
      code: `console.log(process.pid, typeof globalThis.leak); globalThis.leak = ${i}`,
      cwd,
      env,
    });
    assert.equal(r.exitCode, 0, r.stderr);
    const [pid, leak] = r.stdout.trim().split(' ');
    assert.equal(leak, 'undefined', 'no state from an earlier call');
    pids.add(pid!);
    maxPool = Math.max(maxPool, warmPoolSizes().javascript ?? 0);
  }
  assert.equal(pids.size, 8, 'one process per call');
  assert.ok(maxPool >= 2, `the pool grew during the burst (max ${maxPool})`);
  assert.ok(maxPool <= 3, `the pool is bounded (max ${maxPool})`);
});

test('a reservation for a batch starts the spares it asks for, never more than the cap (8 launchers)', () => {
  const bash = runtimeFor('shell', env).command('')[0]!;
  reserveWarm('launcher', 3, env, [bash]);
  assert.equal(warmPoolSizes().launcher, 3);
  reserveWarm('launcher', 100, env, [bash]);
  assert.equal(warmPoolSizes().launcher, 8);
  reserveWarm('launcher', 5, { ...env, CONTEXT_MODE_WARM: '0' }, [bash]);
  assert.equal(warmPoolSizes().launcher, 8, 'CONTEXT_MODE_WARM=0 starts none');
});

test('a backgrounded shell call (a dev server) does not keep the next shell calls from starting warm', async () => {
  const bash = runtimeFor('shell', env).command('')[0]!;
  prewarm('launcher', env, [bash]);
  await new Promise((r) => setTimeout(r, 300));
  const waiting = warmPoolSizes().launcher ?? 0;
  assert.ok(waiting >= 1, 'a launcher is waiting before the call');
  const pidFile = join(cwd, 'bg.pid');
  const code = `echo $$ > '${pidFile}'; sleep 30`;
  const bg = await executeCode({ language: 'shell', code, cwd, env, background: true, timeoutMs: 500 });
  assert.ok(bg.backgrounded, 'the call was backgrounded');
  try {
    // The launcher the background call took is replaced once its answer is in, not when `sleep 30` ends.
    const deadline = Date.now() + 5_000;
    while ((warmPoolSizes().launcher ?? 0) < waiting && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(warmPoolSizes().launcher, waiting, 'the launchers are back while the background process lives');
  } finally {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // Already gone, or not a group leader.
      }
    }
  }
});
