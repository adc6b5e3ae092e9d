import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { SetupPlan } from '@context-mode/shared/protocol/setup';
import { REPO_PACKAGE_NAME } from '@context-mode/shared/setup/product';
import { BIN } from '../helpers/mcp-client.js';
import { removeTempWorlds, tempWorld } from '../setup/temp-world.js';

after(removeTempWorlds);

const run = (args: string[], w: ReturnType<typeof tempWorld>) =>
  spawnSync(process.execPath, [BIN, ...args], { env: w.env, cwd: w.project, encoding: 'utf8', timeout: 60_000 });

test('setup prints what it changed, the host to restart, and one verify command that checks that host', () => {
  const w = tempWorld('cm-setup-next-');
  const r = run(['setup', '--host', 'claude-code', '--project', w.project], w);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /create +\S+\.claude\/settings\.json/);
  assert.match(r.stdout, /^Changed 3 files \(above; `ctxmode uninstall` takes our part out again\)\.$/m);
  assert.match(r.stdout, /^Next: restart Claude Code so it loads the context-mode server and hooks\.$/m);
  const verify = /^Verify: (ctxmode doctor .*)$/m.exec(r.stdout)?.[1];
  assert.equal(verify, `ctxmode doctor --host claude-code --project ${JSON.stringify(w.project)}`);

  // The verify command as printed: this host's lines, no other host's, and it passes.
  const doctor = run(['doctor', '--host', 'claude-code', '--project', w.project], w);
  assert.equal(doctor.status, 0, doctor.stdout);
  assert.match(doctor.stdout, /\[OK\] claude-code MCP/);
  assert.match(doctor.stdout, /\[OK\] claude-code hooks/);
  assert.doesNotMatch(doctor.stdout, /gemini-cli|codex|cursor/);

  const again = run(['setup', '--host', 'claude-code', '--project', w.project], w);
  assert.match(again.stdout, /^Nothing changed: every file already holds our part; no restart needed\.$/m);

  const gone = run(['uninstall', '--host', 'claude-code', '--project', w.project], w);
  assert.match(gone.stdout, /^Next: restart Claude Code so it stops running context-mode\.$/m);

  // Uninstall of every host once nothing of ours is left says so rather than printing an empty line.
  const none = run(['uninstall', '--project', w.project], w);
  assert.equal(none.status, 0, none.stderr);
  assert.equal(none.stdout, "Nothing to take out: no host's files hold anything of context-mode's.\n");
});

test('a host setup refused changed no file: setup does not count its other files as changed', () => {
  const w = tempWorld('cm-setup-next-');
  // A hand-written entry outside our block is a conflict: setup writes none of Codex's files.
  mkdirSync(join(w.home, '.codex'), { recursive: true });
  const original = '[mcp_servers.context-mode]\ncommand = "npx"\nargs = ["-y", "context-mode"]\n';
  writeFileSync(join(w.home, '.codex', 'config.toml'), original);
  const r = run(['setup', '--host', 'codex', '--project', w.project], w);
  assert.equal(r.status, 1, r.stdout);
  assert.match(r.stdout, /already defines \[mcp_servers\.context-mode\]/);
  assert.equal(existsSync(join(w.home, '.codex', 'hooks.json')), false, 'no hooks file written');
  assert.equal(existsSync(join(w.project, 'AGENTS.md')), false, 'no instruction file written');
  assert.equal(readFileSync(join(w.home, '.codex', 'config.toml'), 'utf8'), original);
  assert.doesNotMatch(r.stdout, /^Changed \d+ file/m, r.stdout);
  assert.doesNotMatch(r.stdout, /^Nothing changed: every file already holds our part/m, r.stdout);
  assert.doesNotMatch(r.stdout, /^ +create /m, 'no file is listed as created');
});

test('`doctor --host` with an id no host has says so and lists the ids', () => {
  const w = tempWorld('cm-setup-next-');
  const r = run(['doctor', '--host', 'nosuchhost', '--project', w.project], w);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /unknown host "nosuchhost"; one of: .*claude-code/);
});

test('setup without --project inside a clone of context-mode writes no project file there and says how to name one', () => {
  const w = tempWorld('cm-setup-clone-');
  writeFileSync(
    join(w.project, 'package.json'),
    JSON.stringify({ name: REPO_PACKAGE_NAME, private: true, workspaces: ['shared', 'server'] }),
  );
  const r = run(['setup', '--host', 'claude-code'], w);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(existsSync(join(w.project, 'CLAUDE.md')), false, 'no CLAUDE.md in the clone');
  assert.ok(existsSync(join(w.home, '.claude/settings.json')), 'user-level files are still written');
  assert.ok(
    r.stdout.includes(
      `note: ${w.project} is a clone of context-mode itself, so no project files (instructions, project hooks) were written there; name your project to get them: ctxmode setup --project <your project dir>`,
    ),
    r.stdout,
  );

  const json = run(['setup', '--host', 'claude-code', '--json'], w);
  const plan = JSON.parse(json.stdout) as SetupPlan;
  assert.equal(plan.project, null, '--json stays the plan alone');
  assert.match(json.stderr, /clone of context-mode itself/);

  const scoped = run(['setup', '--host', 'claude-code', '--scope', 'project'], w);
  assert.equal(scoped.status, 2);
  assert.match(scoped.stderr, /clone of context-mode itself/);
  assert.equal(existsSync(join(w.project, '.mcp.json')), false);

  // Named explicitly, the clone is a project like any other (working on context-mode with context-mode).
  const named = run(['setup', '--host', 'claude-code', '--project', w.project], w);
  assert.equal(named.status, 0);
  assert.ok(existsSync(join(w.project, 'CLAUDE.md')));
});

test('an uninstall refused in one file says the other files were changed, not that the host was left alone', () => {
  const w = tempWorld('cm-uninstall-partial-');
  assert.equal(run(['setup', '--host', 'codex', '--project', w.project], w).status, 0);
  const config = join(w.home, '.codex', 'config.toml');
  // A server of the user's inside our markers: uninstall refuses that file rather than cut it with our block.
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      '# <<< context-mode',
      '[mcp_servers.github]\ncommand = "gh-mcp"\n# <<< context-mode',
    ),
  );
  const r = run(['uninstall', '--host', 'codex', '--project', w.project], w);
  assert.notEqual(r.status, 0);
  assert.match(r.stdout, /also holds \[mcp_servers\.github\]/);
  assert.match(r.stdout, /^ +delete +\S+hooks\.json/m);
  assert.doesNotMatch(r.stdout, /Hosts with an error were not changed/);
  assert.match(
    r.stdout,
    /^Files with an error were not changed; the others were\. Fix the files named above and run uninstall again\.$/m,
  );
});
