// Small packages packed with the real `npm pack`, for upgrade tests: the real server package needs the registry
// for its dependencies, which a test must not. Each stands in for one kind of tarball a user might be handed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FakePackage {
  name?: string;
  version: string;
  /** The bin's source; null = the package has no bin/context-mode.cjs. Default: a working stand-in. */
  bin?: string | null;
  /** What the stand-in's `doctor --json` says about SQLite (default OK). */
  sqlite?: 'OK' | 'FAIL';
  scripts?: Record<string, string>;
  /** More package.json fields (e.g. optionalDependencies). */
  extra?: Record<string, unknown>;
}

/** A bin that prints its version, and for `doctor --json` a report with OK version and SQLite checks. */
export function standInBin(version: string, sqlite: 'OK' | 'FAIL' = 'OK'): string {
  const report = {
    schema: 'context-mode.doctor/1',
    ok: sqlite === 'OK',
    checks: [
      { status: 'OK', name: 'version', detail: `ctxmode ${version}` },
      { status: sqlite, name: 'sqlite', detail: sqlite === 'OK' ? 'node:sqlite' : 'no SQLite driver could be loaded' },
    ],
  };
  return `#!/usr/bin/env node\nif (process.argv[2] === 'doctor') console.log(${JSON.stringify(JSON.stringify(report))});\nelse console.log('ctxmode ${version}');\n`;
}

let packed = 0;

/** Packs the package and returns the tarball's path. */
export function packFake(root: string, p: FakePackage): string {
  const name = p.name ?? 'ctxmode';
  const dir = join(root, `src-${packed++}`);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  const bin = p.bin === undefined ? standInBin(p.version, p.sqlite) : p.bin;
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name,
      version: p.version,
      ...(bin !== null ? { bin: { ctxmode: 'bin/context-mode.cjs' } } : {}),
      ...(p.scripts ? { scripts: p.scripts } : {}),
      ...p.extra,
    }),
  );
  if (bin !== null) writeFileSync(join(dir, 'bin/context-mode.cjs'), bin);
  else writeFileSync(join(dir, 'index.js'), 'module.exports = {};\n');
  const out = join(root, `tarballs-${packed}`);
  mkdirSync(out, { recursive: true });
  execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: dir, stdio: 'ignore' });
  return join(
    out,
    readdirSync(out).find((f) => f.endsWith('.tgz'))!,
  );
}
