import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runRollback, runUpgrade } from '../../src/setup/upgrade.js';
import { packFake, standInBin } from './fake-package.js';
import { claudeSetUpWorld, removeTempWorlds, tempWorld } from './temp-world.js';

after(removeTempWorlds);

const BIN = fileURLToPath(new URL('../../bin/context-mode.cjs', import.meta.url));

/** A world with Claude Code set up and ctxmode 1.0.0 installed as the managed runtime (hooks pin it). */
function upgradedWorld() {
  const w = claudeSetUpWorld('cm-upgrade-tx-');
  const first = runUpgrade({
    env: w.env,
    home: w.home,
    project: w.project,
    from: packFake(w.root, { version: '1.0.0' }),
  });
  assert.equal(first.error, undefined);
  assert.equal(first.previous, undefined, 'the first install replaced nothing, so nothing is kept');
  const runtime = join(w.env.CONTEXT_MODE_HOME!, 'runtime');
  const runtimeBin = join(runtime, 'node_modules/ctxmode/bin/context-mode.cjs');
  const settings = join(w.home, '.claude/settings.json');
  const runs = () => spawnSync(process.execPath, [runtimeBin], { encoding: 'utf8' }).stdout.trim();
  return { w, runtime, runtimeBin, settings, runs };
}

/** Every host file and the runtime as they are now, to compare after a failed upgrade. */
function snapshot(settings: string, runs: () => string) {
  return { settings: readFileSync(settings, 'utf8'), runs: runs() };
}

const bad: { label: string; pkg: Parameters<typeof packFake>[1]; step: string; says: RegExp }[] = [
  { label: 'no bin', pkg: { version: '2.0.0', bin: null }, step: 'bin', says: /no bin\/context-mode\.cjs/ },
  {
    label: 'a bin that throws',
    pkg: { version: '2.0.0', bin: "throw new Error('broken build: missing chunk');\n" },
    step: 'start',
    says: /does not start .*Error: broken build: missing chunk/,
  },
  {
    label: 'another package',
    pkg: {
      name: 'left-padder',
      version: '2.0.0',
      scripts: { postinstall: "node -e \"require('fs').writeFileSync(process.env.CM_SCRIPT_RAN,'')\"" },
    },
    step: 'package',
    says: /is "left-padder", not ctxmode: refused before any of its scripts ran/,
  },
  {
    label: 'the incumbent named context-mode',
    pkg: {
      name: 'context-mode',
      version: '1.0.169',
      scripts: { postinstall: "node -e \"require('fs').writeFileSync(process.env.CM_SCRIPT_RAN,'')\"" },
    },
    step: 'package',
    says: /is "context-mode", not ctxmode \(context-mode on npm is another product\)/,
  },
  {
    label: 'an install script that fails (as a SQLite driver build does)',
    pkg: { version: '2.0.0', scripts: { install: 'node -e "process.exit(7)"' } },
    step: 'scripts',
    says: /install scripts failed: path \S+node_modules\/ctxmode/,
  },
  {
    label: 'a runtime whose SQLite driver does not load',
    pkg: { version: '2.0.0', sqlite: 'FAIL' },
    step: 'sqlite',
    says: /fails its doctor \(sqlite: no SQLite driver could be loaded\)/,
  },
];

for (const b of bad) {
  test(`upgrade --from ${b.label}: refused at "${b.step}", the old runtime and every host file stay as they were`, () => {
    const { w, runtime, settings, runs } = upgradedWorld();
    const before = snapshot(settings, runs);
    const marker = join(w.root, 'RAN');
    w.env.CM_SCRIPT_RAN = marker;
    assert.equal(before.runs, 'ctxmode 1.0.0');
    const report = runUpgrade({ env: w.env, home: w.home, project: w.project, from: packFake(w.root, b.pkg) });
    assert.equal(report.ok, false);
    assert.equal(report.failedStep, b.step, report.error);
    assert.match(report.error ?? '', b.says);
    assert.deepEqual(report.hosts, [], 'no host was re-pinned');
    assert.deepEqual(snapshot(settings, runs), before);
    assert.equal(report.after, null);
    assert.equal(readdirSync(join(w.env.CONTEXT_MODE_HOME!, 'runtimes')).length, 1, 'the failed stage is gone');
    assert.ok(lstatSync(runtime).isSymbolicLink());
    // A foreign package's postinstall writes the marker when it runs.
    assert.equal(existsSync(marker), false, 'no script of a refused package ran');
  });
}

