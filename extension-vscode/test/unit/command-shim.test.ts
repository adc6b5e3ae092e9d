import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isOurShim, planCommandShim } from '../../src/runtime/command-shim.js';

test('the hook command launcher goes to ~/.local/bin and pins the Node and engine the extension uses', () => {
  const plan = planCommandShim({
    home: '/home/u',
    platform: 'linux',
    loginPath: '/home/u/.local/bin:/usr/bin',
    node: '/usr/bin/node',
    cli: "/home/u/it's/cli.cjs",
  });
  assert.ok(plan.ok);
  assert.equal(plan.path, '/home/u/.local/bin/ctxmode');
  assert.equal(plan.dirOnLoginPath, true);
  assert.match(plan.content, /^#!\/bin\/sh\n/);
  assert.match(plan.content, /exec '\/usr\/bin\/node' '\/home\/u\/it'\\''s\/cli\.cjs' "\$@"\n$/);
  assert.equal(isOurShim(plan.content), true);
});

test('a launcher dir missing from the login PATH is reported, and a file that is not ours is never replaced', () => {
  const plan = planCommandShim({
    home: '/home/u',
    platform: 'darwin',
    loginPath: '/usr/bin:/bin',
    node: '/n',
    cli: '/c',
  });
  assert.ok(plan.ok && plan.dirOnLoginPath === false);
  assert.equal(isOurShim('#!/bin/sh\nexec /opt/other/ctxmode "$@"\n'), false);
  assert.equal(isOurShim(undefined), true);
});

test('on Windows the user is told how to install the command instead', () => {
  const plan = planCommandShim({
    home: 'C:\\Users\\u',
    platform: 'win32',
    loginPath: '',
    node: 'node.exe',
    cli: 'cli.cjs',
  });
  assert.equal(plan.ok, false);
  assert.match(!plan.ok ? plan.message : '', /npm install -g \.\/ctxmode-<version>\.tgz/);
});
