import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { FakeModel } from '../fake-model/server.js';
import type { Sandbox } from '../isolate.js';
import { QWEN_CODE } from '../install-host.js';
import { runHost, type HostRun } from '../run-host.js';

/**
 * The user's own Qwen Code settings from before context-mode: the OpenAI-compatible auth type chosen, usage
 * statistics, telemetry and update checks off, and the `$version` Qwen 0.24 stamps into the file on its first
 * start. `ctxmode setup --host qwen-code` merges into this file.
 */
export const USER_SETTINGS = `{
  // chosen in the auth dialog: an OpenAI-compatible endpoint
  "security": { "auth": { "selectedType": "openai" } },
  "privacy": { "usageStatisticsEnabled": false },
  "telemetry": { "enabled": false },
  "general": { "enableAutoUpdate": false },
  "$version": 4
}
`;

export function userSettingsPath(sb: Sandbox): string {
  return join(sb.home, '.qwen', 'settings.json');
}

export function writeUserSettings(sb: Sandbox): void {
  mkdirSync(join(sb.home, '.qwen'), { recursive: true });
  writeFileSync(userSettingsPath(sb), USER_SETTINGS);
}

/** Qwen writes its debug log per session to `~/.qwen/debug/<session id>.txt` when QWEN_DEBUG_LOG_FILE is on. */
export function debugLogPaths(sb: Sandbox): string[] {
  const dir = join(sb.home, '.qwen', 'debug');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.txt'))
        .map((f) => join(dir, f))
    : [];
}

/** `qwen "<prompt>"` headless (one-shot) against the fake model's OpenAI Chat Completions endpoint. */
export function runQwen(
  bin: string,
  node22: string,
  sb: Sandbox,
  model: FakeModel,
  prompt: string,
  opts: { resume?: string; timeoutMs?: number } = {},
): Promise<HostRun> {
  const env = {
    ...sb.env,
    PATH: `${node22}${delimiter}${sb.env.PATH ?? ''}`,
    OPENAI_API_KEY: 'sk-fake',
    OPENAI_BASE_URL: `${model.url}/v1`,
    OPENAI_MODEL: 'qwen3-coder-plus',
    QWEN_DEBUG_LOG_FILE: '1',
  };
  const args = [
    prompt,
    '--output-format',
    'stream-json',
    '--yolo',
    '-m',
    'qwen3-coder-plus',
    ...(opts.resume ? ['--resume', opts.resume] : []),
  ];
  return runHost(bin, args, { cwd: sb.project, env, timeoutMs: opts.timeoutMs ?? 240_000, host: QWEN_CODE });
}
