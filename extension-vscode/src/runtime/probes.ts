/** Real-process implementations of the locator probes (the pure decisions live in find-node / locate-engine). */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import type { NodeProbe } from './find-node.js';
import type { EngineProbe } from './locate-engine.js';

function firstLine(cmd: string, args: string[], timeoutMs = 10_000): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { timeout: timeoutMs, windowsHide: true, env: { ...process.env, NO_COLOR: '1' } },
      (err, stdout) => {
        const line = String(stdout).trim().split('\n')[0];
        resolve(err || !line ? undefined : line);
      },
    );
  });
}

export const nodeProbe: NodeProbe = {
  version: (path) => firstLine(path, ['--version']),
  exists: (path) => existsSync(path),
  list: (dir) => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  },
};

export function engineProbe(node: string): EngineProbe {
  return {
    version: (cli) => firstLine(node, [cli, '--version']),
    exists: (path) => existsSync(path),
  };
}
