import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { removeTempWorlds, tempWorld } from './temp-world.js';

const BIN = fileURLToPath(new URL('../../bin/context-mode.cjs', import.meta.url));
after(removeTempWorlds);

function ctxmode(args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8', timeout: 60_000 });
}

it('setup --parts hooks,instructions writes the Copilot hook file and instructions but no mcp.json (the VS Code extension registers the server itself)', () => {
  const { project, env } = tempWorld('cm-parts-');
  const r = ctxmode(
    [
      'setup',
      '--host',
      'vscode-copilot',
      '--project',
      project,
      '--scope',
      'project',
      '--parts',
      'hooks,instructions',
      '--json',
    ],
    env,
  );
  assert.equal(r.status, 0, r.stderr);
  const plan = JSON.parse(r.stdout) as { hosts: { files: { path: string; parts: string[] }[] }[] };
  const parts = plan.hosts.flatMap((h) => h.files.flatMap((f) => f.parts));
  assert.deepEqual([...new Set(parts)].sort(), ['hooks', 'instructions']);
  assert.ok(existsSync(join(project, '.github/hooks/context-mode.json')));
  assert.ok(existsSync(join(project, '.github/copilot-instructions.md')));
  assert.equal(existsSync(join(project, '.vscode/mcp.json')), false);
});

it('setup --parts with an unknown part is a usage error that names the valid parts', () => {
  const { project, env } = tempWorld('cm-parts-');
  const r = ctxmode(
    ['setup', '--host', 'vscode-copilot', '--project', project, '--scope', 'project', '--parts', 'mcp,everything'],
    env,
  );
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--parts takes mcp, hooks, instructions \(got everything\)/);
});
