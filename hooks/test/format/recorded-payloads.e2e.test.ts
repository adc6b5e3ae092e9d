import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { projectId } from '@context-mode/shared/project/project-identity';

/**
 * Every recorded host payload through the BUILT hook process (`npm run build` first), the way each host runs
 * it: `context-mode hook <host> <event>` with the payload on stdin. Checks the host-facing contract end to end:
 * exit code, one JSON answer or nothing, and that a flood is redirected in each host's own dialect.
 */
const BIN = fileURLToPath(new URL('../../../server/bin/context-mode.cjs', import.meta.url));
const HOOK_BUNDLE = fileURLToPath(new URL('../../../server/dist/hook.cjs', import.meta.url));
const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const hosts = readdirSync(fixtures, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(fixtures, d.name, 'expected.json')))
  .map((d) => d.name);

const home = mkdtempSync(join(tmpdir(), 'cm-e2e-home-'));
after(() => rmSync(home, { recursive: true, force: true }));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function runHook(host: string, event: string, input: string, extraEnv: Record<string, string> = {}): Run {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', CONTEXT_MODE_HOME: home, ...extraEnv };
  const r = spawnSync(process.execPath, [BIN, 'hook', host, event], { input, env, encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** The command-line event name for each recorded input, from the host's expected cases. */
function eventNames(host: string): Map<string, string> {
  const { cases } = JSON.parse(readFileSync(join(fixtures, host, 'expected.json'), 'utf8')) as {
    cases: Array<{ input: string; hostEvent: string }>;
  };
  return new Map(cases.map((c) => [c.input, c.hostEvent]));
}

function assertOneJsonOrNothing(out: string, where: string): unknown {
  const text = out.trim();
  if (text === '') return undefined;
  assert.ok(!text.includes('\n'), `${where}: one line`);
  return JSON.parse(text);
}

test('the hook bundle is built', () => {
  assert.ok(existsSync(HOOK_BUNDLE), 'server/dist/hook.cjs is missing: run `npm run build` before the tests');
});

for (const host of hosts) {
  test(
    `${host}: every recorded payload is answered with exit 0 and one JSON line or nothing`,
    { skip: !existsSync(HOOK_BUNDLE) },
    () => {
      const names = eventNames(host);
      for (const file of readdirSync(join(fixtures, host, 'input'))) {
        const event = names.get(file);
        assert.ok(event, `${host}/${file} has a command-line event name in expected.json`);
        const r = runHook(host, event, readFileSync(join(fixtures, host, 'input', file), 'utf8'));
        const where = `${host} ${event} ${file}`;
        assert.equal(r.status, 0, `${where}: exit code (stderr: ${r.stderr})`);
        // Kiro reads agentSpawn / userPromptSubmit stdout as plain context text; every other answer is JSON.
        if (host === 'kiro' && (event === 'agentspawn' || event === 'userpromptsubmit')) continue;
        assertOneJsonOrNothing(r.stdout, where);
      }
    },
  );
}

test('with a live server, a curl flood is redirected in each host dialect', { skip: !existsSync(HOOK_BUNDLE) }, () => {
  // This test process stands in for the live MCP server of the fixtures' project (/home/dev/app).
  mkdirSync(join(home, 'run'), { recursive: true });
  const sentinel = join(home, 'run', `mcp-${process.pid}.json`);
  writeFileSync(
    sentinel,
    JSON.stringify({
      pid: process.pid,
      projectId: projectId('/home/dev/app'),
      projectRoot: '/home/dev/app',
      startedAt: new Date().toISOString(),
      host: null,
    }),
  );
  try {
    for (const host of hosts) {
      const event = host === 'gemini-cli' ? 'beforetool' : 'pretooluse';
      const r = runHook(host, event, readFileSync(join(fixtures, host, 'input', 'pre-tool.json'), 'utf8'));
      const where = `${host} ${event}`;
      if (host === 'kiro') {
        assert.equal(r.status, 2, `${where}: Kiro blocks with exit 2`);
        assert.match(r.stderr, /ctx_/, `${where}: the guidance is on stderr`);
        assert.equal(r.stdout.trim(), '');
        continue;
      }
      assert.equal(r.status, 0, `${where}: exit code`);
      const answer = assertOneJsonOrNothing(r.stdout, where);
      assert.ok(answer, `${where}: an answer (the flood must not pass silently)`);
      assert.match(JSON.stringify(answer), /ctx_/, `${where}: the answer names a ctx_* tool`);
    }
  } finally {
    rmSync(sentinel, { force: true });
  }
});
