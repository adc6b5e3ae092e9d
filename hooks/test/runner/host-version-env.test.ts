import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { projectId } from '@context-mode/shared/project/project-identity';

/**
 * The Codex version gate is opened only by a stated version (README: CONTEXT_MODE_CODEX_VERSION or
 * CONTEXT_MODE_HOST_VERSION); it is never detected, so unset the redirect stays a deny every Codex accepts.
 * Through the built hook process, with the recorded Codex pre-tool payload (a curl to stdout).
 */
const BIN = fileURLToPath(new URL('../../../server/bin/context-mode.cjs', import.meta.url));
const payload = readFileSync(fileURLToPath(new URL('../fixtures/codex/input/pre-tool.json', import.meta.url)), 'utf8');
const home = mkdtempSync(join(tmpdir(), 'cm-hostver-home-'));
after(() => rmSync(home, { recursive: true, force: true }));

function answer(extraEnv: Record<string, string>): {
  hookSpecificOutput?: { permissionDecision?: string; updatedInput?: unknown };
} {
  const env = { PATH: process.env.PATH ?? '', CONTEXT_MODE_HOME: home, ...extraEnv };
  const r = spawnSync(process.execPath, [BIN, 'hook', 'codex', 'pretooluse'], {
    input: payload,
    env,
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as ReturnType<typeof answer>;
}

test('Codex: a redirect is a deny unless a version ≥ 0.141.0 is stated, then it rewrites the command', () => {
  // A live server for the project (redirects name its tools only when one runs).
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
  const unset = answer({}).hookSpecificOutput;
  assert.equal(unset?.permissionDecision, 'deny');
  assert.equal(unset?.updatedInput, undefined);
  const stating: Record<string, string>[] = [
    { CONTEXT_MODE_CODEX_VERSION: '0.150.0' },
    { CONTEXT_MODE_HOST_VERSION: '0.150.0' },
  ];
  for (const stated of stating) {
    const out = answer(stated).hookSpecificOutput;
    assert.equal(out?.permissionDecision, 'allow', JSON.stringify(stated));
    assert.ok(out?.updatedInput, JSON.stringify(stated));
  }
  assert.equal(answer({ CONTEXT_MODE_CODEX_VERSION: '0.140.0' }).hookSpecificOutput?.permissionDecision, 'deny');
});
