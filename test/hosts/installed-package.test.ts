// The npm package as a user gets it, before any host runs on it: the `ctxmode` tarball installed offline into an
// empty prefix (installed-package.ts, which every host test here runs `ctxmode` from) works without the
// repository — help, doctor and setup — and setup wires hosts to that package, not to the repository's build.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ctxmode, installedPackage, type InstalledPackage } from './installed-package.js';
import { makeSandbox, REPO_ROOT, type Sandbox } from './isolate.js';

let pkg: InstalledPackage;
let sb: Sandbox;

before(() => {
  pkg = installedPackage();
  sb = makeSandbox('pkg');
});
after(() => sb?.cleanup());

test('the tarball installs offline into an empty prefix with nothing beside ctxmode (the driver is optional)', () => {
  const modules = readdirSync(join(pkg.prefix, 'node_modules')).filter((n) => !n.startsWith('.'));
  assert.deepEqual(modules, ['ctxmode']);
});

test('--help, run outside any repository, is complete and names no command a user without the package lacks', () => {
  const help = ctxmode(sb, ['--help']);
  for (const command of ['setup', 'doctor', 'stats', 'uninstall', 'upgrade'])
    assert.match(help, new RegExp(`\\n  ${command}\\b`));
  assert.doesNotMatch(help, /npx ctxmode|npm (i|install) -g context-mode\b/);
});

test('doctor on the installed package opens a store with node:sqlite and FTS5', () => {
  const report = JSON.parse(ctxmode(sb, ['doctor', '--json'])) as {
    checks: { name: string; status: string; detail: string }[];
  };
  const sqlite = report.checks.find((c) => c.name === 'sqlite');
  assert.equal(sqlite?.status, 'OK', JSON.stringify(sqlite));
  assert.match(sqlite?.detail ?? '', /node:sqlite.*FTS5/);
});

test('setup from the installed package pins that package and its Node into the host, nothing of the repository', () => {
  ctxmode(sb, ['setup', '--host', 'claude-code', '--project', sb.project]);
  const mcp = readFileSync(join(sb.home, '.claude.json'), 'utf8');
  assert.ok(mcp.includes(join(pkg.packageDir, 'bin', 'context-mode.cjs')), mcp);
  assert.ok(mcp.includes(join(pkg.nodeBinDir, 'node')), mcp);
  assert.ok(!mcp.includes(REPO_ROOT), `the repository is not referenced: ${mcp}`);
});
