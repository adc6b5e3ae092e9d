import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { getHost } from '@context-mode/shared/platforms/host-table';
import { setAt } from '@context-mode/shared/setup/jsonc-edit';
import { applyFixes } from '../../src/doctor/doctor-fixes.js';
import { runHostChecks, type HostCheck } from '../../src/doctor/host-checks.js';
import { defaultLauncher, ownBin, runSetup } from '../../src/setup/run-setup.js';
import { removeTempWorlds, tempWorld } from './temp-world.js';

after(removeTempWorlds);

const BIN = fileURLToPath(new URL('../../bin/context-mode.cjs', import.meta.url));

function world() {
  const { root, home, project, env } = tempWorld('cm-doctor-');
  // As the CLI would pin it for this env (its CONTEXT_MODE_HOME included), so doctor --fix finds nothing else to change.
  const launcher = defaultLauncher(env, ownBin());
  const setup = (id: Parameters<typeof getHost>[0]) =>
    runSetup({ hosts: [getHost(id)], scope: 'user', project, env, home, launcher });
  const checks = (setUp: string[] = []) => runHostChecks({ env, home, project, setUp });
  /** The built CLI, as the user runs it in this world. */
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args, '--project', project], {
      env,
      cwd: project,
      encoding: 'utf8',
      timeout: 60_000,
    });
  return { root, home, project, env, setup, checks, cli };
}

const of = (checks: HostCheck[], name: string) => checks.filter((c) => c.name === name);

