// A temp HOME, CONTEXT_MODE_HOME and git project for setup and doctor tests: never the real home directory.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

export function removeTempWorlds(): void {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}