test('upgrade keeps the replaced runtime; --rollback goes back to it and again forward; hosts pin one stable path', () => {
  const { w, settings, runs } = upgradedWorld();
  const pinned = readFileSync(settings, 'utf8');
  const second = runUpgrade({
    env: w.env,
    home: w.home,
    project: w.project,
    from: packFake(w.root, { version: '2.0.0' }),
  });
  assert.equal(second.ok, true, second.error);
  assert.equal(second.before, '1.0.0');
  assert.equal(second.after, '2.0.0');
  assert.equal(second.previous, '1.0.0');
  assert.equal(runs(), 'ctxmode 2.0.0');
  assert.equal(readFileSync(settings, 'utf8'), pinned, 'the pinned path did not change: nothing to rewrite');

  const back = runRollback({ env: w.env, home: w.home });
  assert.equal(back.ok, true, back.error);
  assert.equal(back.rolledBack, true);
  assert.deepEqual([back.before, back.after, back.previous], ['2.0.0', '1.0.0', '2.0.0']);
  assert.equal(runs(), 'ctxmode 1.0.0');
  const forward = runRollback({ env: w.env, home: w.home });
  assert.deepEqual([forward.before, forward.after], ['1.0.0', '2.0.0']);

  const third = runUpgrade({
    env: w.env,
    home: w.home,
    project: w.project,
    from: packFake(w.root, { version: '3.0.0' }),
  });
  assert.equal(third.previous, '2.0.0');
  assert.equal(readdirSync(join(w.env.CONTEXT_MODE_HOME!, 'runtimes')).length, 2, 'only current and previous are kept');
});

test('--rollback with no previous runtime says so and changes nothing', () => {
  const w = tempWorld('cm-upgrade-tx-');
  const r = runRollback({ env: w.env, home: w.home });
  assert.equal(r.ok, false);
  assert.equal(r.failedStep, 'rollback');
  assert.match(r.error ?? '', /no previous runtime to go back to/);
});

test('a runtime installed by an older version (a plain directory) is kept as the previous one at the first switch', () => {
  const w = tempWorld('cm-upgrade-tx-');
  const legacy = join(w.env.CONTEXT_MODE_HOME!, 'runtime/node_modules/ctxmode/bin');
  mkdirSync(legacy, { recursive: true });
  writeFileSync(join(legacy, '../package.json'), '{ "name": "ctxmode", "version": "0.9.0" }');
  writeFileSync(join(legacy, 'context-mode.cjs'), standInBin('0.9.0'));
  const r = runUpgrade({ env: w.env, home: w.home, project: w.project, from: packFake(w.root, { version: '1.0.0' }) });
  assert.equal(r.ok, true, r.error);
  assert.deepEqual([r.before, r.after, r.previous], ['0.9.0', '1.0.0', '0.9.0']);
  assert.equal(runRollback({ env: w.env, home: w.home }).after, '0.9.0');
});

test('`ctxmode doctor` FAILs a pinned runtime that cannot start, and `doctor --fix` rolls back to the kept one', () => {
  const { w, runs, settings } = upgradedWorld();
  const broken = runUpgrade({
    env: w.env,
    home: w.home,
    project: w.project,
    from: packFake(w.root, { version: '2.0.0' }),
  });
  assert.equal(broken.ok, true);
  // What a half-deleted or damaged install looks like after the switch: the bin now throws.
  const currentBin = join(w.env.CONTEXT_MODE_HOME!, 'runtime/node_modules/ctxmode/bin/context-mode.cjs');
  writeFileSync(currentBin, "throw new Error('Cannot find module ./chunk-42.js');\n");
  const doctor = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, 'doctor', '--json', '--project', w.project, ...args], {
      env: w.env,
      encoding: 'utf8',
      timeout: 120_000,
    });
  const r = doctor();
  const runtime = (
    JSON.parse(r.stdout) as {
      checks: { name: string; status: string; detail: string; fix?: string; autoFix?: unknown }[];
    }
  ).checks.find((c) => c.name === 'runtime');
  assert.equal(runtime?.status, 'FAIL', r.stdout);
  assert.match(runtime!.detail, /ctxmode 2\.0\.0 .* does not start: Error: Cannot find module \.\/chunk-42\.js/);
  assert.match(runtime!.fix ?? '', /ctxmode upgrade --rollback.*back to 1\.0\.0/);
  assert.deepEqual(runtime!.autoFix, { kind: 'rollback-runtime' });
  assert.equal(r.status, 1);

  const fixed = doctor('--fix');
  assert.match(fixed.stderr, /runtime rolled back: ctxmode 2\.0\.0 → 1\.0\.0/);
  const after = (JSON.parse(fixed.stdout) as { checks: { name: string; status: string }[] }).checks.find(
    (c) => c.name === 'runtime',
  );
  assert.equal(after?.status, 'OK');
  assert.equal(runs(), 'ctxmode 1.0.0');
  assert.ok(readFileSync(settings, 'utf8').includes(join('runtime', 'node_modules', 'ctxmode')));
});

test('`ctxmode upgrade --from` a broken tarball (built CLI): says what failed, no restart advice, exit 1', () => {
  const w = tempWorld('cm-upgrade-tx-');
  const r = spawnSync(process.execPath, [BIN, 'upgrade', '--from', packFake(w.root, { version: '2.0.0', bin: null })], {
    env: w.env,
    cwd: w.project,
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.match(r.stdout, /upgrade failed: the package has no bin\/context-mode\.cjs/);
  assert.doesNotMatch(r.stdout, /Restart your agent hosts/);
  assert.equal(r.status, 1);
});
