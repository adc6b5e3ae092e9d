import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { allHosts, getHost } from '@context-mode/shared/platforms/host-table';
import { registerAllCommands } from '../../src/cli/commands/all.js';
import { runHostChecks } from '../../src/doctor/host-checks.js';
import { ownBin, runSetup } from '../../src/setup/run-setup.js';
import { runUninstall } from '../../src/setup/run-uninstall.js';
import { removeTempWorlds, tempWorld } from './temp-world.js';

after(removeTempWorlds);

const BIN = fileURLToPath(new URL('../../bin/context-mode.cjs', import.meta.url));
const launcher = { kind: 'pinned', node: process.execPath, bin: ownBin() } as const;
const DEPTH = 10_000;

/** A file nested DEPTH levels deep in the file's own format (what a runaway generator or a fuzzer leaves). */
function deep(path: string): string {
  if (path.endsWith('.toml')) return `a = ${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}\n`;
  if (path.endsWith('.json') || path.endsWith('.jsonc')) return `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}\n`;
  return undefined as never;
}

test('a settings file nested 10,000 deep: setup, doctor and uninstall name the file and the fix, for every host', () => {
  const w = tempWorld('cm-odd-');
  const hosts = allHosts();
  const plan = runSetup({ hosts, scope: 'user', project: w.project, env: w.env, home: w.home, launcher, dryRun: true });
  const files = plan.hosts.flatMap((h) => h.files.map((f) => f.path)).filter((p) => /\.(json|jsonc|toml)$/.test(p));
  assert.ok(files.length >= 10, `config files of every host: ${files.length}`);
  for (const f of files) {
    mkdirSync(dirname(f), { recursive: true });
    writeFileSync(f, deep(f));
  }
  const messages: string[] = [];
  for (const r of [
    runSetup({ hosts, scope: 'user', project: w.project, env: w.env, home: w.home, launcher }),
    runUninstall({ hosts, scope: 'user', project: w.project, env: w.env, home: w.home, launcher }),
  ]) {
    for (const f of r.hosts.flatMap((h) => h.files)) {
      if (!files.includes(f.path)) continue;
      assert.equal(f.action, 'error', `${f.path}: ${f.action}`);
      assert.match(f.error!.message, /nested too deeply to edit safely/);
      assert.ok(f.error!.message.includes(f.path) && f.error!.fix?.includes(f.path), JSON.stringify(f.error));
      messages.push(f.error!.message);
    }
  }
  const checks = runHostChecks({ env: w.env, home: w.home, project: w.project, setUp: hosts.map((h) => h.id) });
  for (const c of checks) assert.doesNotMatch(c.detail, /Maximum call stack/, c.name);
  const failing = checks.filter((c) => c.status === 'FAIL' && files.some((f) => c.detail.includes(f)));
  assert.ok(failing.length >= 10, `doctor FAILs the deep files: ${failing.length}`);
  for (const c of failing) {
    assert.doesNotMatch(`${c.detail} ${c.fix}`, /Maximum call stack|excessively nested/, `${c.name}: ${c.detail}`);
    assert.ok(c.detail.length < 400, `${c.name}: a short detail, not the file quoted (${c.detail.length} chars)`);
    assert.ok(files.some((f) => c.detail.includes(f)) && c.fix, `${c.name} names the file and a fix: ${c.detail}`);
  }
  assert.ok(!messages.some((m) => /Maximum call stack/.test(m)));
});

test('a settings path that is a directory: setup errors naming it, doctor FAILs naming it (not just WARN)', () => {
  const w = tempWorld('cm-odd-');
  const settings = join(w.home, '.gemini/settings.json');
  mkdirSync(settings, { recursive: true });
  const plan = runSetup({
    hosts: [getHost('gemini-cli')],
    scope: 'user',
    project: w.project,
    env: w.env,
    home: w.home,
    launcher,
  });
  const f = plan.hosts[0]!.files.find((x) => x.path === settings)!;
  assert.equal(f.action, 'error');
  assert.equal(f.error!.message, `${settings} is a directory, where a settings file belongs`);
  assert.match(f.error!.fix ?? '', /Move .* aside/);
  assert.equal(plan.ok, false);
  const checks = runHostChecks({ env: w.env, home: w.home, project: w.project, setUp: ['gemini-cli'] });
  const mine = checks.filter((c) => c.name.startsWith('gemini-cli'));
  assert.ok(mine.length > 0);
  for (const c of mine) {
    assert.equal(c.status, 'FAIL', `${c.name}: ${c.detail}`);
    assert.equal(c.detail, `${settings} is a directory, where Gemini CLI reads a file`);
    assert.match(c.fix ?? '', /Move .* aside .* ctxmode setup --host gemini-cli/);
  }
});

/** Every command (and subcommand) that takes --project, with placeholder values for its arguments. */
function commandsWithProject(): string[][] {
  const program = new Command('ctxmode');
  registerAllCommands(program);
  const out: string[][] = [];
  const walk = (cmd: Command, path: string[]): void => {
    for (const sub of cmd.commands) {
      const argv = [...path, sub.name()];
      if (sub.options.some((o) => o.long === '--project'))
        out.push([...argv, ...sub.registeredArguments.filter((a) => a.required).map(() => 'x')]);
      walk(sub, argv);
    }
  };
  walk(program, []);
  return out;
}

test('--project naming a directory that does not exist is an error for every command that takes it; no data folder is made', () => {
  const w = tempWorld('cm-odd-');
  const commands = commandsWithProject();
  assert.ok(commands.length >= 12, commands.map((c) => c.join(' ')).join(', '));
  const missing = join(w.root, 'no-such-project');
  for (const argv of commands) {
    const r = spawnSync(process.execPath, [BIN, ...argv, '--project', missing], {
      env: w.env,
      cwd: w.project,
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.notEqual(r.status, 0, `${argv.join(' ')} accepted a missing project`);
    assert.ok(
      r.stderr.includes(`--project ${missing}: no such directory`),
      `${argv.join(' ')}: ${r.stderr || r.stdout}`,
    );
  }
  assert.equal(existsSync(w.env.CONTEXT_MODE_HOME!), false, 'no data folder was created');
  assert.equal(existsSync(missing), false);
  // With --json the same refusal is the JSON error shape.
  const json = spawnSync(process.execPath, [BIN, 'stats', '--json', '--project', missing], {
    env: w.env,
    encoding: 'utf8',
  });
  assert.match((JSON.parse(json.stdout) as { message: string }).message, /no such directory/);
});
