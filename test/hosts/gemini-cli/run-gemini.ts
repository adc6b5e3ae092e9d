import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeModel } from '../fake-model/server.js';
import type { Sandbox } from '../isolate.js';
import { summarizeTimings, type HookTiming } from '../report.js';
import { GEMINI_CLI } from '../install-host.js';
import { runHost, type HostRun } from '../run-host.js';

/**
 * The user's own Gemini settings from before context-mode, none of them context-mode's: what the interactive
 * auth dialog leaves in `~/.gemini/settings.json`, plus usage statistics, telemetry and update checks off so
 * nothing tries to leave the machine. `ctxmode setup` must merge into this file and `uninstall` give it back.
 * Gemini CLI 0.61 needs the auth type chosen: from the environment alone, `GOOGLE_GEMINI_BASE_URL` makes it pick
 * the "gateway" type, which headless mode rejects ("Invalid auth method selected."). (A system-defaults file
 * under the sandbox is refused: Gemini skips settings files below a world-writable /tmp.)
 */
export const USER_SETTINGS = `{
  // chosen in the auth dialog
  "security": { "auth": { "selectedType": "gemini-api-key" } },
  "privacy": { "usageStatisticsEnabled": false },
  "telemetry": { "enabled": false },
  "general": { "enableAutoUpdate": false, "enableAutoUpdateNotification": false }
}
`;

export function userSettingsPath(sb: Sandbox): string {
  return join(sb.home, '.gemini', 'settings.json');
}

export function writeUserSettings(sb: Sandbox): void {
  mkdirSync(join(sb.home, '.gemini'), { recursive: true });
  writeFileSync(userSettingsPath(sb), USER_SETTINGS);
}

/**
 * `gemini -p` headless against the fake model: API key, base URL, no relaunch into a child process and a
 * trusted workspace (the headless switch Gemini's own error message names) come from the environment.
 * `resume` continues a session (`latest` or an index).
 */
export function runGemini(
  bin: string,
  sb: Sandbox,
  model: FakeModel,
  prompt: string,
  opts: { resume?: string; timeoutMs?: number } = {},
): Promise<HostRun> {
  const env = {
    ...sb.env,
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
    GEMINI_API_KEY: 'fake-gemini-key',
    GOOGLE_GEMINI_BASE_URL: model.url,
    GEMINI_CLI_NO_RELAUNCH: 'true',
    GEMINI_DEBUG_LOG_FILE: join(sb.root, 'gemini-debug.log'),
  };
  const args = [
    '-p',
    prompt,
    '--output-format',
    'stream-json',
    '--yolo',
    // A model a user picks; a fixed one keeps the CLI from routing between models with classifier requests.
    '-m',
    'gemini-2.5-flash',
    ...(opts.resume ? ['--resume', opts.resume] : []),
  ];
  return runHost(bin, args, { cwd: sb.project, env, timeoutMs: opts.timeoutMs ?? 240_000, host: GEMINI_CLI });
}

/** The session id Gemini prints in its stream-json `init` line. */
export function sessionIdOf(run: HostRun): string | undefined {
  for (const line of run.stdout.split('\n')) {
    try {
      const j = JSON.parse(line) as { type?: string; session_id?: string };
      if (j.type === 'init' && j.session_id) return j.session_id;
    } catch {
      /* not JSON */
    }
  }
  return undefined;
}

/**
 * Hook wall time per event as Gemini itself measured it (its debug log: `Hook execution for AfterTool: 1 hooks
 * executed successfully, total duration: 65ms`), so setup's hook commands run exactly as written.
 */
export function hookTimingsFromDebugLog(sb: Sandbox): Record<string, HookTiming> {
  return hookTimingsFromLog([join(sb.root, 'gemini-debug.log')]);
}

/** The same log line in any host built on Gemini CLI's hook runner (Qwen Code 0.24 keeps it). */
export function hookTimingsFromLog(files: string[]): Record<string, HookTiming> {
  const by: Record<string, number[]> = {};
  for (const file of files.filter((f) => existsSync(f))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/Hook execution for (\w+): .*?total duration: (\d+)ms/g)) {
      (by[m[1]!] ??= []).push(Number(m[2]));
    }
  }
  return summarizeTimings(by);
}
