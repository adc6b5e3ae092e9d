// Regression: a process's answer was finished 50 ms after its exit even when its pipes were still unread, so with
// many calls in flight answers came back as "(no output)" although the code printed (measured here before the
// fix: 1 and 23 of 100). The answer now waits for the pipes to close; stragglers in the group are killed first,
// so a lingering grandchild cannot hold the answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startBuiltServer } from '../helpers/mcp-client.js';
import { runProcess } from '../../src/sandbox/run-process.js';
import { statusNote } from '../../src/mcp/sandbox-answer.js';

test('100 ctx_execute calls in flight all answer with what their code printed', async (t) => {
  const server = await startBuiltServer();
  t.after(() => server.close());
  const calls = Array.from({ length: 100 }, (_, i) =>
    server.client.callTool({
      name: 'ctx_execute',
      arguments:
        i % 2
          ? { language: 'shell', code: `echo marker-${i}` }
          : { language: 'javascript', code: `console.log("marker-${i}")` },
    }),
  );
  const answers = await Promise.all(calls);
  const lost = answers.map((a, i) => (JSON.stringify(a).includes(`marker-${i}`) ? -1 : i)).filter((i) => i >= 0);
  assert.deepEqual(lost, [], `answers without their output: ${JSON.stringify(answers[lost[0] ?? 0]).slice(0, 200)}`);
});

test('a grandchild that keeps the pipes open does not hold the answer past the leader', async () => {
  const started = Date.now();
  const r = await runProcess({
    argv: ['sh', '-c', 'echo leader-done; (sleep 30; echo late) &'],
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    timeoutMs: 60_000,
    capBytes: 1 << 20,
  });
  assert.match(r.stdout, /leader-done/);
  assert.doesNotMatch(r.stdout, /late/);
  assert.ok(Date.now() - started < 20_000, 'the answer did not wait for the grandchild');
});

test('pipes held open after exit by a process outside the group: the answer says its output may be incomplete', async (t) => {
  const r = await runProcess({
    // setsid: a new session, so neither the group kill nor (without a marker) the escape sweep reaches it.
    argv: ['sh', '-c', 'echo leader-done; setsid sh -c \'echo "held $$" >&2; sleep 5; echo late\' & sleep 0.5'],
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    timeoutMs: 60_000,
    capBytes: 1 << 20,
  });
  const pid = Number(/held (\d+)/.exec(r.stderr)?.[1]);
  t.after(() => {
    try {
      if (pid) process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  });
  assert.match(r.stdout, /leader-done/);
  assert.equal(r.outputIncomplete, true, 'the result says the pipes could not be read to their end');
  assert.match(statusNote({ ...r, capBytes: 1 << 20 }, 60_000), /output may be incomplete/);
});
