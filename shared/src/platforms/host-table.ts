import { antigravity } from './hosts/antigravity.js';
import { claudeCode } from './hosts/claude-code.js';
import { codex } from './hosts/codex.js';
import { copilotCli } from './hosts/copilot-cli.js';
import { cursor } from './hosts/cursor.js';
import { geminiCli } from './hosts/gemini-cli.js';
import { jetbrainsCopilot } from './hosts/jetbrains-copilot.js';
import { kimi } from './hosts/kimi.js';
import { kiro } from './hosts/kiro.js';
import { opencode } from './hosts/opencode.js';
import { pi } from './hosts/pi.js';
import { qwenCode } from './hosts/qwen-code.js';
import { vscodeCopilot } from './hosts/vscode-copilot.js';
import { zed } from './hosts/zed.js';
import type { HostId, HostRecord } from './types.js';

/**
 * Every host, in env-detection order: agent CLIs whose env vars only they set come first, editors whose
 * variables leak into every terminal they open (Cursor is a VS Code fork and sets VSCODE_* too) come last.
 */
const HOSTS: readonly HostRecord[] = Object.freeze([
  claudeCode,
  geminiCli,
  qwenCode,
  codex,
  copilotCli,
  kiro,
  kimi,
  opencode,
  antigravity,
  pi,
  cursor,
  zed,
  jetbrainsCopilot,
  vscodeCopilot,
]);

const BY_ID = new Map<string, HostRecord>(HOSTS.map((h) => [h.id, h]));
const BY_NAME = new Map<string, HostRecord>();
for (const host of HOSTS) {
  BY_NAME.set(host.id, host);
  for (const alias of host.aliases ?? []) BY_NAME.set(alias.toLowerCase(), host);
}

/** All host records, in detection order. */
export function allHosts(): readonly HostRecord[] {
  return HOSTS;
}

/** The record for `id`; throws on an id that is not in the table (a programming error, not user input). */
export function getHost(id: HostId): HostRecord {
  const host = BY_ID.get(id);
  if (!host) throw new Error(`unknown host id: ${id}`);
  return host;
}

/** What a command says when `--host` names no host: the name given and every id it takes. */
export function unknownHostMessage(name: string): string {
  return `unknown host "${name}"; one of: ${HOSTS.map((h) => h.id).join(', ')}`;
}

/** The host named by an id or alias, case-insensitively (user input: CONTEXT_MODE_PLATFORM, the hook command). */
export function findHostByName(name: string | undefined): HostRecord | undefined {
  if (!name) return undefined;
  return BY_NAME.get(name.trim().toLowerCase());
}
