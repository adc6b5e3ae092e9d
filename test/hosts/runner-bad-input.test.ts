// The real-host runner against hosts that misbehave, played by a stand-in executable (no real host needed): a
// host that is missing, fails to start, hangs, speaks a protocol the fake model does not know or never calls the
// model, and an install that fails. Each fails with host, version and what differed, within its bound, and
// leaves no process and no temp dir behind.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { assertModelTraffic, modelTrafficProblem } from './expect-model.js';
import { startFakeModel, type FakeModel } from './fake-model/server.js';
import { ensureHost, type PinnedHost } from './install-host.js';
import { makeSandbox, REPO_ROOT, type Sandbox } from './isolate.js';
import { assertRan, isAlive, runHost, type HostRun } from './run-host.js';
import { stepScript } from './scenario.js';

const FAKE_HOST = fileURLToPath(new URL('./fixtures/fake-host.mjs', import.meta.url));
const HOLD_HOST = fileURLToPath(new URL('./fixtures/hold-host.ts', import.meta.url));
const FAKE_NPM = fileURLToPath(new URL('./fixtures/fake-npm.mjs', import.meta.url));
const HOST: PinnedHost = { id: 'fake-host', pkg: 'fake-host', version: '9.9.9', bin: 'fake-host' };
const LABEL = 'fake-host 9.9.9';

/** The message `fn` throws (it must throw). */
function failureOf(fn: () => void): string {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  return assert.fail('expected a failure, got none');
}

