import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { OpenCodeHooks } from '../../src/opencode/opencode-types.js';
import { withTimings } from '../../src/opencode/timings.js';

const PLUGIN_TIMINGS_ENV = 'CONTEXT_MODE_PLUGIN_TIMINGS_FILE';

const dir = mkdtempSync(join(tmpdir(), 'cm-plugin-timings-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function lines(file: string): Array<{ hook: string; ms: number }> {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { hook: string; ms: number });
}

const hooks: OpenCodeHooks = {
  'tool.execute.before': async (_input, output) => {
    if (output.args.command === 'curl') throw new Error('use ctx_fetch_and_index');
    output.args.seen = true;
  },
  event: async () => {},
};

test('without the variable the plugin’s hooks are returned as they are: nothing timed, nothing written', () => {
  assert.equal(withTimings(hooks, {}), hooks);
});

test('with it each hook call adds one line: hook name (bus events by type) and milliseconds', async () => {
  const file = join(dir, 'timings.jsonl');
  const timed = withTimings(hooks, { [PLUGIN_TIMINGS_ENV]: file });
  const output = { args: { command: 'ls' } as Record<string, unknown> };
  await timed['tool.execute.before']!({ tool: 'bash', sessionID: 's', callID: 'c' }, output);
  assert.equal(output.args.seen, true, 'the hook still acts on OpenCode’s objects');
  await timed.event!({ event: { type: 'session.idle' } });
  const got = lines(file);
  assert.deepEqual(
    got.map((l) => l.hook),
    ['tool.execute.before', 'event:session.idle'],
  );
  assert.ok(got.every((l) => typeof l.ms === 'number' && l.ms >= 0));
});

test('a deny still reaches OpenCode as the same error, and is timed', async () => {
  const file = join(dir, 'deny.jsonl');
  const timed = withTimings(hooks, { [PLUGIN_TIMINGS_ENV]: file });
  await assert.rejects(
    timed['tool.execute.before']!({ tool: 'bash', sessionID: 's', callID: 'c' }, { args: { command: 'curl' } }),
    /use ctx_fetch_and_index/,
  );
  assert.equal(lines(file)[0]?.hook, 'tool.execute.before');
});

test('a timing file that cannot be written never fails the hook', async () => {
  const file = join(dir, 'no-such-dir', 'timings.jsonl');
  const timed = withTimings(hooks, { [PLUGIN_TIMINGS_ENV]: file });
  await timed.event!({ event: { type: 'session.created' } });
  assert.equal(existsSync(file), false);
});
