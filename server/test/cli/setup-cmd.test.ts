import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { SetupPlan } from '@context-mode/shared/protocol/setup';
import { BIN } from '../helpers/mcp-client.js';
import { removeTempWorlds, tempWorld } from '../setup/temp-world.js';

after(removeTempWorlds);

const run = (args: string[], w: ReturnType<typeof tempWorld>) =>
  spawnSync(process.execPath, [BIN, ...args], { env: w.env, cwd: w.project, encoding: 'utf8' });

test('`ctxmode setup --host jetbrains-copilot --json` prints the plan as context-mode.setup-plan/1 (what the JetBrains plugin reads)', () => {
  const w = tempWorld('cm-setup-cli-');
  const dry = run(['setup', '--host', 'jetbrains-copilot', '--dry-run', '--json'], w);
  assert.equal(dry.status, 0, dry.stderr);
  const plan = JSON.parse(dry.stdout) as SetupPlan;
  assert.equal(plan.schema, 'context-mode.setup-plan/1');
  assert.equal(plan.dryRun, true);
  assert.equal(plan.applied, false);
  assert.equal(plan.hosts[0]!.host, 'jetbrains-copilot');
  const files = plan.hosts[0]!.files;
  const mcp = join(w.home, '.config/github-copilot/intellij/mcp.json');
  assert.deepEqual(
    files.map((f) => [f.path, f.action, f.parts]),
    [
      [mcp, 'create', ['mcp']],
      [join(w.project, '.github/hooks/context-mode.json'), 'create', ['hooks']],
      [join(w.project, '.github/copilot-instructions.md'), 'create', ['instructions']],
    ],
  );
  assert.ok(files.every((f) => f.diff.includes('+')));
  assert.equal(existsSync(mcp), false, 'dry run writes nothing');

  const real = run(['setup', '--host', 'jetbrains-copilot', '--json'], w);
  assert.equal(real.status, 0, real.stderr);
  assert.equal((JSON.parse(real.stdout) as SetupPlan).applied, true);
  assert.deepEqual(Object.keys(JSON.parse(readFileSync(mcp, 'utf8')).servers), ['context-mode']);
  const again = JSON.parse(run(['setup', '--host', 'jetbrains-copilot', '--json'], w).stdout) as SetupPlan;
  assert.deepEqual(
    again.hosts[0]!.files.map((f) => f.action),
    ['unchanged', 'unchanged', 'unchanged'],
  );

  const gone = run(['uninstall', '--host', 'jetbrains-copilot', '--json'], w);
  assert.equal(gone.status, 0, gone.stderr);
  assert.equal(existsSync(mcp), false);
  assert.equal(existsSync(join(w.project, '.github/hooks/context-mode.json')), false);
});

test('an unknown host is a usage error (exit 2) naming the known ones; a malformed file is exit 1 with the fix', () => {
  const w = tempWorld('cm-setup-cli-');
  const bad = run(['setup', '--host', 'notepad'], w);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /unknown host "notepad".*claude-code/);
  const settings = join(w.home, '.gemini');
  spawnSync('mkdir', ['-p', settings]);
  spawnSync('sh', ['-c', `printf '{ "a": ' > ${join(settings, 'settings.json')}`]);
  const broken = run(['setup', '--host', 'gemini-cli'], w);
  assert.equal(broken.status, 1);
  assert.match(broken.stdout, /error: .*settings\.json is not valid JSON.*\n\s+fix: /);
});
