// Helpers for tests that drive the BUILT hook (`node server/bin/context-mode.cjs hook <host> <event>`).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectId } from '@context-mode/shared/project/project-identity';

export const BIN = fileURLToPath(new URL('../../../server/bin/context-mode.cjs', import.meta.url));

export function assertBuilt(): void {
  if (!existsSync(fileURLToPath(new URL('../../../server/dist/hook.cjs', import.meta.url)))) {
    throw new Error('server/dist/hook.cjs is missing: run `npm run build` first');
  }
}

export interface HookRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  /** Bytes to write; `stall: true` leaves stdin open after writing (a host that never closes the pipe). */
  input?: string | Buffer;
  stall?: boolean;
  /** Kill the process after this long (a hang is then visible as a signal). */
  killAfterMs?: number;
  cwd?: string;
}

export function runBuiltHook(args: string[], opts: RunOptions = {}): Promise<HookRun> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [BIN, 'hook', ...args], {
      env: opts.env ?? process.env,
      cwd: opts.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.stdin.on('error', () => undefined);
    const killer = setTimeout(() => child.kill('SIGKILL'), opts.killAfterMs ?? 30_000);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
    if (opts.input !== undefined) child.stdin.write(opts.input);
    if (!opts.stall) child.stdin.end();
  });
}

/** A fresh data home and project dir for one test. */
export function sandboxDirs(prefix: string): { home: string; project: string } {
  const home = mkdtempSync(join(tmpdir(), `${prefix}-home-`));
  const project = mkdtempSync(join(tmpdir(), `${prefix}-proj-`));
  return { home, project };
}

/** Writes a live-server sentinel for `project` naming this (live) test process. */
export function markServerLive(home: string, project: string): void {
  mkdirSync(join(home, 'run'), { recursive: true });
  writeFileSync(
    join(home, 'run', `mcp-${process.pid}.json`),
    JSON.stringify({
      pid: process.pid,
      projectId: projectId(project),
      projectRoot: project,
      startedAt: new Date().toISOString(),
      host: null,
    }),
  );
}

/** Runs `jobs` with at most `limit` in flight. */
export async function pool<T, R>(items: readonly T[], limit: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await job(items[i]!);
    }
  });
  await Promise.all(workers);
  return out;
}
