import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeModel } from '../fake-model/server.js';
import type { Sandbox } from '../isolate.js';
import { runHost, type HostRun } from '../run-host.js';

/**
 * `codex exec` headless against the fake model. The model provider is given on the command line (`-c`), so
 * `~/.codex/config.toml` and `hooks.json` hold only what `ctxmode setup` wrote. Hooks run through
 * `--dangerously-bypass-hook-trust`, the one-off automation switch setup's note names: an untrusted hook is
 * skipped silently by Codex 0.171. `resume` continues a session by id.
 */
export function runCodex(
  bin: string,
  sb: Sandbox,
  model: FakeModel,
  prompt: string,
  opts: { resume?: string; trustHooks?: boolean; timeoutMs?: number; extraConfig?: string[] } = {},
): Promise<HostRun> {
  const codexHome = join(sb.home, '.codex');
  // Codex refuses a CODEX_HOME that does not exist (the baseline run has no config at all).
  mkdirSync(codexHome, { recursive: true });
  const env = { ...sb.env, CODEX_HOME: codexHome, FAKE_OPENAI_KEY: 'sk-fake', RUST_LOG: 'warn' };
  const config = [
    'model_provider="fake"',
    'model="gpt-5-codex"',
    `model_providers.fake={ name = "fake", base_url = "${model.url}/v1", wire_api = "responses", env_key = "FAKE_OPENAI_KEY", request_max_retries = 0, stream_max_retries = 0 }`,
    'check_for_update_on_startup=false',
    'analytics.enabled=false',
    'feedback.enabled=false',
    ...(opts.extraConfig ?? []),
  ].flatMap((c) => ['-c', c]);
  const common = [
    ...config,
    '--json',
    '--skip-git-repo-check',
    '--dangerously-bypass-approvals-and-sandbox',
    ...(opts.trustHooks === false ? [] : ['--dangerously-bypass-hook-trust']),
  ];
  const args = opts.resume ? ['exec', ...common, 'resume', opts.resume, prompt] : ['exec', ...common, prompt];
  return runHost(bin, args, { cwd: sb.project, env, timeoutMs: opts.timeoutMs ?? 240_000 });
}

/** The thread id `codex exec --json` prints in its `thread.started` event. */
export function threadIdOf(run: HostRun): string | undefined {
  for (const line of run.stdout.split('\n')) {
    try {
      const j = JSON.parse(line) as { type?: string; thread_id?: string };
      if (j.thread_id) return j.thread_id;
    } catch {
      /* not JSON */
    }
  }
  return undefined;
}
