import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { resolveProjectRoot } from '../../src/project/resolve-project-root.js';

function layout() {
  const base = mkdtempSync(join(tmpdir(), 'cm-root-'));
  const repo = join(base, 'repo');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(join(repo, 'pkg', 'src'), { recursive: true });
  const other = join(base, 'other');
  mkdirSync(other);
  return { base, repo, sub: join(repo, 'pkg', 'src'), other };
}

test('the project is --project, else CONTEXT_MODE_PROJECT_DIR, else a host workspace var, else the cwd', () => {
  const { base, repo, other } = layout();
  try {
    assert.equal(resolveProjectRoot({ explicit: other, env: { CONTEXT_MODE_PROJECT_DIR: repo }, cwd: repo }), other);
    assert.equal(
      resolveProjectRoot({ env: { CONTEXT_MODE_PROJECT_DIR: other, GEMINI_PROJECT_DIR: repo }, cwd: repo }),
      other,
    );
    assert.equal(resolveProjectRoot({ env: { GEMINI_PROJECT_DIR: other }, cwd: repo }), other);
    assert.equal(resolveProjectRoot({ env: { CLAUDE_PROJECT_DIR: other }, cwd: repo }), other);
    assert.equal(resolveProjectRoot({ env: {}, cwd: other }), other);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('a CLI command is where the user is: host workspace variables (an editor terminal inherits its launch directory) are skipped', () => {
  const { base, repo, other, sub } = layout();
  try {
    assert.equal(
      resolveProjectRoot({
        env: { VSCODE_CWD: other, IDEA_INITIAL_DIRECTORY: other, CLAUDE_PROJECT_DIR: other },
        cwd: sub,
        caller: 'cli',
      }),
      repo,
    );
    assert.equal(
      resolveProjectRoot({ env: { CONTEXT_MODE_PROJECT_DIR: other, VSCODE_CWD: repo }, cwd: repo, caller: 'cli' }),
      other,
    );
    assert.equal(
      resolveProjectRoot({ explicit: sub, env: { CLAUDE_PROJECT_DIR: other }, cwd: other, caller: 'cli' }),
      repo,
    );
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('every source of the project goes up to the repository root, so a subdirectory is not a project of its own', () => {
  const { base, repo, sub } = layout();
  try {
    assert.equal(resolveProjectRoot({ env: {}, cwd: sub }), repo);
    assert.equal(resolveProjectRoot({ explicit: sub, env: {}, cwd: base }), repo);
    assert.equal(resolveProjectRoot({ env: { CONTEXT_MODE_PROJECT_DIR: sub }, cwd: base }), repo);
    assert.equal(resolveProjectRoot({ env: { GEMINI_PROJECT_DIR: sub }, cwd: base }), repo);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('a relative --project is relative to the cwd given; blank env values are ignored', () => {
  const { base, repo, other } = layout();
  try {
    assert.equal(resolveProjectRoot({ explicit: 'pkg', env: {}, cwd: repo }), repo);
    assert.equal(resolveProjectRoot({ explicit: '../other', env: {}, cwd: repo }), other);
    assert.equal(
      resolveProjectRoot({ env: { CONTEXT_MODE_PROJECT_DIR: '  ', GEMINI_PROJECT_DIR: '' }, cwd: other }),
      other,
    );
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});
