import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** One isolated world for a host run: its own HOME, TMPDIR, project (a git repo) and CONTEXT_MODE_HOME. */
export interface Sandbox {
  root: string;
  home: string;
  tmp: string;
  project: string;
  cmHome: string;
  /** The environment every host process gets: nothing but 127.0.0.1 is reachable through a proxy-aware client. */
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

/** A port nothing listens on: proxies pointed here make any outbound attempt fail at once. */
const CLOSED_PROXY = 'http://127.0.0.1:9';

export function makeSandbox(label: string): Sandbox {
  const root = mkdtempSync(join(tmpdir(), `cm-hosts-${label}-`));
  const home = join(root, 'home');
  const tmp = join(root, 'tmp');
  const project = join(root, 'project');
  const cmHome = join(root, 'cm-home');
  for (const d of [home, tmp, project, cmHome]) mkdirSync(d, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: project, stdio: 'ignore' });
  git('init', '-q');
  git('config', 'user.email', 'hosts@example.invalid');
  git('config', 'user.name', 'hosts suite');
  writeFileSync(join(project, 'README.md'), '# sample project\n');
  git('add', '.');
  git('commit', '-qm', 'init');
  const keep = ['PATH', 'LANG', 'TERM', 'USER', 'LOGNAME', 'SHELL'];
  const env: NodeJS.ProcessEnv = {};
  for (const k of keep) if (process.env[k] !== undefined) env[k] = process.env[k];
  Object.assign(env, {
    HOME: home,
    TMPDIR: tmp,
    CONTEXT_MODE_HOME: cmHome,
    HTTP_PROXY: CLOSED_PROXY,
    HTTPS_PROXY: CLOSED_PROXY,
    http_proxy: CLOSED_PROXY,
    https_proxy: CLOSED_PROXY,
    ALL_PROXY: CLOSED_PROXY,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    NO_COLOR: '1',
    CI: '1',
  });
  return { root, home, tmp, project, cmHome, env, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