describe('doctor checks each host setup wrote, and --fix repairs what is safe to repair', () => {
  it('a fresh setup checks OK', () => {
    const w = world();
    w.setup('claude-code');
    const c = w.checks(['claude-code']);
    assert.deepEqual(
      of(c, 'claude-code MCP').map((x) => x.status),
      ['OK'],
    );
    assert.deepEqual(
      of(c, 'claude-code hooks').map((x) => x.status),
      ['OK'],
    );
  });

  it('a stale hand-written context-mode hook and a duplicate of ours are found; --fix removes them and keeps the rest', () => {
    const w = world();
    w.setup('claude-code');
    const file = join(w.home, '.claude/settings.json');
    let text = readFileSync(file, 'utf8');
    const ours = JSON.parse(text).hooks.PreToolUse[0];
    text = setAt(text, ['hooks', 'PreToolUse', -1], ours);
    text = setAt(text, ['hooks', 'PreToolUse', -1], {
      matcher: 'Bash',
      hooks: [{ type: 'command', command: 'context-mode hook claude-code pretooluse' }],
    });
    text = setAt(text, ['hooks', 'PreToolUse', -1], {
      matcher: 'Bash',
      hooks: [{ type: 'command', command: 'my-linter' }],
    });
    writeFileSync(file, text);
    const c = of(w.checks(['claude-code']), 'claude-code hooks');
    assert.ok(
      c.some((x) => x.status === 'WARN' && /older hand-written/.test(x.detail)),
      JSON.stringify(c),
    );
    assert.ok(
      c.some((x) => x.status === 'FAIL' && /PreToolUse runs our hook 2 times/.test(x.detail)),
      JSON.stringify(c),
    );
    applyFixes(
      c.flatMap((x) => (x.autoFix ? [x.autoFix] : [])),
      { env: w.env, home: w.home, project: w.project },
    );
    assert.deepEqual(
      of(w.checks(['claude-code']), 'claude-code hooks').map((x) => x.status),
      ['OK'],
    );
    const pre = JSON.parse(readFileSync(file, 'utf8')).hooks.PreToolUse as {
      hooks: { command?: string; tool?: string }[];
    }[];
    // Ours on PreToolUse is an mcp_tool hook calling ctx_hook (no process per call).
    assert.deepEqual(
      pre.map((e) => (e.hooks[0]!.tool === 'ctx_hook' ? 'ours' : e.hooks[0]!.command)),
      ['ours', 'my-linter'],
    );
  });

  it('Gemini hooks without hooksConfig.enabled, and an MCP entry that starts the npm package context-mode, FAIL and are fixed', () => {
    const w = world();
    w.setup('gemini-cli');
    const file = join(w.home, '.gemini/settings.json');
    let text = readFileSync(file, 'utf8');
    text = setAt(text, ['hooksConfig', 'enabled'], false);
    text = setAt(text, ['mcpServers', 'context-mode'], { command: 'npx', args: ['-y', 'context-mode'] });
    writeFileSync(file, text);
    const c = w.checks(['gemini-cli']);
    assert.match(of(c, 'gemini-cli hooks').find((x) => x.status === 'FAIL')?.detail ?? '', /hooksConfig\.enabled/);
    assert.match(of(c, 'gemini-cli MCP').find((x) => x.status === 'FAIL')?.detail ?? '', /another product/);
    applyFixes(
      c.flatMap((x) => (x.autoFix ? [x.autoFix] : [])),
      { env: w.env, home: w.home, project: w.project },
    );
    const again = w.checks(['gemini-cli']);
    assert.deepEqual(
      [...of(again, 'gemini-cli MCP'), ...of(again, 'gemini-cli hooks')].map((x) => x.status),
      ['OK', 'OK'],
    );
  });

  it('a pinned bin that no longer exists FAILs with the setup command as the fix; a malformed file FAILs with its position', () => {
    const w = world();
    runSetup({
      hosts: [getHost('cursor')],
      scope: 'user',
      project: w.project,
      env: w.env,
      home: w.home,
      launcher: { kind: 'pinned', node: process.execPath, bin: join(w.root, 'gone.cjs') },
    });
    const c = w.checks(['cursor']);
    const mcp = of(c, 'cursor MCP')[0]!;
    assert.equal(mcp.status, 'FAIL');
    assert.match(mcp.fix ?? '', /ctxmode setup --host cursor/);
    writeFileSync(join(w.home, '.cursor/hooks.json'), '{"version": 1, "hooks": {');
    const broken = of(w.checks(['cursor']), 'cursor hooks')[0]!;
    assert.equal(broken.status, 'FAIL');
    assert.match(broken.detail, /line 1/);
  });

  it('an older hand-written .github/hooks file running context-mode beside ours is found (hooks would run twice) and --fix empties it', () => {
    const w = world();
    runSetup({
      hosts: [getHost('vscode-copilot')],
      scope: 'project',
      project: w.project,
      env: w.env,
      home: w.home,
      parts: ['hooks'],
    });
    const old = join(w.project, '.github/hooks/old.json');
    writeFileSync(
      old,
      JSON.stringify(
        {
          hooks: {
            PreToolUse: [{ type: 'command', command: 'context-mode hook vscode-copilot pretooluse' }],
            Stop: [{ type: 'command', command: 'notify' }],
          },
        },
        null,
        2,
      ),
    );
    const c = of(w.checks(['vscode-copilot']), 'vscode-copilot hooks');
    const twice = c.find((x) => x.detail.includes('old.json'));
    assert.equal(twice?.status, 'WARN');
    assert.match(twice!.detail, /runs twice/);
    applyFixes([twice!.autoFix!], { env: w.env, home: w.home, project: w.project });
    assert.deepEqual(JSON.parse(readFileSync(old, 'utf8')).hooks, {
      PreToolUse: [],
      Stop: [{ type: 'command', command: 'notify' }],
    });
    assert.equal(
      of(w.checks(['vscode-copilot']), 'vscode-copilot hooks').filter((x) => x.detail.includes('old.json')).length,
      0,
    );
  });

  it('Kimi [[hooks]] written by setup check OK; a deleted one is a FAIL that --fix restores', () => {
    const w = world();
    w.setup('kimi');
    assert.deepEqual(
      of(w.checks(['kimi']), 'kimi hooks').map((x) => x.status),
      ['OK'],
    );
    const toml = join(w.home, '.kimi-code/config.toml');
    const text = readFileSync(toml, 'utf8');
    writeFileSync(toml, text.replace(/\[\[hooks\]\]\nevent = "Stop"\ncommand = "[^\n]*"\n\n?/, ''));
    const c = of(w.checks(['kimi']), 'kimi hooks');
    assert.match(c[0]?.detail ?? '', /no hook for Stop/);
    applyFixes(
      c.flatMap((x) => (x.autoFix ? [x.autoFix] : [])),
      { env: w.env, home: w.home, project: w.project },
    );
    assert.deepEqual(
      of(w.checks(['kimi']), 'kimi hooks').map((x) => x.status),
      ['OK'],
    );
  });

  it('Codex: no trusted hook in config.toml FAILs (ours are skipped silently); with trust entries it is a reminder', () => {
    const w = world();
    w.setup('codex');
    const trust = () => of(w.checks(['codex']), 'codex hook trust')[0]!;
    assert.equal(trust().status, 'FAIL');
    assert.match(trust().fix ?? '', /\/hooks/);
    const toml = join(w.home, '.codex/config.toml');
    writeFileSync(
      toml,
      `${readFileSync(toml, 'utf8')}\n[hooks.state."user:pre_tool_use:0"]\ntrusted_hash = "sha256:00"\n`,
    );
    assert.equal(trust().status, 'WARN');
  });

  it('an orphan server (its parent gone) is found and --fix stops it', async (t) => {
    const w = world();
    // `sh` starts a long sleeper in the background and exits: the sleeper's parent becomes pid 1.
    const pidText = spawnSync(
      '/bin/sh',
      ['-c', `${JSON.stringify(process.execPath)} -e "setTimeout(() => {}, 60000)" >/dev/null 2>&1 & echo $!`],
      { encoding: 'utf8' },
    ).stdout.trim();
    const pid = Number(pidText);
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== 1)
        return t.skip('this machine has a subreaper: orphans are not re-parented to pid 1');
      mkdirSync(join(w.env.CONTEXT_MODE_HOME!, 'run'), { recursive: true });
      writeFileSync(
        join(w.env.CONTEXT_MODE_HOME!, 'run', `mcp-${pid}.json`),
        JSON.stringify({
          pid,
          projectId: 'x',
          projectRoot: w.project,
          startedAt: new Date().toISOString(),
          host: null,
        }),
      );
      const orphan = of(w.checks(), 'orphan servers')[0]!;
      assert.equal(orphan.status, 'WARN');
      assert.match(orphan.detail, new RegExp(`pids ${pid}`));
      applyFixes([orphan.autoFix!], { env: w.env, home: w.home, project: w.project });
      // Stopped = gone, or a zombie waiting for pid 1 to reap it.
      const running = () => {
        try {
          const st = readFileSync(`/proc/${pid}/stat`, 'utf8');
          return st.slice(st.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
        } catch {
          return false;
        }
      };
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && running()) await new Promise((r) => setTimeout(r, 50));
      assert.equal(running(), false, 'the orphan was stopped');
    } finally {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });

  it('`ctxmode doctor --fix --json` (built CLI) re-runs setup for a host whose hooks were deleted', () => {
    const w = world();
    w.setup('codex');
    rmSync(join(w.home, '.codex/hooks.json'));
    const bin = fileURLToPath(new URL('../../bin/context-mode.cjs', import.meta.url));
    const run = () =>
      spawnSync(process.execPath, [bin, 'doctor', '--fix', '--json', '--project', w.project], {
        env: w.env,
        cwd: w.project,
        encoding: 'utf8',
      });
    const r = run();
    const report = JSON.parse(r.stdout) as { checks: HostCheck[] };
    assert.match(r.stderr, /fixed: codex: setup re-run \(create .*hooks\.json/);
    assert.deepEqual(
      of(report.checks, 'codex hooks').map((x) => x.status),
      ['OK'],
    );
  });

  it('`ctxmode doctor --fix` leaves a host the user uninstalled alone; `setup` takes it back', () => {
    const w = world();
    // The user's own Claude settings: the host stays detected after our part is gone.
    const settings = join(w.home, '.claude', 'settings.json');
    mkdirSync(join(w.home, '.claude'), { recursive: true });
    writeFileSync(settings, '{ "model": "opus" }\n');
    const cli = w.cli;
    w.setup('claude-code');
    assert.equal(cli('uninstall', '--host', 'claude-code').status, 0);
    assert.equal(readFileSync(settings, 'utf8'), '{ "model": "opus" }\n');

    const r = cli('doctor', '--fix', '--json');
    const report = JSON.parse(r.stdout) as { checks: HostCheck[] };
    assert.doesNotMatch(r.stderr, /claude-code: setup re-run/);
    assert.deepEqual(
      of(report.checks, 'claude-code MCP').map((x) => [x.status, x.detail]),
      [['OK', 'not set up (you uninstalled it; `ctxmode setup --host claude-code` takes it back)']],
    );
    assert.equal(readFileSync(settings, 'utf8'), '{ "model": "opus" }\n', 'no hook re-added');
    assert.equal(existsSync(join(w.home, '.claude.json')), false, 'no server re-registered');

    // Set up again, it is wanted again: doctor checks and repairs it as before.
    assert.equal(cli('setup', '--host', 'claude-code').status, 0);
    rmSync(join(w.home, '.claude.json'));
    const again = cli('doctor', '--fix', '--json');
    assert.match(again.stderr, /claude-code: setup re-run/);
    assert.ok(existsSync(join(w.home, '.claude.json')));
  });

  it('`doctor --fix` also leaves alone a host whose uninstall found our entries but no record of setup', () => {
    const w = world();
    const settings = join(w.home, '.claude', 'settings.json');
    mkdirSync(join(w.home, '.claude'), { recursive: true });
    writeFileSync(settings, '{ "model": "opus" }\n');
    const cli = w.cli;
    // Set up by a version that kept no record (or the record was lost): our entries are there, state.json is not.
    w.setup('claude-code');
    rmSync(join(w.env.CONTEXT_MODE_HOME!, 'setup', 'state.json'), { force: true });
    assert.equal(cli('uninstall', '--host', 'claude-code').status, 0);
    assert.equal(
      existsSync(join(w.home, '.claude.json')) &&
        /context-mode/.test(readFileSync(join(w.home, '.claude.json'), 'utf8')),
      false,
    );
    const r = cli('doctor', '--fix', '--json');
    assert.doesNotMatch(r.stderr, /claude-code: setup re-run/);
    assert.equal(
      existsSync(join(w.home, '.claude.json')) &&
        /context-mode/.test(readFileSync(join(w.home, '.claude.json'), 'utf8')),
      false,
      'no server re-registered',
    );
  });
});
