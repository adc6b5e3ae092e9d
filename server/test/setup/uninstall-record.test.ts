// What uninstall remembers, and the copies it keeps: a finished uninstall is not undone by `doctor --fix`, one
// killed half way is not undone by upgrade, and no copy of the user's bytes overwrites another.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it, mock } from 'node:test';
import { fileURLToPath } from 'node:url';
import { getHost } from '@context-mode/shared/platforms/host-table';
import type { HostId } from '@context-mode/shared/platforms/types';
import { setAt } from '@context-mode/shared/setup/jsonc-edit';
import { applyFixes } from '../../src/doctor/doctor-fixes.js';
import { runSetup, type SetupRunOptions } from '../../src/setup/run-setup.js';
import { runUninstall } from '../../src/setup/run-uninstall.js';
import { readSetupState } from '../../src/setup/setup-state.js';
import { backupFile, keepCopy } from '../../src/setup/write-file.js';
import { mcpAndHooksOf, removeTempWorlds, tempWorld } from './temp-world.js';

after(removeTempWorlds);

function world() {
  const w = tempWorld('cm-uninstall-');
  return { ...w, opts: (host: HostId, scope: 'user' | 'project' = 'user') => mcpAndHooksOf(w, host, scope) };
}

describe('uninstall records and copies', () => {
  it('an uninstall of every host remembers only the hosts that were set up', () => {
    const w = world();
    assert.ok(runSetup(w.opts('claude-code')).ok);
    const every: SetupRunOptions = { ...w.opts('claude-code'), hosts: [getHost('claude-code'), getHost('cursor')] };
    assert.ok(runUninstall(every).ok);
    assert.deepEqual(Object.keys(readSetupState(w.env).uninstalled ?? {}), ['claude-code']);
    // Setting it up again takes it off the list.
    assert.ok(runSetup(w.opts('claude-code')).ok);
    assert.equal(readSetupState(w.env).uninstalled, undefined);
  });

  it('`doctor --fix` does not set up a host the user uninstalled, whatever check offers it', () => {
    const w = world();
    assert.ok(runSetup(w.opts('claude-code')).ok);
    assert.ok(runUninstall(w.opts('claude-code')).ok);
    const lines = applyFixes([{ kind: 'setup', host: 'claude-code' }], {
      env: w.env,
      home: w.home,
      project: w.project,
    });
    assert.deepEqual(lines, [
      'claude-code: left alone (you asked to uninstall it; `ctxmode setup --host claude-code` takes it back)',
    ]);
    assert.equal(existsSync(join(w.home, '.claude.json')), false);
  });

  it('kill -9 during uninstall, at many points: a host with a file already cleaned is never left recorded as set up', async () => {
    const w = world();
    const hosts: HostId[] = ['claude-code', 'gemini-cli', 'codex'];
    const all: SetupRunOptions = { ...w.opts('claude-code'), hosts: hosts.map((h) => getHost(h)) };
    const bin = fileURLToPath(new URL('../../bin/context-mode.cjs', import.meta.url));
    const killedAfter = (ms: number) =>
      new Promise<boolean>((resolve) => {
        const child = spawn(process.execPath, [bin, 'uninstall', '--host', hosts.join(','), '--project', w.project], {
          env: w.env,
          cwd: w.project,
          stdio: 'ignore',
        });
        const timer = setTimeout(() => child.kill('SIGKILL'), ms);
        child.on('exit', (_code, signal) => (clearTimeout(timer), resolve(signal === 'SIGKILL')));
      });
    // Upgrade and the VS Code extension's background install re-run setup for every recorded host that is not
    // "uninstall requested": such a record beside a file whose entries are gone would put them back.
    const files: Record<string, string> = {
      'claude-code': join(w.home, '.claude.json'),
      'gemini-cli': join(w.home, '.gemini', 'settings.json'),
      codex: join(w.home, '.codex', 'config.toml'),
    };
    // The writes take a few ms at the end of a run of ~0.2 s: kill points 1 ms apart over the last third of a
    // measured run land among them (a sweep from 0 would mostly kill before or after).
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      assert.ok(runSetup(all).ok);
      const t0 = Date.now();
      await killedAfter(60_000);
      runs.push(Date.now() - t0);
    }
    const full = Math.min(...runs);
    let killed = 0;
    for (let ms = Math.floor(full * 0.6); ms <= full + 10; ms += 1) {
      assert.ok(runSetup(all).ok);
      if (await killedAfter(ms)) killed++;
      const state = readSetupState(w.env);
      for (const host of hosts) {
        const cleaned = !existsSync(files[host]!) || !readFileSync(files[host]!, 'utf8').includes('context-mode');
        const rec = state.hosts[host];
        assert.ok(
          !cleaned || !rec || rec.uninstallRequested,
          `killed at ${ms} ms: ${host} cleaned but recorded as set up`,
        );
      }
    }
    assert.ok(killed > 3, `${killed} uninstalls were killed before they finished`);
  });

  it('copies made in the same millisecond get their own names: none overwrites another', () => {
    const w = world();
    const dir = join(w.root, 'backups');
    const a = join(w.root, 'a', 'settings.json');
    const b = join(w.root, 'b', 'settings.json');
    mkdirSync(join(w.root, 'a'));
    mkdirSync(join(w.root, 'b'));
    writeFileSync(a, '{"a": 1}\n');
    writeFileSync(b, '{"b": 2}\n');
    mock.timers.enable({ apis: ['Date'], now: 1_700_000_000_000 });
    try {
      const copies = [
        backupFile(a, dir),
        backupFile(b, dir),
        keepCopy(dir, 'claude-code-mcp-entry.json', { env: { TOKEN: 'one' } }),
        keepCopy(dir, 'claude-code-mcp-entry.json', { env: { TOKEN: 'two' } }),
      ];
      assert.equal(new Set(copies).size, 4);
      assert.equal(readdirSync(dir).length, 4);
      assert.equal(readFileSync(copies[0]!, 'utf8'), '{"a": 1}\n');
      assert.equal(readFileSync(copies[1]!, 'utf8'), '{"b": 2}\n');
      assert.match(readFileSync(copies[2]!, 'utf8'), /"one"/);
      assert.match(readFileSync(copies[3]!, 'utf8'), /"two"/);
    } finally {
      mock.timers.reset();
    }
  });

  it("uninstall keeps one copy per file of the host's entries the user added to, each with its own values", () => {
    const w = world();
    assert.ok(runSetup(w.opts('claude-code')).ok);
    assert.ok(runSetup(w.opts('claude-code', 'project')).ok);
    const files = [join(w.home, '.claude.json'), join(w.project, '.mcp.json')];
    files.forEach((file, i) => {
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, setAt(text, ['mcpServers', 'context-mode', 'env', 'TOKEN'], `secret-${i}`));
    });
    const plan = runUninstall({ ...w.opts('claude-code'), hosts: [getHost('claude-code')] });
    assert.ok(plan.ok, JSON.stringify(plan.hosts[0]?.notes));
    const copies = plan.hosts[0]!.notes.flatMap((n) => /copy of it is in (\S+?)\.?$/.exec(n)?.[1] ?? []);
    assert.equal(copies.length, 2, plan.hosts[0]!.notes.join('\n'));
    assert.equal(new Set(copies).size, 2);
    const texts = copies.map((c) => readFileSync(c, 'utf8')).join('\n');
    assert.match(texts, /secret-0/);
    assert.match(texts, /secret-1/);
  });
});
