/** Real-process implementations of the locator probes (the pure decisions live in find-node / locate-engine). */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import type { NodeProbe } from './find-node.js';
import type { EngineProbe } from './locate-engine.js';
import type { DriverReport, RuntimeCandidate } from './engine-runtime.js';

function firstLine(
  cmd: string,
  args: string[],
  timeoutMs = 10_000,
  env: Record<string, string> = {},
): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { timeout: timeoutMs, windowsHide: true, env: { ...process.env, ...env, NO_COLOR: '1' } },
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

export function engineProbe(node: string, env: Record<string, string> = {}): EngineProbe {
  return {
    version: (cli) => firstLine(node, [cli, '--version'], 10_000, env),
    exists: (path) => existsSync(path),
  };
}

/**
 * Asks a runtime to open an in-memory store with FTS5 the way the engine would: node:sqlite where the Node has it
 * (22.5+), else better-sqlite3 resolved from the engine's folder. Never installs or builds anything.
 */
const DRIVER_SCRIPT = `
const [maj, min] = process.versions.node.split('.').map(Number);
const tryOpen = (open) => { const db = open(); try { db.exec('CREATE VIRTUAL TABLE t USING fts5(x)'); } finally { db.close(); } };
let driver = '', reason = '';
if (maj > 22 || (maj === 22 && min >= 5)) {
  try { const { DatabaseSync } = require('node:sqlite'); tryOpen(() => new DatabaseSync(':memory:')); driver = 'node:sqlite'; }
  catch (e) { reason = 'node:sqlite: ' + e.message; }
} else reason = 'no node:sqlite before Node 22.5';
if (!driver) {
  try { const D = require(require.resolve('better-sqlite3', { paths: [process.argv[1]] })); tryOpen(() => new D(':memory:')); driver = 'better-sqlite3'; }
  catch (e) { reason += '; better-sqlite3: ' + String(e.message).split('\\n')[0]; }
}
process.stdout.write(JSON.stringify({ version: process.version, driver, reason }));
`;

export function driverProbe(candidate: RuntimeCandidate, engineDir: string): Promise<DriverReport> {
  return new Promise((resolve) => {
    execFile(
      candidate.node,
      ['-e', DRIVER_SCRIPT, engineDir],
      { timeout: 15_000, windowsHide: true, env: { ...process.env, ...candidate.env, NO_COLOR: '1' } },
      (err, stdout) => {
        try {
          const r = JSON.parse(String(stdout)) as { version?: string; driver?: string; reason?: string };
          const driver = r.driver === 'node:sqlite' || r.driver === 'better-sqlite3' ? r.driver : undefined;
          resolve({ version: r.version, driver, ...(r.reason ? { reason: r.reason } : {}) });
        } catch {
          resolve({ version: undefined, driver: undefined, reason: err ? err.message.split('\n')[0] : 'no answer' });
        }
      },
    );
  });
}
