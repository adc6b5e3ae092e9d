import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, test } from 'node:test';
import { CODEX_VERSION_TTL_MS, detectCodexVersion } from '../../src/format/codex-version.js';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cm-codex-'));
  dirs.push(dir);
  return dir;
}

/** A real `codex` executable on PATH that prints `text` (and counts its runs in a file). */
function fakeCodexOnPath(text: string): { env: NodeJS.ProcessEnv; runs: string } {
  const bin = tempDir();
  const runs = join(bin, 'runs');
  writeFileSync(join(bin, 'codex'), `#!/bin/sh\necho run >> "${runs}"\necho "${text}"\n`);
  chmodSync(join(bin, 'codex'), 0o755);
  return { env: { PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` }, runs };
}

const skipOnWindows = process.platform === 'win32' ? 'needs a POSIX shell script as the fake codex' : false;

test('the installed codex version is read from `codex --version` and cached for an hour', { skip: skipOnWindows }, async () => {
  const { env, runs } = fakeCodexOnPath('codex-cli 0.141.2');
  const cacheDir = tempDir();
  assert.equal(detectCodexVersion({ env, cacheDir, now: () => 1_000 }), '0.141.2');
  assert.equal(detectCodexVersion({ env, cacheDir, now: () => 1_000 + CODEX_VERSION_TTL_MS - 1 }), '0.141.2');
  const { readFileSync } = await import('node:fs');
  assert.equal(readFileSync(runs, 'utf8').trim().split('\n').length, 1, 'one spawn within the hour');
  detectCodexVersion({ env, cacheDir, now: () => 1_000 + CODEX_VERSION_TTL_MS });
  assert.equal(readFileSync(runs, 'utf8').trim().split('\n').length, 2, 'spawned again after the hour');
});

test('no codex on PATH answers undefined (gate closed), and that answer is cached too', () => {
  const cacheDir = tempDir();
  const env = { PATH: tempDir() };
  assert.equal(detectCodexVersion({ env, cacheDir, now: () => 5 }), undefined);
  assert.equal(detectCodexVersion({ env, cacheDir, now: () => 6 }), undefined);
});

test('CONTEXT_MODE_CODEX_VERSION overrides detection', () => {
  assert.equal(detectCodexVersion({ env: { CONTEXT_MODE_CODEX_VERSION: '0.150.0', PATH: '' }, cacheDir: tempDir() }), '0.150.0');
});

test('a corrupt cache file is ignored and rewritten', { skip: skipOnWindows }, () => {
  const { env } = fakeCodexOnPath('codex-cli 0.139.0');
  const cacheDir = tempDir();
  writeFileSync(join(cacheDir, 'context-mode-codex-caps.json'), '{not json');
  assert.equal(detectCodexVersion({ env, cacheDir, now: () => 1 }), '0.139.0');
});
