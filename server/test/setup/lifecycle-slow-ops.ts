// The lifecycle model's operations that start processes: `upgrade` from good and bad tarballs (real `npm install`
// of a packed fake package) and two CLI setups at once. Each checks its own promise as it runs: a failed upgrade
// changes no host file and leaves the `runtime` link where it was; a good one re-pins exactly the recorded hosts and
// leaves every other host's files alone; two setups at once both keep their record.
import assert from 'node:assert/strict';
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { readSetupState } from '../../src/setup/setup-state.js';
import { runUpgrade } from '../../src/setup/upgrade.js';
import { packFake, type FakePackage } from './fake-package.js';
import { FILES, OURS_ONLY, snapshot, type HostName } from './lifecycle-files.js';
import { cliSetup, tempWorld } from './temp-world.js';

/** The tarballs an upgrade is handed: two good releases, and each way a bad one has failed for users. */
export const TARBALLS: { label: string; pkg: FakePackage; good: boolean }[] = [
  { label: 'good 2.0.0', pkg: { version: '2.0.0' }, good: true },
  { label: 'good 3.0.0', pkg: { version: '3.0.0' }, good: true },
  { label: 'no bin', pkg: { version: '9.0.0', bin: null }, good: false },
  { label: 'a bin that throws', pkg: { version: '9.0.1', bin: "throw new Error('broken build');\n" }, good: false },
  {
    label: 'another package with a postinstall',
    pkg: {
      name: 'left-padder',
      version: '9.0.2',
      scripts: { postinstall: "node -e \"require('fs').writeFileSync(process.env.CM_SCRIPT_RAN,'')\"" },
    },
    good: false,
  },
  { label: 'a SQLite driver that does not load', pkg: { version: '9.0.3', sqlite: 'FAIL' }, good: false },
];

// Packed once per test file, and only the ones a run uses: `npm pack` is slow next to a setup.
const packed = new Map<number, string>();
function tarball(k: number): string {
  if (!packed.has(k)) packed.set(k, packFake(tempWorld('cm-model-tgz-').root, TARBALLS[k]!.pkg));
  return packed.get(k)!;
}

export interface World {
  root: string;
  home: string;
  project: string;
  env: NodeJS.ProcessEnv;
}

/** Every host file and the files only setup writes, by host. */
function hostPaths(w: World): { host: HostName; path: string }[] {
  return [...FILES, ...OURS_ONLY].map((f) => ({ host: f.host, path: join(w.home, f.rel) }));
}

const linkOf = (path: string) =>
  lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() ? readlinkSync(path) : undefined;

export function upgradeOp(w: World, k: number, step: string): void {
  const kind = TARBALLS[k]!;
  const runtime = join(w.env.CONTEXT_MODE_HOME!, 'runtime');
  const marker = join(w.root, 'SCRIPT-RAN');
  w.env.CM_SCRIPT_RAN = marker;
  const linkBefore = linkOf(runtime);
  // A host whose uninstall could not finish is no longer wanted: upgrade leaves it alone.
  const recorded = Object.entries(readSetupState(w.env).hosts)
    .filter(([, r]) => !r.uninstallRequested)
    .map(([key]) => key.split('@')[0] as HostName);
  const files = hostPaths(w);
  const before = files.map((f) => snapshot(f.path));
  const r = runUpgrade({ env: w.env, home: w.home, project: w.project, from: tarball(k) });
  const where = `${step} (${kind.label})`;
  if (!kind.good) {
    assert.ok(r.failedStep, `${where}: refused (${JSON.stringify(r)})`);
    assert.equal(r.ok, false);
    assert.deepEqual(r.hosts, [], `${where}: no host re-pinned`);
    files.forEach((f, i) =>
      assert.equal(snapshot(f.path), before[i], `${where}: a failed upgrade left ${f.path} alone`),
    );
    assert.equal(linkOf(runtime), linkBefore, `${where}: the runtime link points where it did`);
    assert.ok(!existsSync(marker), `${where}: no script of a refused package ran`);
    return;
  }
  assert.equal(r.failedStep, undefined, `${where}: ${r.error}`);
  assert.equal(r.after, kind.pkg.version);
  assert.ok(lstatSync(runtime).isSymbolicLink(), `${where}: the runtime is the link hosts pin`);
  assert.deepEqual(
    r.hosts.map((h) => h.host).sort(),
    [...new Set(recorded)].sort(),
    `${where}: re-pins the recorded hosts`,
  );
  files.forEach((f, i) => {
    const now = snapshot(f.path);
    if (!recorded.includes(f.host))
      assert.equal(now, before[i], `${where}: ${f.path} (${f.host} not set up) left alone`);
    const errors = r.hosts.find((h) => h.host === f.host)?.errors ?? [];
    // A re-pinned host names the runtime now, not the runtime a setup step pinned before.
    if (recorded.includes(f.host) && !errors.length)
      assert.doesNotMatch(now, /\/opt\/ctxmode-\d/, `${where}: ${f.path} re-pinned`);
  });
}

/** Two `ctxmode setup` processes at once: each one that succeeded has its host recorded. */
export async function concurrentSetupOp(w: World, hosts: [HostName, HostName], step: string): Promise<void> {
  const codes = await Promise.all(hosts.map((h) => cliSetup(w, h)));
  const recorded = Object.keys(readSetupState(w.env).hosts).map((key) => key.split('@')[0]);
  hosts.forEach((h, i) => {
    if (codes[i] === 0) assert.ok(recorded.includes(h), `${step}: ${h}'s setup succeeded, so it is recorded`);
  });
}
