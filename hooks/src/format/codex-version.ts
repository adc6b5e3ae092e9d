import { spawnSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How long a detected version (or a failed detection) is trusted. */
export const CODEX_VERSION_TTL_MS = 60 * 60 * 1000;
const SPAWN_TIMEOUT_MS = 2000;

export interface CodexVersionOptions {
  env?: NodeJS.ProcessEnv;
  /** Directory of the cache file `context-mode-codex-caps.json`; the OS temp dir by default. */
  cacheDir?: string;
  now?: () => number;
}

interface CacheEntry {
  version: string | null;
  checkedAt: number;
}

/**
 * The installed Codex version, for the formatter's version gate (formatOutcome's `hostVersion`). Order:
 * `CONTEXT_MODE_CODEX_VERSION`, a cache younger than an hour, then `codex --version` (2 s timeout). Any failure
 * is cached too and answers undefined, which keeps gated capabilities off (fail closed, as context-mode 1.0.169 does).
 */
export function detectCodexVersion(options: CodexVersionOptions = {}): string | undefined {
  const env = options.env ?? process.env;
  const forced = env.CONTEXT_MODE_CODEX_VERSION?.trim();
  if (forced) return forced;
  const now = (options.now ?? Date.now)();
  const cachePath = join(options.cacheDir ?? tmpdir(), 'context-mode-codex-caps.json');
  const cached = readCache(cachePath);
  if (cached && now - cached.checkedAt >= 0 && now - cached.checkedAt < CODEX_VERSION_TTL_MS) {
    return cached.version ?? undefined;
  }
  const version = runCodexVersion(env);
  writeCache(cachePath, { version: version ?? null, checkedAt: now });
  return version;
}

function runCodexVersion(env: NodeJS.ProcessEnv): string | undefined {
  try {
    const result = spawnSync('codex', ['--version'], {
      env,
      encoding: 'utf8',
      timeout: SPAWN_TIMEOUT_MS,
      stdio: ['ignore', 'pipe', 'ignore'],
      windowsHide: true,
      shell: process.platform === 'win32',
    });
    if (result.error || result.status !== 0) return undefined;
    const match = /\d+\.\d+(?:\.\d+)?/.exec(result.stdout ?? '');
    return match ? match[0] : undefined;
  } catch {
    return undefined;
  }
}

function readCache(path: string): CacheEntry | undefined {
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as Partial<CacheEntry>;
    if (typeof data.checkedAt !== 'number') return undefined;
    if (data.version !== null && typeof data.version !== 'string') return undefined;
    return { version: data.version ?? null, checkedAt: data.checkedAt };
  } catch {
    return undefined;
  }
}

function writeCache(path: string, entry: CacheEntry): void {
  try {
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(entry));
    renameSync(temp, path);
  } catch {
    // An unwritable temp dir only costs another detection next time.
  }
}
