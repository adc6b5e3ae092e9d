// The build of an earlier commit, for benches that compare against it in the same run (a shared machine's load
// changes from minute to minute, so only two builds measured side by side compare). The commit's tree is
// exported with `git archive` into a temp dir (no worktree is registered in the repository), given a
// node_modules of links into this checkout's (its own workspace packages linked to its own sources) and built
// with its own scripts/build.mjs. Kept between runs: a second bench run reuses the build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** This repository's workspace packages, linked by npm as node_modules/@context-mode/<name> → ../../<dir>. */
const WORKSPACE_SCOPE = '@context-mode';

export interface PreviousBuild {
  commit: string;
  /** Its server/bin/context-mode.cjs. */
  bin: string;
}

function run(argv: string[], cwd: string): void {
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${argv.join(' ')}: ${(r.stderr || r.error?.message || '').trim()}`);
}

/** Links every package of this checkout's node_modules into `dir`, except the workspace packages: those point at `dir`'s own. */
function linkNodeModules(dir: string): void {
  const from = join(ROOT, 'node_modules');
  const to = join(dir, 'node_modules');
  mkdirSync(join(to, WORKSPACE_SCOPE), { recursive: true });
  for (const name of readdirSync(from)) {
    if (name === WORKSPACE_SCOPE) continue;
    symlinkSync(join(from, name), join(to, name));
  }
  // The links are relative (../../shared), so copied as they are they resolve inside `dir`.
  for (const name of readdirSync(join(from, WORKSPACE_SCOPE)))
    symlinkSync(readlinkSync(join(from, WORKSPACE_SCOPE, name)), join(to, WORKSPACE_SCOPE, name));
}

/** Exports and builds `commit` (once; reused while its build is complete). Throws with the failing step. */
export function previousBuild(commit: string): PreviousBuild {
  const dir = join(tmpdir(), `cm-bench-build-${commit}`);
  const bin = join(dir, 'server/bin/context-mode.cjs');
  const done = join(dir, '.built');
  if (existsSync(done)) return { commit, bin };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = join(dir, '.tree.tar');
  run(['git', 'archive', '--format=tar', '-o', tar, commit], ROOT);
  run(['tar', '-xf', tar, '-C', dir], ROOT);
  rmSync(tar);
  linkNodeModules(dir);
  run([process.execPath, 'scripts/build.mjs'], dir);
  writeFileSync(done, `${new Date().toISOString()}\n`);
  return { commit, bin };
}
