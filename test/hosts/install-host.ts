import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

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
export const QWEN_CODE: PinnedHost = { id: 'qwen-code', pkg: '@qwen-code/qwen-code', version: '0.24.4', bin: 'qwen' };

export function hostCacheDir(host: PinnedHost): string {
  const base = process.env.CONTEXT_MODE_CI_CACHE || join(homedir(), '.cache', 'context-mode-ci');
  return join(base, 'hosts', `${host.pkg}@${host.version}`);
}

/**
 * The host's executable, installed once into the CI cache (never into the product's dependencies). Throws an
 * error naming host and version when the install fails or the installed binary reports another version.
 */
export function ensureHost(host: PinnedHost, env: NodeJS.ProcessEnv = process.env): string {
  const dir = hostCacheDir(host);
  const bin = join(dir, 'node_modules', '.bin', host.bin);
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    const r = spawnSync(
      'nice',
      [
        '-n',
        '10',
        'npm',
        'install',
        '--prefix',
        dir,
        '--no-audit',
        '--no-fund',
        '--no-save',
        `${host.pkg}@${host.version}`,
      ],
      {
        encoding: 'utf8',
        timeout: 15 * 60_000,
      },
    );
    if (r.status !== 0 || !existsSync(bin)) {
      const tail = `${r.stderr ?? ''}${r.error ? String(r.error) : ''}`.trim().split('\n').slice(-5).join('\n');
      throw new Error(`${host.id} ${host.pkg}@${host.version}: install failed (exit ${r.status}): ${tail}`);
    }
  }
  const v = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 60_000, env: { ...env, NO_COLOR: '1' } });
  const out = `${v.stdout ?? ''}${v.stderr ?? ''}`;
  if (!out.includes(host.version)) {
    throw new Error(
      `${host.id}: expected version ${host.version}, \`${host.bin} --version\` printed ${JSON.stringify(out.trim().slice(0, 200))}`,
    );
  }
  return bin;
}
