import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from '../helpers/mcp-client.js';

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A temp CONTEXT_MODE_HOME and project dir, and a runner for the built bin inside them. */
export function cliSandbox() {
  const home = mkdtempSync(join(tmpdir(), 'cm-cli-home-'));
  const project = mkdtempSync(join(tmpdir(), 'cm-cli-proj-'));
  const run = (args: string[], env: Record<string, string> = {}): CliRun => {
    const r = spawnSync(process.execPath, [BIN, ...args], {
      cwd: project,
      env: { ...process.env, CONTEXT_MODE_HOME: home, CONTEXT_MODE_PROJECT_DIR: '', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  return {
    home,
    project,
    run,
    cleanup: () => {
      rmSync(home, { recursive: true, force: true });
      rmSync(project, { recursive: true, force: true });
    },
  };
}