/** Waits (bounded) for killed processes to be gone: SIGKILL is delivered at once, the exit takes a moment. */
async function gone(pids: number[]): Promise<void> {
  const deadline = Date.now() + 3000;
  while (pids.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

async function withWorld(fn: (sb: Sandbox, model: FakeModel) => Promise<void>): Promise<void> {
  const sb = makeSandbox('bad-input');
  const model = await startFakeModel(
    stepScript([{ scenario: 'large-read', name: 'Read', input: { file_path: 'build.log' } }], { isMain: () => true }),
  );
  try {
    await fn(sb, model);
  } finally {
    await model.close();
    sb.cleanup();
  }
  assert.equal(existsSync(sb.root), false, `sandbox ${sb.root} left behind`);
}

function play(sb: Sandbox, model: FakeModel, mode: string, bin = FAKE_HOST, timeoutMs = 20_000): Promise<HostRun> {
  const env = { ...sb.env, FAKE_HOST_MODE: mode, ANTHROPIC_BASE_URL: model.url };
  return runHost(bin, ['-p', 'Run it.'], { cwd: sb.project, env, timeoutMs, host: HOST, graceMs: 500 });
}

test('a missing host executable fails at once, naming host, version and the path it looked for', async () => {
  await withWorld(async (sb, model) => {
    const missing = join(sb.root, 'node_modules', '.bin', 'fake-host');
    const run = await play(sb, model, 'none', missing);
    const message = failureOf(() => assertRan(run));
    assert.match(message, new RegExp(`^${LABEL}: could not start`));
    assert.ok(message.includes(missing), message);
    assert.match(message, /ENOENT/);
  });
});

test('a host that exits non-zero at start fails with its exit code and what it printed', async () => {
  await withWorld(async (sb, model) => {
    const run = await play(sb, model, 'exit-at-start');
    assert.match(
      failureOf(() => assertRan(run)),
      new RegExp(`^${LABEL}: exited 3 .*settings schema 3 is not supported`, 's'),
    );
    // It never reached the model, and the traffic check says so rather than reading an empty conversation.
    assert.match(
      modelTrafficProblem(LABEL, model, { api: 'anthropic' }, run) ?? '',
      new RegExp(
        `^${LABEL}: expected Anthropic Messages requests at http://127\\.0\\.0\\.1:\\d+, got none \\(host exited 3\\)`,
      ),
    );
  });
});

test('a host that hangs is killed by pid within its bound, its children too, even one in a session of its own', async () => {
  await withWorld(async (sb, model) => {
    const pidsFile = join(sb.root, 'pids.json');
    const env = { ...sb.env, FAKE_HOST_MODE: 'hang', FAKE_HOST_PIDS: pidsFile, ANTHROPIC_BASE_URL: model.url };
    const started = Date.now();
    // Long enough for the stand-in to start its children on a loaded machine; the bound is what is checked.
    const run = await runHost(FAKE_HOST, [], { cwd: sb.project, env, timeoutMs: 4000, host: HOST, graceMs: 500 });
    assert.ok(Date.now() - started < 4000 + 500 + 2000 + 1000, `the run took ${Date.now() - started} ms`);
    assert.equal(run.timedOut, true);
    assert.match(
      failureOf(() => assertRan(run)),
      new RegExp(`^${LABEL}: no end within \\d+ s, killed \\(pids `),
    );
    const pids = JSON.parse(readFileSync(pidsFile, 'utf8')) as number[];
    assert.equal(pids.length, 3);
    await gone(pids);
    assert.deepEqual(
      pids.filter(isAlive),
      [],
      `left alive after the run: ${pids.filter(isAlive).join(', ')} (killed ${run.killed.join(', ')})`,
    );
  });
});

test('a test process stopped while a host runs takes the host, its group and its strays down with it', async () => {
  await withWorld(async (sb) => {
    const pidsFile = join(sb.root, 'pids.json');
    // From the repository, where tsx resolves.
    const holder = spawn(process.execPath, ['--import', 'tsx', HOLD_HOST], {
      cwd: REPO_ROOT,
      env: { ...sb.env, FAKE_HOST_PIDS: pidsFile },
      stdio: 'ignore',
    });
    try {
      const ready = Date.now() + 15_000;
      while (!existsSync(pidsFile) && Date.now() < ready) await new Promise((r) => setTimeout(r, 50));
      assert.ok(existsSync(pidsFile), 'the stand-in host started');
      const exited = new Promise((r) => holder.once('exit', r));
      holder.kill('SIGTERM');
      await exited;
      const pids = JSON.parse(readFileSync(pidsFile, 'utf8')) as number[];
      await gone(pids);
      assert.deepEqual(pids.filter(isAlive), [], `left alive after the test process stopped`);
    } finally {
      holder.kill('SIGKILL');
    }
  });
});

test('a host that sends a request in a shape the fake model does not know fails naming what differed', async () => {
  await withWorld(async (sb, model) => {
    const run = await play(sb, model, 'old-protocol');
    assertRan(run);
    assert.equal(
      failureOf(() => assertModelTraffic(LABEL, model, { api: 'anthropic', toolResultsFor: ['Read'] }, run)),
      `${LABEL}: expected Anthropic Messages requests, got POST /v1/messages without a \`messages\` array ` +
        '(body: model, prompt, max_tokens_to_sample) (host exited 0)',
    );
  });
});

test('a host that never sends the tool result back fails naming the result it should have carried', async () => {
  await withWorld(async (sb, model) => {
    const run = await play(sb, model, 'no-tool-result');
    assertRan(run);
    assert.match(
      failureOf(() => assertModelTraffic(LABEL, model, { api: 'anthropic', toolResultsFor: ['Read'] }, run)),
      new RegExp(
        `^${LABEL}: expected an Anthropic Messages request with tool_result for Read, ` +
          'got an Anthropic Messages request with no tool results \\(host exited 0\\)$',
      ),
    );
  });
});

test('a host that exits 0 without calling the model fails saying it never called', async () => {
  await withWorld(async (sb, model) => {
    const run = await play(sb, model, 'quiet');
    assertRan(run);
    assert.match(
      failureOf(() => assertModelTraffic(LABEL, model, { api: 'anthropic', toolResultsFor: ['Read'] }, run)),
      new RegExp(`^${LABEL}: expected Anthropic Messages requests at ${model.url}, got none \\(host exited 0\\)$`),
    );
  });
});

async function install(mode: string, timeoutMs = 20_000): Promise<{ error: Error; cache: string }> {
  const cache = mkdtempSync(join(tmpdir(), 'cm-hosts-install-'));
  try {
    await ensureHost(HOST, {
      env: { ...process.env, CONTEXT_MODE_CI_CACHE: cache, FAKE_NPM_MODE: mode },
      npm: FAKE_NPM,
      installTimeoutMs: timeoutMs,
      versionTimeoutMs: timeoutMs,
    });
  } catch (err) {
    return { error: err as Error, cache };
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
  assert.fail(`install in mode ${mode} succeeded`);
}

test('an install that fails fails the stage naming host, version and npm’s error (no silent skip)', async () => {
  const { error } = await install('fail');
  assert.match(error.message, new RegExp(`^${LABEL}: installing fake-host@9\\.9\\.9 into .* failed: npm exited 1 `));
  assert.match(error.message, /npm error 404 Not Found/);
});

test('an install that hangs is killed within its bound and fails naming host and version', async () => {
  const started = Date.now();
  const { error } = await install('hang', 1500);
  assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
  assert.match(
    error.message,
    new RegExp(`^${LABEL}: installing fake-host@9\\.9\\.9 into .* failed: npm no end within`),
  );
});

test('an installed host reporting another version fails naming the pinned version and what it printed', async () => {
  const { error } = await install('wrong-version');
  assert.equal(error.message, `${LABEL}: expected version 9.9.9, \`fake-host --version\` printed "10.0.0 (Fake Host)"`);
});
