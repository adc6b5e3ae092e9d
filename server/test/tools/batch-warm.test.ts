// ctx_batch_execute with concurrency k starts each of its first k commands in a pre-started shell (before this,
// only the first found one and the others paid for a spawn), each still in a process of its own.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startBuiltServer, type BuiltServer } from '../helpers/mcp-client.js';

let s: BuiltServer;
before(async () => {
  s = await startBuiltServer();
});
after(async () => {
  await s?.close();
});

// The launcher is a bash started with --norc that sources the script; a cold run is `bash script.sh`.
const WHICH = `case "$(tr '\\0' ' ' </proc/$$/cmdline)" in *--norc*) echo "RUN-WARM $$" ;; *) echo "RUN-COLD $$" ;; esac`;

test('a batch at concurrency 4 runs all 4 commands warm, each in its own process', async () => {
  const r = (await s.client.callTool({
    name: 'ctx_batch_execute',
    arguments: { commands: [WHICH, WHICH, WHICH, WHICH], concurrency: 4 },
  })) as { content: Array<{ text: string }> };
  const text = r.content.map((c) => c.text).join('');
  const runs = [...text.matchAll(/^RUN-(WARM|COLD) (\d+)$/gm)];
  assert.equal(runs.length, 4, text);
  assert.deepEqual(
    runs.map((m) => m[1]),
    ['WARM', 'WARM', 'WARM', 'WARM'],
    text,
  );
  assert.equal(new Set(runs.map((m) => m[2])).size, 4, 'one process per command');
});

test('a batch that asks for more at once than the pool may hold still runs every command', async () => {
  const commands = Array.from({ length: 12 }, () => WHICH);
  const r = (await s.client.callTool({
    name: 'ctx_batch_execute',
    arguments: { commands, concurrency: 12 },
  })) as { content: Array<{ text: string }> };
  const text = r.content.map((c) => c.text).join('');
  const runs = [...text.matchAll(/^RUN-(WARM|COLD) (\d+)$/gm)];
  assert.equal(runs.length, 12, text);
  assert.equal(new Set(runs.map((m) => m[2])).size, 12, 'one process per command');
});
