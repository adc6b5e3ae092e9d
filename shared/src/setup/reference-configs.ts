import { basename } from 'node:path';
import type { HostRecord } from '../platforms/types.js';
import { planHostSetup } from './plan-setup.js';

/**
 * The MCP registration and hooks file setup would write for a host into empty files, with the portable
 * command (`ctxmode`, no absolute paths) — the reference copies under configs/<host>/. Produced by the same
 * planner setup runs, so they cannot drift from it. Named as the host names the file (`.mcp.json`,
 * `config.toml`, `settings.json`, OpenCode's plugin `context-mode.ts`, Kimi's hooks `config.toml`), except a
 * hooks-only JSON file, which is `hooks.json`.
 */
export function referenceConfigFiles(host: HostRecord): { name: string; content: string }[] {
  const planned = planHostSetup(host, {
    scope: 'project',
    project: '/project',
    launcher: { kind: 'portable' },
    paths: { platform: 'linux', home: '/home/user', env: {} },
    read: () => undefined,
  });
  // Project files are portable anyway; hosts with user-level files only (Codex config.toml, JetBrains mcp.json)
  // get the portable launcher here too, which is what a reference copy should show.
  return planned.files
    .filter((f) => f.after !== undefined && !f.parts.includes('instructions'))
    .map((f) => {
      const both = f.parts.includes('mcp') && f.parts.includes('hooks');
      const name = both || f.parts.includes('mcp') || f.format !== 'json' ? basename(f.path) : 'hooks.json';
      return { name, content: f.after! };
    });
}
