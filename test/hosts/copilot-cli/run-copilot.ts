import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { FakeModel } from '../fake-model/server.js';
import { COPILOT_CLI } from '../install-host.js';
import { installedPackage } from '../installed-package.js';
import type { Sandbox } from '../isolate.js';
import { summarizeTimings, type HookTiming } from '../report.js';
import { runHost, type HostRun } from '../run-host.js';

/** Where the `ctxmode` shim logs one line per hook process: `<ms>\t<args>`. */
export function hookLogPath(sb: Sandbox): string {
  return join(sb.root, 'hook-calls.log');
}

/**
 * `ctxmode` where the shared hooks file calls it first (`$HOME/.local/bin/ctxmode`) and on PATH for `.mcp.json`,
 * as a user's install puts it. It runs the installed npm package and, for a hook, logs the wall time of that process:
 * the Copilot CLI logs no per-hook time, and every line is one hook process started.
 */
export function installCtxmodeShim(sb: Sandbox): void {
  const dir = join(sb.home, '.local', 'bin');
  mkdirSync(dir, { recursive: true });
  const shim = join(dir, 'ctxmode');
  const log = hookLogPath(sb);
  const pkg = installedPackage();
  const run = `'${join(pkg.nodeBinDir, 'node')}' '${pkg.command}'`;
  writeFileSync(
    shim,
    `#!/bin/sh
if [ "$1" = hook ]; then
  start=$(date +%s%N)
  ${run} "$@"
  code=$?
  printf '%s\\t%s\\n' "$(( ($(date +%s%N) - start) / 1000000 ))" "$*" >> '${log}'
  exit $code
fi
exec ${run} "$@"
`,
  );
  chmodSync(shim, 0o755);
}

/** Hook processes the Copilot CLI started, per event (`copilot pretooluse`, …), with their wall time. */
export function hookTimings(sb: Sandbox): Record<string, HookTiming> {
  const by: Record<string, number[]> = {};
  const file = hookLogPath(sb);
  if (!existsSync(file)) return {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [ms, args] = line.split('\t');
    if (!ms || !args) continue;
    (by[args.replace(/^hook copilot /, '')] ??= []).push(Number(ms));
  }
  return summarizeTimings(by);
}

/**
 * `copilot -p` headless against the fake model's OpenAI Chat Completions endpoint: the CLI's own BYOK provider
 * (`COPILOT_PROVIDER_BASE_URL`) with offline mode on, so no GitHub sign-in and no network besides 127.0.0.1.
 * `COPILOT_ALLOW_ALL=true` approves tools and trusts the project folder (which loads its `.mcp.json` and
 * `.github/hooks`), as a user who trusted the folder has it.
 */
export function runCopilot(bin: string, sb: Sandbox, model: FakeModel, prompt: string): Promise<HostRun> {
  const env = {
    ...sb.env,
    PATH: `${join(sb.home, '.local', 'bin')}${delimiter}${sb.env.PATH ?? ''}`,
    COPILOT_PROVIDER_BASE_URL: `${model.url}/v1`,
    COPILOT_PROVIDER_API_KEY: 'sk-fake',
    COPILOT_OFFLINE: 'true',
    COPILOT_MODEL: 'gpt-4.1',
    COPILOT_AUTO_UPDATE: 'false',
    COPILOT_ALLOW_ALL: 'true',
  };
  return runHost(bin, ['-p', prompt, '--allow-all-tools', '--no-auto-update'], {
    cwd: sb.project,
    env,
    timeoutMs: 240_000,
    host: COPILOT_CLI,
  });
}
