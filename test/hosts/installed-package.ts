import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, type Sandbox } from './isolate.js';
import { ensureNode22 } from './node22.js';

/**
 * The product as a user installs it from npm, not the repository's build: the `ctxmode` tarball
 * (CONTEXT_MODE_TARBALL, e.g. release/ctxmode-<v>.tgz, else `npm pack` of server/, the step `npm run release`
 * uses) installed with npm into an empty prefix, offline. The only dependency, better-sqlite3, is optional and
 * would be fetched from the network; it is left out, so the package runs on a Node 22 with node:sqlite — the
 * Node a user without a compiler or network needs. Setup run from there pins that Node and that package into
 * the hosts' files, so every hook and MCP server a host starts is the installed package.
 */
export interface InstalledPackage {
  /** The tarball installed (`ctxmode-<version>.tgz`). */
  tarball: string;
  /** The prefix npm installed into (empty before). */
  prefix: string;
  /** `<prefix>/node_modules/ctxmode`: the installed package. */
  packageDir: string;
  /** `<prefix>/node_modules/.bin/ctxmode`: the command npm put on the prefix's PATH. */
  command: string;
  /** The Node the command runs on (`#!/usr/bin/env node` finds it first on PATH). */
  nodeBinDir: string;
}

let installed: InstalledPackage | undefined;
let workDir: string | undefined;

function packTarball(dir: string): string {
  const given = process.env.CONTEXT_MODE_TARBALL;
  if (given) return given;
  if (!existsSync(join(REPO_ROOT, 'server', 'dist', 'cli.mjs')))
    throw new Error('server/dist is not built: run `npm run build` before the host suite');
  execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], {
    cwd: join(REPO_ROOT, 'server'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tgz = readdirSync(dir).find((f) => /^ctxmode-.*\.tgz$/.test(f));
  if (!tgz) throw new Error(`npm pack wrote no ctxmode-*.tgz into ${dir}`);
  return join(dir, tgz);
}

/** Packs (or takes) the tarball and installs it into an empty prefix, once per test process. */
export function installedPackage(): InstalledPackage {
  if (installed) return installed;
  const nodeBinDir = ensureNode22('the host suite (the npm package installed without its optional driver)');
  workDir = mkdtempSync(join(tmpdir(), 'cm-hosts-pkg-'));
  process.once('exit', () => rmSync(workDir as string, { recursive: true, force: true }));
  const tarball = packTarball(workDir);
  const prefix = join(workDir, 'prefix');
  mkdirSync(prefix);
  execFileSync(
    'npm',
    ['install', '--prefix', prefix, '--offline', '--omit=optional', '--no-audit', '--no-fund', tarball],
    { stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 },
  );
  const command = join(prefix, 'node_modules', '.bin', 'ctxmode');
  if (!existsSync(command)) throw new Error(`npm install of ${tarball} put no ctxmode into ${prefix}`);
  installed = { tarball, prefix, packageDir: join(prefix, 'node_modules', 'ctxmode'), command, nodeBinDir };
  return installed;
}

/** `ctxmode <args>` run as the user would, inside the sandbox: the installed command, its Node first on PATH. */
export function ctxmode(sb: Sandbox, args: string[]): string {
  const pkg = installedPackage();
  return execFileSync(pkg.command, args, {
    cwd: sb.project,
    env: { ...sb.env, PATH: `${pkg.nodeBinDir}:${sb.env.PATH ?? ''}` },
    encoding: 'utf8',
    timeout: 60_000,
  });
}
