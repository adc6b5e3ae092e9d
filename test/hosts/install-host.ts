import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { runHost, runProblem } from './run-host.js';

/** A host pinned by exact version: hosts change their hook semantics between releases. */
export interface PinnedHost {
  id: string;
  pkg: string;
  version: string;
  bin: string;
}

export const CLAUDE_CODE: PinnedHost = {
  id: 'claude-code',
  pkg: '@anthropic-ai/claude-code',
  version: '2.1.332',
  bin: 'claude',
};
export const CODEX: PinnedHost = { id: 'codex', pkg: '@openai/codex', version: '0.171.0', bin: 'codex' };
export const GEMINI_CLI: PinnedHost = { id: 'gemini-cli', pkg: '@google/gemini-cli', version: '0.61.0', bin: 'gemini' };
export const OPENCODE: PinnedHost = { id: 'opencode', pkg: 'opencode-ai', version: '1.18.33', bin: 'opencode' };
export const COPILOT_CLI: PinnedHost = {
  id: 'copilot-cli',
  pkg: '@github/copilot',
  version: '1.0.102',
  bin: 'copilot',
};
export const QWEN_CODE: PinnedHost = { id: 'qwen-code', pkg: '@qwen-code/qwen-code', version: '0.24.4', bin: 'qwen' };

/** Every host the suite drives, at the version it pins. */
export const PINNED_HOSTS: readonly PinnedHost[] = [CLAUDE_CODE, CODEX, COPILOT_CLI, GEMINI_CLI, OPENCODE, QWEN_CODE];

/** Where CI keeps what it installs outside the product's dependencies (hosts, Node 22, the incumbent). */
export function ciCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CONTEXT_MODE_CI_CACHE || join(homedir(), '.cache', 'context-mode-ci');
}

function hostCacheDir(host: PinnedHost, env: NodeJS.ProcessEnv = process.env): string {
  return join(ciCacheDir(env), 'hosts', `${host.pkg}@${host.version}`);
}

/** How to install and probe a pinned host; a test points these at stand-ins. */
export interface InstallOptions {
  env?: NodeJS.ProcessEnv;
  /** The package manager executable (npm from PATH by default). */
  npm?: string;
  /**
   * Under scripts/run-tests.mjs's 300 s per-test bound (which also bounds `before`): past that the runner would
   * cancel the test without naming host and version, and the npm it started would outlive the run.
   */
  installTimeoutMs?: number;
  versionTimeoutMs?: number;
}

/**
 * The host's executable, installed once into the CI cache (never into the product's dependencies). Rejects with
 * an error naming host and version when the install fails or overruns, or the installed binary does not start or
 * reports another version: a pinned host that cannot be had fails its stage, it is never skipped.
 */
export async function ensureHost(host: PinnedHost, opts: InstallOptions = {}): Promise<string> {
  const env = opts.env ?? process.env;
  const label = `${host.id} ${host.version}`;
  const dir = hostCacheDir(host, env);
  const bin = join(dir, 'node_modules', '.bin', host.bin);
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    const spec = `${host.pkg}@${host.version}`;
    const r = await runHost(
      'nice',
      ['-n', '10', opts.npm ?? 'npm', 'install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', spec],
      { cwd: dir, env, timeoutMs: opts.installTimeoutMs ?? 240_000, host },
    );
    const problem = runProblem(r);
    if (problem || !existsSync(bin))
      throw new Error(
        `${label}: installing ${spec} into ${dir} failed: npm ${problem ?? `finished but left no ${host.bin} executable`}`,
      );
  }
  const v = await runHost(bin, ['--version'], {
    cwd: dir,
    env: { ...env, NO_COLOR: '1' },
    timeoutMs: opts.versionTimeoutMs ?? 60_000,
    host,
  });
  const problem = runProblem(v);
  if (problem) throw new Error(`${label}: \`${host.bin} --version\` ${problem}`);
  const out = `${v.stdout}${v.stderr}`;
  if (!out.includes(host.version)) {
    throw new Error(
      `${label}: expected version ${host.version}, \`${host.bin} --version\` printed ${JSON.stringify(out.trim().slice(0, 200))}`,
    );
  }
  return bin;
}
