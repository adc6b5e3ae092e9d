import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeModel } from '../fake-model/server.js';
import type { Sandbox } from '../isolate.js';
import { summarizeTimings, type HookTiming } from '../report.js';
import { CLAUDE_CODE } from '../install-host.js';
import { runHost, type HostRun } from '../run-host.js';

/** `claude -p` headless against the fake model; `resume` continues a session by id. */
export function runClaude(
  bin: string,
  sb: Sandbox,
  model: FakeModel,
  prompt: string,
  opts: { resume?: string; timeoutMs?: number } = {},
): Promise<HostRun> {
  const env = {
    ...sb.env,
    ANTHROPIC_BASE_URL: model.url,
    ANTHROPIC_API_KEY: 'sk-ant-fake',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_TERMINAL_TITLE: '1',
    // MCP tools offered directly, not deferred behind ToolSearch, so a scripted model can call them by name.
    ENABLE_TOOL_SEARCH: 'false',
  };
  const args = [
    '-p',
    prompt,
    '--output-format',
    'stream-json',
    '--verbose',
    '--model',
    'claude-sonnet-4-5',
    '--allowedTools',
    'Bash',
    'Read',
    'mcp__context-mode',
    '--debug-file',
    join(sb.root, 'claude-debug.log'),
    ...(opts.resume ? ['--resume', opts.resume] : []),
  ];
  return runHost(bin, args, { cwd: sb.project, env, timeoutMs: opts.timeoutMs ?? 240_000, host: CLAUDE_CODE });
}

/** The session id Claude prints in its stream-json `system` init line. */
export function sessionIdOf(run: HostRun): string | undefined {
  for (const line of run.stdout.split('\n')) {
    try {
      const j = JSON.parse(line) as { session_id?: string };
      if (j.session_id) return j.session_id;
    } catch {
      /* not JSON */
    }
  }
  return undefined;
}

/**
 * Hook wall time per event as Claude Code itself measured it: its debug file has one line per command hook,
 * `Hooks: PostToolUse:Bash [<command>] finished with status 0 (720ms)` (2.1.332), so setup's commands run as
 * written. Every run of the sandbox appends to the same file (resume and compact included).
 */
export function hookTimingsFromDebugLog(sb: Sandbox): Record<string, HookTiming> {
  const file = join(sb.root, 'claude-debug.log');
  const by: Record<string, number[]> = {};
  if (existsSync(file)) {
    for (const m of readFileSync(file, 'utf8').matchAll(
      /Hooks: (\w+)(?::\S+)? \[.*\] finished with status \d+ \((\d+)ms\)$/gm,
    )) {
      (by[m[1]!] ??= []).push(Number(m[2]));
    }
  }
  return summarizeTimings(by);
}
