import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeModel } from '../fake-model/server.js';
import type { Sandbox } from '../isolate.js';
import { summarizeTimings, type HookTiming } from '../report.js';
import { CODEX } from '../install-host.js';
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
  opts: { resume?: string; trustHooks?: boolean; timeoutMs?: number; extraConfig?: string[]; rustLog?: string } = {},
): Promise<HostRun> {
  const codexHome = join(sb.home, '.codex');
  // Codex refuses a CODEX_HOME that does not exist (the baseline run has no config at all).
  mkdirSync(codexHome, { recursive: true });
  const env = { ...sb.env, CODEX_HOME: codexHome, FAKE_OPENAI_KEY: 'sk-fake', RUST_LOG: opts.rustLog ?? 'warn' };
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
  return runHost(bin, args, { cwd: sb.project, env, timeoutMs: opts.timeoutMs ?? 240_000, host: CODEX });
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

interface RolloutLine {
  timestamp: string;
  type: string;
  payload: {
    type?: string;
    call_id?: string;
    item?: { type?: string; id?: string; duration?: { secs: number; nanos: number } };
  };
}

function rolloutLines(sb: Sandbox): RolloutLine[] {
  const out: RolloutLine[] = [];
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.startsWith('rollout-') && e.name.endsWith('.jsonl')) {
        for (const line of readFileSync(p, 'utf8').split('\n'))
          if (line.trim()) out.push(JSON.parse(line) as RolloutLine);
      }
    }
  };
  walk(join(sb.home, '.codex', 'sessions'));
  return out;
}

/**
 * Codex 0.171 reports no hook duration anywhere a headless run can read (`exec --json` has no hook events,
 * `RUST_LOG=codex_hooks=trace` prints none, its logs database stays empty), so the time around each shell call
 * comes from the session rollout's own timestamps: model's function_call → command start (end − duration) is
 * the PreToolUse gap, command end → function_call_output the PostToolUse gap. Codex's own bookkeeping is in
 * both; a run without hooks gives that floor.
 */
export function shellHookGapsFromRollout(sb: Sandbox): Record<string, HookTiming> {
  const calledAt = new Map<string, number>();
  const ran = new Map<string, { start: number; end: number }>();
  const by: Record<string, number[]> = { PreToolUse: [], PostToolUse: [] };
  for (const l of rolloutLines(sb)) {
    const t = Date.parse(l.timestamp);
    const p = l.payload;
    if (l.type === 'response_item' && p.type === 'function_call' && p.call_id) calledAt.set(p.call_id, t);
    if (
      l.type === 'event_msg' &&
      p.type === 'item_completed' &&
      p.item?.type === 'CommandExecution' &&
      p.item.id &&
      p.item.duration
    ) {
      ran.set(p.item.id, { start: t - (p.item.duration.secs * 1000 + p.item.duration.nanos / 1e6), end: t });
    }
    if (l.type === 'response_item' && p.type === 'function_call_output' && p.call_id) {
      const call = calledAt.get(p.call_id);
      const cmd = ran.get(p.call_id);
      if (call === undefined || !cmd) continue;
      by.PreToolUse!.push(Math.round(cmd.start - call));
      by.PostToolUse!.push(Math.round(t - cmd.end));
    }
  }
  return summarizeTimings(by);
}
