// Regression (issue 23.2): with 100 ctx_execute calls in flight on a busy machine, answers came back as
// "(no output)" with isError false although the code printed (69 of 100 at load ~25): the result was finished a
// fixed grace time after the process exited, not when its pipes closed. CPU burners on both cores (started here,
// killed by pid) make the machine busy, so a timing-dependent loss cannot pass on a quiet one.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { test } from 'node:test';
import { startBuiltServer } from '../helpers/mcp-client.js';

/** One busy-looping process per core (at least two), each killed by its pid when the test ends. */
function startBurners(): ChildProcess[] {
  const n = Math.max(2, availableParallelism()) * Number(process.env.BURN_PER_CORE ?? 2);
  return Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

test('100 ctx_execute calls in flight under CPU load all answer with what their code printed', async (t) => {
  const burners = startBurners();
  t.after(() => {
    for (const b of burners) if (b.pid !== undefined) process.kill(b.pid, 'SIGKILL');
  });
  const server = await startBuiltServer();
  t.after(() => server.close());
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      server.client.callTool(
        {
          name: 'ctx_execute',
          arguments:
            i % 2
              ? { language: 'shell', code: `echo marker-${i}` }
              : { language: 'javascript', code: `console.log("marker-${i}")` },
        },
        undefined,
        { timeout: 240_000 },
      ),
    ),
  );
  const lost = answers.map((a, i) => (JSON.stringify(a).includes(`marker-${i}`) ? -1 : i)).filter((i) => i >= 0);
  assert.deepEqual(lost, [], `answers without their output: ${JSON.stringify(answers[lost[0] ?? 0]).slice(0, 300)}`);
});
