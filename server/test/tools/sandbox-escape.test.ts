// Processes that leave the call's process group (setsid, setsid nohup … & disown, Node spawn detached, Python
// fork + setsid) used to survive the timeout kill and the end of the call, and could read later calls' files.
// Each call's processes carry a marker in their environment; whatever carries it is killed when the call ends,
// and a killed call says what it had to kill. Real server, real processes; /proc only (Linux).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { startBuiltServer } from '../helpers/mcp-client.js';
import { availableLanguages } from '../../src/sandbox/runtimes.js';

const linux = process.platform === 'linux';
// A unique sleep duration identifies each escapee in the process table.
const base = 4000 + (process.pid % 1000) * 10;

function sleepers(seconds: number): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8') === `sleep\0${seconds}\0`;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function gone(seconds: number, withinMs = 10_000): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (sleepers(seconds).length === 0) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

const ESCAPES: Array<{ name: string; language: string; code: (s: number) => string }> = [
  { name: 'setsid', language: 'shell', code: (s) => `setsid sleep ${s} &\necho started` },
  {
    name: 'setsid nohup & disown',
    language: 'shell',
    code: (s) => `setsid nohup sleep ${s} >/dev/null 2>&1 &\ndisown\necho started`,
  },
  {
    name: 'Node spawn detached',
    language: 'javascript',
    code: (s) =>
      `const { spawn } = await import('node:child_process');\nspawn('sleep', ['${s}'], { detached: true, stdio: 'ignore' }).unref();\nconsole.log('started');`,
  },
  {
    name: 'Python fork + setsid',
    language: 'python',
    code: (s) =>
      `import os\nif os.fork() == 0:\n    os.setsid()\n    devnull = os.open(os.devnull, os.O_RDWR)\n    for fd in (0, 1, 2): os.dup2(devnull, fd)\n    os.execvp('sleep', ['sleep', '${s}'])\nprint('started')`,
  },
];

test(
  'no process started by a call outlives it, however it left the process group (warm and cold)',
  { skip: !linux && 'needs /proc' },
  async (t) => {
    for (const warm of ['1', '0']) {
      const server = await startBuiltServer({ env: { CONTEXT_MODE_WARM: warm } });
      t.after(() => server.close());
      for (const [i, e] of ESCAPES.entries()) {
        if (!availableLanguages().includes(e.language as never)) continue;
        const seconds = base + i + (warm === '1' ? 0 : 5);
        const r = await server.client.callTool({
          name: 'ctx_execute',
          arguments: { language: e.language, code: e.code(seconds) },
        });
        assert.match(JSON.stringify(r), /started/, `${e.name} (warm=${warm}): ${JSON.stringify(r).slice(0, 300)}`);
        assert.ok(await gone(seconds), `${e.name} (warm=${warm}) left sleep ${seconds} running`);
      }
    }
  },
);

test('a timed-out call kills what escaped its group and says so', { skip: !linux && 'needs /proc' }, async (t) => {
  const server = await startBuiltServer();
  t.after(() => server.close());
  const seconds = base + 9;
  const r = await server.client.callTool({
    name: 'ctx_execute',
    arguments: {
      language: 'shell',
      code: `setsid nohup sleep ${seconds} >/dev/null 2>&1 &\necho started\nsleep 60`,
      timeout: 1500,
    },
  });
  const text = JSON.stringify(r);
  assert.match(text, /timed out/);
  assert.match(text, /1 process\(es\) that had left its process group killed/);
  assert.ok(await gone(seconds, 3000));
});
