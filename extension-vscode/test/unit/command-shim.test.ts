import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isOurShim, planCommandShim, writeLauncher } from '../../src/runtime/command-shim.js';
import { renderCommand } from '../../../shared/src/setup/hook-command.js';

test('the hook command launcher goes to ~/.local/bin and pins the Node and engine the extension uses', () => {
  const plan = planCommandShim({
    home: '/home/u',
    platform: 'linux',
    node: '/usr/bin/node',
    cli: "/home/u/it's/cli.cjs",
  });
  assert.ok(plan.ok);
  assert.equal(plan.path, '/home/u/.local/bin/ctxmode');
  assert.match(plan.content, /^#!\/bin\/sh\n/);
  assert.match(plan.content, /exec '\/usr\/bin\/node' '\/home\/u\/it'\\''s\/cli\.cjs' "\$@"\n$/);
  assert.equal(isOurShim(plan.content), true);
});

test('a file at the launcher path that is not ours is never replaced', () => {
  assert.equal(isOurShim('#!/bin/sh\nexec /opt/other/ctxmode "$@"\n'), false);
  assert.equal(isOurShim(undefined), true);
});

test('on Windows the user is told how to install the command instead', () => {
  const plan = planCommandShim({ home: 'C:\\Users\\u', platform: 'win32', node: 'node.exe', cli: 'cli.cjs' });
  assert.equal(plan.ok, false);
  assert.match(!plan.ok ? plan.message : '', /npm install -g \.\/ctxmode-<version>\.tgz/);
});

test('the hook file reaches the launcher with ctxmode on no PATH (no login-shell edit, no restart)', () => {
  const home = mkdtempSync(join(tmpdir(), 'cm-home-'));
  try {
    const cli = join(home, 'engine.cjs');
    writeFileSync(cli, 'process.stdout.write(JSON.stringify(process.argv.slice(2)))');
    const plan = planCommandShim({ home, platform: 'linux', node: process.execPath, cli });
    assert.ok(plan.ok);
    mkdirSync(plan.dir, { recursive: true });
    writeFileSync(plan.path, plan.content, { mode: 0o755 });
    const hook = renderCommand({ kind: 'portable' }, ['hook', 'copilot', 'pretooluse'], 'posix');
    const out = execFileSync('/bin/sh', ['-c', hook], { env: { HOME: home, PATH: '/usr/bin:/bin' }, encoding: 'utf8' });
    assert.deepEqual(JSON.parse(out), ['hook', 'copilot', 'pretooluse']);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('a hook that opened the launcher before it is rewritten still reads the whole script it opened', () => {
  const home = mkdtempSync(join(tmpdir(), 'cm-home-'));
  try {
    const bundled = planCommandShim({ home, platform: 'linux', node: process.execPath, cli: '/ext/engine/cli.cjs' });
    const managed = planCommandShim({ home, platform: 'linux', node: process.execPath, cli: '/data/runtime/cli.cjs' });
    assert.ok(bundled.ok && managed.ok);
    writeLauncher(bundled.path, bundled.content);
    // `sh` opens the script, then reads it as it runs: the extension rewrites it in between (the managed install
    // finished as the first prompt's hooks started).
    const fd = openSync(bundled.path, 'r');
    try {
      writeLauncher(managed.path, managed.content);
      const buf = Buffer.alloc(4096);
      const n = readSync(fd, buf, 0, buf.length, 0);
      assert.equal(buf.subarray(0, n).toString('utf8'), bundled.content);
    } finally {
      closeSync(fd);
    }
    assert.equal(execFileSync('cat', [managed.path], { encoding: 'utf8' }), managed.content);
    assert.equal(statSync(managed.path).mode & 0o777, 0o755);
    assert.deepEqual(readdirSync(managed.dir), ['ctxmode'], 'no temp file left beside it');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('a launcher linked from a dotfiles folder is rewritten where it lives; the link stays a link', () => {
  const home = mkdtempSync(join(tmpdir(), 'cm-home-'));
  try {
    const old = planCommandShim({ home, platform: 'linux', node: process.execPath, cli: '/ext/engine/cli.cjs' });
    const now = planCommandShim({ home, platform: 'linux', node: process.execPath, cli: '/data/runtime/cli.cjs' });
    assert.ok(old.ok && now.ok);
    const dotfiles = join(home, 'dotfiles', 'bin');
    mkdirSync(dotfiles, { recursive: true });
    writeFileSync(join(dotfiles, 'ctxmode'), old.content, { mode: 0o755 });
    mkdirSync(now.dir, { recursive: true });
    symlinkSync(join(dotfiles, 'ctxmode'), now.path);
    writeLauncher(now.path, now.content);
    assert.ok(lstatSync(now.path).isSymbolicLink(), 'still a link');
    assert.equal(readFileSync(join(dotfiles, 'ctxmode'), 'utf8'), now.content);
    assert.deepEqual(readdirSync(dotfiles), ['ctxmode'], 'no temp file left beside it');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
