import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeModel } from '../fake-model/server.js';
import type { Sandbox } from '../isolate.js';
import { OPENCODE } from '../install-host.js';
import { summarizeTimings, type HookTiming } from '../report.js';
import { runHost, type HostRun } from '../run-host.js';

/** The plugin's own timing file (its variable is unset for users): OpenCode logs no per-hook time. */
const PLUGIN_TIMINGS_ENV = 'CONTEXT_MODE_PLUGIN_TIMINGS_FILE';

function pluginTimingsPath(sb: Sandbox): string {
  return join(sb.root, 'opencode-plugin-timings.jsonl');
}

/** Wall time our in-process plugin spent per hook (bus events per type), from the lines it wrote. */
export function pluginTimings(sb: Sandbox): Record<string, HookTiming> {
  const file = pluginTimingsPath(sb);
  const by: Record<string, number[]> = {};
  if (!existsSync(file)) return {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const { hook, ms } = JSON.parse(line) as { hook: string; ms: number };
    (by[hook] ??= []).push(ms);
  }
  return summarizeTimings(by);
}

export function userConfigPath(sb: Sandbox): string {
  return join(sb.home, '.config', 'opencode', 'opencode.json');
}

/**
 * The user's own OpenCode config from before context-mode: the bundled Anthropic provider pointed at the fake
 * model (its `baseURL` option), no auto-update or sharing. `ctxmode setup --host opencode` merges into this file
 * and writes its plugin beside it. Returns the exact text, for the byte-for-byte check after uninstall.
 */
export function writeUserConfig(sb: Sandbox, model: FakeModel): string {
  const text = `{
  "$schema": "https://opencode.ai/config.json",
  // the model this user runs
  "model": "anthropic/claude-sonnet-4-5",
  "provider": { "anthropic": { "options": { "baseURL": "${model.url}/v1", "apiKey": "sk-ant-fake" } } },
  "autoupdate": false,
  "share": "disabled"
}
`;
  mkdirSync(join(sb.home, '.config', 'opencode'), { recursive: true });
  writeFileSync(userConfigPath(sb), text);
  return text;
}

/** `opencode run` headless, JSON events on stdout, permissions auto-approved as a user's `--auto` would. */
export function runOpenCode(
  bin: string,
  sb: Sandbox,
  prompt: string,
  opts: { timeoutMs?: number } = {},
): Promise<HostRun> {
  const env = {
    ...sb.env,
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    [PLUGIN_TIMINGS_ENV]: pluginTimingsPath(sb),
  };
  const args = ['run', '--format', 'json', '--print-logs', '--log-level', 'INFO', '--auto', prompt];
  return runHost(bin, args, { cwd: sb.project, env, timeoutMs: opts.timeoutMs ?? 240_000, host: OPENCODE });
}
