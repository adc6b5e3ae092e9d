import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { allHosts } from '@context-mode/shared/platforms/host-table';
import { BIN } from '../helpers/mcp-client.js';

// `stats` (the CLI resolver before) and `doctor` (the server's) used to disagree: a host workspace var or a
// subdirectory in CONTEXT_MODE_PROJECT_DIR moved one and not the other. Each case asks both, in one env and cwd.

/** The test's own env without any host's workspace var, so the machine running it cannot pick the project. */
function cleanEnv(home: string): Record<string, string> {
  const env: Record<string, string> = {};
  const hostVars = new Set(allHosts().flatMap((h) => [...h.projectDirEnv.value, ...h.detectEnv.value]));
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !hostVars.has(k) && !k.startsWith('CONTEXT_MODE_')) env[k] = v;
  return { ...env, CONTEXT_MODE_HOME: home };
}

function run(args: string[], cwd: string, env: Record<string, string>) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env, encoding: 'utf8', timeout: 60_000 });
  assert.ok(r.stdout.trim().startsWith('{'), `${args.join(' ')} printed no JSON: ${r.stdout}${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

function statsRoot(cwd: string, env: Record<string, string>, extra: string[]): string {
  return (run(['stats', '--json', ...extra], cwd, env).project as { root: string }).root;
}

function doctorRoot(cwd: string, env: Record<string, string>, extra: string[]): string {
  const checks = run(['doctor', '--json', ...extra], cwd, env).checks as { name: string; detail: string }[];
  const detail = checks.find((c) => c.name === 'project')?.detail ?? '';
  return detail.split(' → ')[0]!;
}

test('stats and doctor name the same project for the same env and cwd', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'cm-agree-')));
  const home = join(base, 'home');
  const repo = join(base, 'repo');
  const sub = join(repo, 'pkg');
  const other = join(base, 'other');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(sub);
  mkdirSync(other);
  mkdirSync(home);
  const env = cleanEnv(home);
  const cases: { name: string; cwd: string; env: Record<string, string>; args?: string[]; want: string }[] = [
    { name: 'cwd in a subdirectory', cwd: sub, env, want: repo },
    {
      name: 'CONTEXT_MODE_PROJECT_DIR names a subdirectory',
      cwd: other,
      env: { ...env, CONTEXT_MODE_PROJECT_DIR: sub },
      want: repo,
    },
    // A command typed in an editor's terminal: the launch-directory variables it inherits do not move the project.
    {
      name: 'a host workspace var in the environment',
      cwd: repo,
      env: { ...env, GEMINI_PROJECT_DIR: other, VSCODE_CWD: other, IDEA_INITIAL_DIRECTORY: other },
      want: repo,
    },
    {
      name: 'CONTEXT_MODE_PROJECT_DIR over the host var',
      cwd: repo,
      env: { ...env, CONTEXT_MODE_PROJECT_DIR: other, CLAUDE_PROJECT_DIR: repo },
      want: other,
    },
    {
      name: '--project over everything',
      cwd: other,
      env: { ...env, CONTEXT_MODE_PROJECT_DIR: other },
      args: ['--project', sub],
      want: repo,
    },
  ];
  try {
    for (const c of cases) {
      const args = c.args ?? [];
      assert.equal(statsRoot(c.cwd, c.env, args), c.want, `stats: ${c.name}`);
      assert.equal(doctorRoot(c.cwd, c.env, args), c.want, `doctor: ${c.name}`);
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});
