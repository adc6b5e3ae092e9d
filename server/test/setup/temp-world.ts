// A temp HOME, CONTEXT_MODE_HOME and git project for setup and doctor tests: never the real home directory.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHost } from '@context-mode/shared/platforms/host-table';
import type { HostId } from '@context-mode/shared/platforms/types';
import { ownBin, runSetup, type SetupRunOptions } from '../../src/setup/run-setup.js';

const temps: string[] = [];

export function tempWorld(prefix: string): { root: string; home: string; project: string; env: NodeJS.ProcessEnv } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  temps.push(root);
  const home = join(root, 'home');
  const project = join(root, 'proj');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  execFileSync('git', ['init', '-q', project]);
  return { root, home, project, env: { PATH: process.env.PATH, HOME: home, CONTEXT_MODE_HOME: join(root, 'cm') } };
}

/** A temp world with Claude Code set up at user scope, its hooks pinned to this checkout's bin (what upgrades re-pin). */
export function claudeSetUpWorld(prefix: string): ReturnType<typeof tempWorld> {
  const w = tempWorld(prefix);
  runSetup({
    hosts: [getHost('claude-code')],
    scope: 'user',
    project: w.project,
    env: w.env,
    home: w.home,
    launcher: { kind: 'pinned', node: process.execPath, bin: ownBin() },
  });
  return w;
}

/** A runtime pinned at paths that need not exist: what setup writes, without running it. */
const PINNED_LAUNCHER = {
  kind: 'pinned' as const,
  node: '/opt/node/bin/node',
  bin: '/opt/ctxmode/bin/context-mode.cjs',
};

/** Setup (or uninstall) options for one host's MCP entry and hooks in a temp world, as Linux would have them. */
export function mcpAndHooksOf(
  w: ReturnType<typeof tempWorld>,
  host: HostId,
  scope: 'user' | 'project' = 'user',
): SetupRunOptions {
  return {
    hosts: [getHost(host)],
    scope,
    project: w.project,
    env: w.env,
    home: w.home,
    platform: 'linux',
    launcher: PINNED_LAUNCHER,
    parts: ['mcp', 'hooks'],
  };
}

const BIN = fileURLToPath(new URL('../../bin/context-mode.cjs', import.meta.url));

/** `ctxmode setup --host <host> --parts mcp,hooks` as its own process in a temp world; resolves to its exit code. */
export function cliSetup(w: { project: string; env: NodeJS.ProcessEnv }, host: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [BIN, 'setup', '--host', host, '--parts', 'mcp,hooks', '--project', w.project],
      {
        env: w.env,
        cwd: w.project,
        stdio: 'ignore',
      },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => (clearTimeout(timer), resolve(code ?? -1)));
  });
}

export function removeTempWorlds(): void {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}
