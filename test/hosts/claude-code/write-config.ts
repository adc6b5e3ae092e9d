import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hookCommand, mcpServerCommand } from '../hook-command.js';
import type { Sandbox } from '../isolate.js';

/**
 * Wires context-mode into Claude Code the way a user would: hooks in `~/.claude/settings.json`, the MCP server
 * in user scope (`~/.claude.json`). The one place the suite writes Claude's config; `context-mode setup` is to
 * replace it.
 */
export function writeClaudeCodeConfig(sb: Sandbox, timings: string): void {
  const events = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'PreCompact', 'SessionStart', 'Stop'];
  const hooks: Record<string, unknown> = {};
  for (const e of events) {
    hooks[e] = [{ matcher: '', hooks: [{ type: 'command', command: hookCommand('claude-code', e.toLowerCase(), timings), timeout: 30 }] }];
  }
  mkdirSync(join(sb.home, '.claude'), { recursive: true });
  writeFileSync(join(sb.home, '.claude', 'settings.json'), JSON.stringify({ hooks }, null, 2));
  const server = mcpServerCommand();
  writeFileSync(
    join(sb.home, '.claude.json'),
    JSON.stringify(
      {
        hasCompletedOnboarding: true,
        mcpServers: { 'context-mode': { type: 'stdio', command: server.command, args: server.args, env: { CONTEXT_MODE_HOME: sb.cmHome } } },
      },
      null,
      2,
    ),
  );
}
