// Regression cases of the lifecycle findings (issue 22, items 1–6): sequences of setup, user edits, host rewrites
// and uninstall on real temp files, each ending with every byte the user wrote still there and nothing of ours.
import assert from 'node:assert/strict';
import {
  chmodSync,
  cpSync,
  readdirSync,
  rmSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { getHost } from '@context-mode/shared/platforms/host-table';
import type { HostId } from '@context-mode/shared/platforms/types';
import { setAt, valueAt } from '@context-mode/shared/setup/jsonc-edit';
import { mergeMcpJson } from '@context-mode/shared/setup/json-merge';
import { tomlHasForeignEntry } from '@context-mode/shared/setup/toml-block';
import { parse as parseToml } from 'smol-toml';
import { readSetupState } from '../../src/setup/setup-state.js';
import { runUpgrade } from '../../src/setup/upgrade.js';
import { applyFixes } from '../../src/doctor/doctor-fixes.js';
import { packFake } from './fake-package.js';
import { runSetup, type SetupRunOptions } from '../../src/setup/run-setup.js';
import { runUninstall } from '../../src/setup/run-uninstall.js';
import { cliSetup, removeTempWorlds, tempWorld } from './temp-world.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const LAUNCHER = { kind: 'pinned' as const, node: '/opt/node/bin/node', bin: '/opt/ctxmode/bin/context-mode.cjs' };
after(removeTempWorlds);

function world() {
  const w = tempWorld('cm-life-');
  const opts = (host: HostId): SetupRunOptions => ({
    hosts: [getHost(host)],
    scope: 'user',
    project: w.project,
    env: w.env,
    home: w.home,
    platform: 'linux',
    launcher: LAUNCHER,
    parts: ['mcp', 'hooks'],
  });
  const place = (fixture: string, target: string): string => {
    mkdirSync(dirname(target), { recursive: true });
    cpSync(join(FIXTURES, fixture), target);
    return readFileSync(target, 'utf8');
  };
  return { ...w, opts, place };
}

const ours = (text: string) => /context-mode\.cjs|ctxmode|context-mode"/.test(text);

describe('lifecycle regressions (issue 22)', () => {
  it('1: an edit made between two setups survives uninstall', () => {
    const w = world();
    const file = join(w.home, '.claude', 'settings.json');
    w.place('claude-code/settings.json', file);
    assert.ok(runSetup(w.opts('claude-code')).ok);
    const edited = readFileSync(file, 'utf8').replace('"Bash(npm test)"', '"Bash(npm test)", "Bash(make lint)"');
    writeFileSync(file, edited);
    assert.ok(
      runSetup({ ...w.opts('claude-code'), launcher: { ...LAUNCHER, bin: '/opt/new/bin/context-mode.cjs' } }).ok,
    );
    assert.ok(runUninstall(w.opts('claude-code')).ok);
    const after = readFileSync(file, 'utf8');
    assert.match(after, /Bash\(make lint\)/, 'the rule the user added between the setups is kept');
    assert.ok(!ours(after), 'nothing of ours is left');
  });

  it('1b: with no edit in between, uninstall gives back the exact original bytes', () => {
    const w = world();
    const file = join(w.home, '.claude', 'settings.json');
    const original = w.place('claude-code/settings.json', file);
    runSetup(w.opts('claude-code'));
    runSetup({ ...w.opts('claude-code'), launcher: { ...LAUNCHER, bin: '/opt/new/bin/context-mode.cjs' } });
    runUninstall(w.opts('claude-code'));
    assert.equal(readFileSync(file, 'utf8'), original);
  });

  it('2: a hook the user put into our hook group survives uninstall (and a re-run setup)', () => {
    const w = world();
    const file = join(w.home, '.claude', 'settings.json');
    w.place('claude-code/settings.json', file);
    runSetup(w.opts('claude-code'));
    const json = JSON.parse(
      readFileSync(file, 'utf8')
        .replace(/\/\/.*$/gm, '')
        .replace(/,(\s*[}\]])/g, '$1'),
    );
    const group = (json.hooks.PreToolUse as { hooks: { command: string }[] }[]).find((g) => ours(JSON.stringify(g)))!;
    group.hooks.push({ type: 'command', command: 'my-audit-log' } as never);
    writeFileSync(file, JSON.stringify(json, null, 2));
    runSetup(w.opts('claude-code'));
    assert.equal(readFileSync(file, 'utf8').split('my-audit-log').length, 2, 'kept once by the re-run');
    assert.ok(runUninstall(w.opts('claude-code')).ok);
    const after = readFileSync(file, 'utf8');
    assert.match(after, /my-audit-log/);
    assert.ok(!ours(after), after);
  });

  it('3: a symlinked settings file stays a link; its target gets the change and then the original back', () => {
    const w = world();
    const target = join(w.root, 'dotfiles', 'claude-settings.json');
    const original = w.place('claude-code/settings.json', target);
    const link = join(w.home, '.claude', 'settings.json');
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(target, link);
    assert.ok(runSetup(w.opts('claude-code')).ok);
    assert.ok(lstatSync(link).isSymbolicLink(), 'still a link after setup');
    assert.ok(ours(readFileSync(target, 'utf8')), 'the link target was written');
    runUninstall(w.opts('claude-code'));
    assert.ok(lstatSync(link).isSymbolicLink(), 'still a link after uninstall');
    assert.equal(readlinkSync(link), target);
    assert.equal(readFileSync(target, 'utf8'), original);
  });

  it('4: two setups at once (two processes) both keep their record in state.json', async () => {
    const w = world();
    w.place('claude-code/settings.json', join(w.home, '.claude', 'settings.json'));
    w.place('gemini-cli/settings.json', join(w.home, '.gemini', 'settings.json'));
    for (let round = 0; round < 3; round++) {
      const codes = await Promise.all([cliSetup(w, 'claude-code'), cliSetup(w, 'gemini-cli')]);
      assert.deepEqual(codes, [0, 0]);
      const hosts = Object.keys(readSetupState(w.env).hosts).sort();
      assert.deepEqual(hosts, ['claude-code', 'gemini-cli'], `round ${round}`);
    }
  });

  it('5: a key written twice is refused, naming the file and the key; nothing is written', () => {
    const w = world();
    const file = join(w.home, '.claude', 'settings.json');
    mkdirSync(dirname(file), { recursive: true });
    const text = '{\n  "hooks": {},\n  "model": "opus",\n  "hooks": {"PreToolUse": []}\n}\n';
    writeFileSync(file, text);
    const plan = runSetup(w.opts('claude-code'));
    assert.equal(plan.ok, false);
    const err = plan.hosts[0]!.files.find((f) => f.error)!.error!;
    assert.match(err.message, /settings\.json/);
    assert.match(err.message, /"hooks" appears twice/);
    assert.equal(readFileSync(file, 'utf8'), text);
    runUninstall(w.opts('claude-code'));
    assert.ok(!ours(readFileSync(file, 'utf8')));
  });

  it('6: after Gemini re-formats settings.json, uninstall still takes out the hooksConfig switch it added', () => {
    const w = world();
    const file = join(w.home, '.gemini', 'settings.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '{\n  "theme": "Dracula"\n}\n');
    assert.ok(runSetup(w.opts('gemini-cli')).ok);
    // Gemini CLI writes its settings back with JSON.stringify (two spaces) on start.
    writeFileSync(file, JSON.stringify(JSON.parse(readFileSync(file, 'utf8')), null, 2));
    runUninstall(w.opts('gemini-cli'));
    const after = readFileSync(file, 'utf8');
    assert.ok(!after.includes('hooksConfig'), after);
    assert.ok(!ours(after), after);
    assert.deepEqual(JSON.parse(after), { theme: 'Dracula' });
    assert.ok(existsSync(file));
  });

  it('model finding: an empty config.toml stays, byte for byte, through uninstall (set up or not)', () => {
    const w = world();
    const file = join(w.home, '.codex', 'config.toml');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '');
    // Never set up: uninstall used to delete the user's empty file (nothing of ours was in it).
    runUninstall(w.opts('codex'));
    assert.equal(readFileSync(file, 'utf8'), '');
    // Set up into the empty file, then uninstall: the file is back as it was, not deleted.
    assert.ok(runSetup(w.opts('codex')).ok);
    assert.ok(ours(readFileSync(file, 'utf8')));
    runUninstall(w.opts('codex'));
    assert.ok(existsSync(file), 'the user had this file before setup');
    assert.equal(readFileSync(file, 'utf8'), '');
  });
  it('model finding: uninstall where a settings file became a directory names it and still cleans the other files', () => {
    const w = world();
    const settings = join(w.home, '.claude', 'settings.json');
    const original = w.place('claude-code/settings.json', settings);
    const state = join(w.home, '.claude.json');
    assert.ok(runSetup(w.opts('claude-code')).ok);
    rmSync(state);
    mkdirSync(state);
    // This used to throw out of the planner ("… is a directory") before any file was looked at.
    const plan = runUninstall(w.opts('claude-code'));
    const err = plan.hosts[0]!.files.find((f) => f.path === state)!.error!;
    assert.match(err.message, /\.claude\.json is a directory, where a settings file belongs/);
    assert.match(err.fix ?? '', /Move .*\.claude\.json aside/);
    assert.equal(readFileSync(settings, 'utf8'), original, 'the other file got its original bytes back');
    assert.ok(lstatSync(state).isDirectory(), 'the directory is left as it is');
  });

  it('model finding: a read-only folder is left alone by setup, even for root; the host gets none of its files', () => {
    const w = world();
    const dir = join(w.home, '.codex');
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o555);
    try {
      const plan = runSetup(w.opts('codex'));
      assert.equal(plan.ok, false);
      const err = plan.hosts[0]!.files.find((f) => f.error)!.error!;
      assert.match(err.message, /in a read-only folder \(.*\.codex\)/);
      assert.match(err.fix ?? '', /chmod u\+w/);
      assert.deepEqual(readdirSync(dir), [], 'no file was created in it');
    } finally {
      chmodSync(dir, 0o755);
    }
    assert.ok(runSetup(w.opts('codex')).ok, 'made writable, the same setup goes through');
  });

  it('7: fields the user added to our MCP entry survive re-setup; uninstall names them and keeps a copy', () => {
    const cases = [
      ['claude-code', '.claude.json', 'claude-code/claude.json'],
      ['gemini-cli', '.gemini/settings.json', 'gemini-cli/settings.json'],
      ['copilot-cli', '.copilot/mcp-config.json', 'copilot-cli/mcp-config.json'],
    ] as const;
    for (const [host, rel, fixture] of cases) {
      const w = world();
      const file = join(w.home, rel);
      w.place(fixture, file);
      assert.ok(runSetup(w.opts(host)).ok);
      const entry = ['mcpServers', 'context-mode'];
      let text = readFileSync(file, 'utf8');
      text = setAt(text, [...entry, 'env'], { GITHUB_TOKEN: 'user-secret-1' });
      text = setAt(text, [...entry, 'timeout'], 30000);
      writeFileSync(file, text);
      // An upgrade re-pins the entry: only our fields change.
      const repin = runSetup({ ...w.opts(host), launcher: { ...LAUNCHER, bin: '/opt/new/bin/context-mode.cjs' } });
      assert.ok(repin.ok, host);
      const after = valueAt(readFileSync(file, 'utf8'), entry) as Record<string, unknown>;
      assert.deepEqual(after.env, { GITHUB_TOKEN: 'user-secret-1' }, `${host}: the user's env is kept`);
      assert.equal(after.timeout, 30000, `${host}: the user's timeout is kept`);
      assert.deepEqual(after.args, ['/opt/new/bin/context-mode.cjs'], `${host}: our args are re-pinned`);
      // A data home pinned later goes in beside the user's variables, and out again without it.
      runSetup({ ...w.opts(host), launcher: { ...LAUNCHER, dataHome: '/data/cm' } });
      const pinned = valueAt(readFileSync(file, 'utf8'), [...entry, 'env']);
      assert.deepEqual(pinned, { GITHUB_TOKEN: 'user-secret-1', CONTEXT_MODE_HOME: '/data/cm' }, host);
      runSetup(w.opts(host));
      assert.deepEqual(valueAt(readFileSync(file, 'utf8'), [...entry, 'env']), { GITHUB_TOKEN: 'user-secret-1' });

      const plan = runUninstall(w.opts(host));
      assert.ok(plan.ok, host);
      const left = readFileSync(file, 'utf8');
      assert.ok(!ours(left), `${host}: nothing of ours is left`);
      const note = plan.hosts[0]!.notes.find((n) => n.includes(file)) ?? '';
      assert.match(note, /env\.GITHUB_TOKEN, timeout/, `${host}: the note names what the user added: ${note}`);
      assert.doesNotMatch(note, /user-secret-1/, 'values are not printed (they may be secrets)');
      const copy = /copy of it is in (\S+?)\.?$/.exec(note)?.[1];
      assert.ok(copy && readFileSync(copy, 'utf8').includes('user-secret-1'), `${host}: the copy keeps the values`);
    }
  });

  it("7b: lines the user added to Codex's context-mode table survive re-setup byte for byte", () => {
    const w = world();
    const file = join(w.home, '.codex', 'config.toml');
    w.place('codex/config.toml', file);
    assert.ok(runSetup(w.opts('codex')).ok);
    const mine = '# raised for the big monorepo\nstartup_timeout_sec = 30\nenv = { GITHUB_TOKEN = "user-secret-2" }\n';
    writeFileSync(file, readFileSync(file, 'utf8').replace(/(\[mcp_servers\.context-mode\]\n)/, `$1${mine}`));
    const repin = runSetup({ ...w.opts('codex'), launcher: { ...LAUNCHER, bin: '/opt/new/bin/context-mode.cjs' } });
    assert.ok(repin.ok);
    let text = readFileSync(file, 'utf8');
    assert.ok(text.includes('# raised for the big monorepo\nstartup_timeout_sec = 30\n'), text);
    assert.ok(text.includes('env = { GITHUB_TOKEN = "user-secret-2" }'), text);
    assert.match(text, /args = \[ "\/opt\/new\/bin\/context-mode\.cjs" \]/);
    assert.doesNotMatch(text, /\/opt\/ctxmode\//, 'the old pin is gone');
    // A pinned data home joins the user's inline env table (and leaves it again).
    runSetup({ ...w.opts('codex'), launcher: { ...LAUNCHER, dataHome: '/data/cm' } });
    text = readFileSync(file, 'utf8');
    const env = (parseToml(text) as { mcp_servers: Record<string, { env: unknown }> }).mcp_servers['context-mode']!.env;
    assert.deepEqual({ ...(env as object) }, { GITHUB_TOKEN: 'user-secret-2', CONTEXT_MODE_HOME: '/data/cm' });
    runSetup(w.opts('codex'));
    assert.ok(readFileSync(file, 'utf8').includes('env = { GITHUB_TOKEN = "user-secret-2" }'));

    const plan = runUninstall(w.opts('codex'));
    assert.ok(plan.ok);
    assert.ok(!ours(readFileSync(file, 'utf8')), 'nothing of ours is left');
    const note = plan.hosts[0]!.notes.find((n) => n.includes(file)) ?? '';
    assert.match(note, /startup_timeout_sec, env\.GITHUB_TOKEN/, note);
    const copy = /copy of it is in (\S+?)\.?$/.exec(note)?.[1];
    assert.ok(copy && readFileSync(copy, 'utf8').includes('user-secret-2'));
  });

  it("7c: re-setup keeps the user's value of a field setup only adds (OpenCode `enabled: false`, `type`)", () => {
    const ours = (bin: string) => ({ type: 'local', command: ['/opt/node/bin/node', bin], enabled: true });
    const text = JSON.stringify({ mcp: { 'context-mode': { ...ours('/old'), enabled: false, timeout: 9 } } }, null, 2);
    const out = mergeMcpJson(text, 'opencode.json', 'mcp', 'context-mode', ours('/new')).text;
    assert.deepEqual(valueAt(out, ['mcp', 'context-mode']), {
      type: 'local',
      command: ['/opt/node/bin/node', '/new'],
      enabled: false,
      timeout: 9,
    });
    assert.equal(mergeMcpJson(out, 'opencode.json', 'mcp', 'context-mode', ours('/new')).text, out, 'then stable');
  });

  it('8: a host whose uninstall did not finish is not re-wired by upgrade after the user took our part out', () => {
    const w = world();
    const settings = join(w.home, '.claude', 'settings.json');
    const original = w.place('claude-code/settings.json', settings);
    const servers = join(w.home, '.claude.json');
    assert.ok(runSetup(w.opts('claude-code')).ok);
    chmodSync(servers, 0o444);
    const plan = runUninstall(w.opts('claude-code'));
    chmodSync(servers, 0o644);
    assert.equal(plan.ok, false, 'the read-only file was refused');
    assert.match(plan.hosts[0]!.notes.join('\n'), /run `ctxmode uninstall --host claude-code` again/);
    assert.ok(readSetupState(w.env).hosts['claude-code']?.uninstallRequested, 'recorded as uninstall requested');
    // The user finishes by hand: the file setup created goes.
    rmSync(servers);
    const report = runUpgrade({
      env: w.env,
      home: w.home,
      project: w.project,
      from: packFake(w.root, { version: '4.0.0' }),
    });
    assert.equal(report.error, undefined);
    assert.deepEqual(report.hosts, [], 'no host re-pinned');
    assert.ok(!existsSync(servers), 'our entry is not re-added');
    assert.equal(readFileSync(settings, 'utf8'), original);
    const fixed = applyFixes([{ kind: 'setup', host: 'claude-code' }], {
      env: w.env,
      home: w.home,
      project: w.project,
    });
    assert.match(fixed.join('\n'), /claude-code: left alone \(you asked to uninstall it/);
    assert.ok(!existsSync(servers), 'doctor --fix does not re-add it either');
    // Setting the host up again means it is wanted again; then uninstall finishes and forgets it.
    assert.ok(runSetup(w.opts('claude-code')).ok);
    assert.equal(readSetupState(w.env).hosts['claude-code']?.uninstallRequested, undefined);
    assert.ok(runUninstall(w.opts('claude-code')).ok);
    assert.deepEqual(readSetupState(w.env).hosts, {});
  });

  it('7d: in a CRLF config.toml our block is CRLF too, and a layout the line editor cannot follow keeps every value', () => {
    const w = world();
    const file = join(w.home, '.codex', 'config.toml');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, 'model = "o4"\r\n');
    assert.ok(runSetup(w.opts('codex')).ok);
    let text = readFileSync(file, 'utf8');
    assert.doesNotMatch(text, /[^\r]\n/, 'no bare LF in a CRLF file');
    // Our args spread over lines and a dotted key of the user's: re-rendered, values kept.
    text = text.replace(/args = \[ (".*?") \]/, 'args = [\r\n  $1,\r\n]\r\nenv.GITHUB_TOKEN = "user-secret-3"');
    writeFileSync(file, text);
    assert.ok(runSetup({ ...w.opts('codex'), launcher: { ...LAUNCHER, bin: '/opt/new/bin/context-mode.cjs' } }).ok);
    text = readFileSync(file, 'utf8');
    const entry = (parseToml(text) as { mcp_servers: Record<string, Record<string, unknown>> }).mcp_servers[
      'context-mode'
    ]!;
    assert.deepEqual([...(entry.args as string[])], ['/opt/new/bin/context-mode.cjs']);
    assert.deepEqual({ ...(entry.env as object) }, { GITHUB_TOKEN: 'user-secret-3' });
    assert.doesNotMatch(text, /[^\r]\n/);
  });
  it('9: a context-mode block in config.toml that no longer parses is refused by setup and uninstall, byte for byte', () => {
    const w = world();
    const file = join(w.home, '.codex', 'config.toml');
    w.place('codex/config.toml', file);
    assert.ok(runSetup(w.opts('codex')).ok);
    // The user's lines in our block: a key written twice, then (second try) an integer TOML cannot hold exactly.
    const mine = 'env = { GITHUB_TOKEN = "ghp_secret" }\nstartup_timeout_sec = 30\nstartup_timeout_sec = 30\n';
    for (const lines of [mine, 'env = { GITHUB_TOKEN = "ghp_secret" }\nstartup_timeout_sec = 9007199254740993\n']) {
      const broken = readFileSync(file, 'utf8').replace(
        /(\[mcp_servers\.context-mode\]\n)(?:env = .*\n(?:startup.*\n)+)?/,
        `$1${lines}`,
      );
      writeFileSync(file, broken);
      const badLine =
        broken
          .split('\n')
          .findIndex((l, i, all) => l.startsWith('startup_timeout_sec') && (all.indexOf(l) !== i || /\d{16}/.test(l))) +
        1;
      for (const plan of [
        runSetup({ ...w.opts('codex'), launcher: { ...LAUNCHER, bin: '/opt/new/bin/context-mode.cjs' } }),
        runUninstall(w.opts('codex')),
      ]) {
        assert.equal(plan.ok, false, plan.command);
        const err = plan.hosts[0]!.files.find((f) => f.path === file)!.error!;
        assert.equal(err.code, 'malformed');
        assert.match(err.message, new RegExp(`config\\.toml line ${badLine}, inside the block ctxmode manages`));
        assert.match(err.fix ?? '', new RegExp(`run ${plan.command} again; nothing was changed`));
        assert.equal(readFileSync(file, 'utf8'), broken, `${plan.command} left the file as it was`);
      }
    }
    // Fixed by hand, uninstall goes through and keeps the user's token in its copy.
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/startup_timeout_sec = \d+\n/, 'startup_timeout_sec = 30\n'),
    );
    const plan = runUninstall(w.opts('codex'));
    assert.ok(plan.ok);
    const copy = /copy of it is in (\S+?)\.?$/.exec(plan.hosts[0]!.notes.join('\n'))?.[1];
    assert.ok(copy && readFileSync(copy, 'utf8').includes('ghp_secret'));
  });
  it('10: an env table of our entry the user appended after the block is theirs: kept by setup, taken out with a copy by uninstall', () => {
    const w = world();
    const file = join(w.home, '.codex', 'config.toml');
    const original = w.place('codex/config.toml', file);
    assert.ok(runSetup(w.opts('codex')).ok);
    const appended = `${readFileSync(file, 'utf8')}\n[mcp_servers.context-mode.env]\nGITHUB_TOKEN = "ghp_secret"\n`;
    writeFileSync(file, appended);
    assert.equal(tomlHasForeignEntry(appended, 'mcp_servers', 'context-mode'), false, 'not a hand-written server');
    // An upgrade's re-pin goes through (it used to call the table a conflict) and leaves the table as it is.
    assert.ok(runSetup({ ...w.opts('codex'), launcher: { ...LAUNCHER, bin: '/opt/new/bin/context-mode.cjs' } }).ok);
    let text = readFileSync(file, 'utf8');
    assert.ok(text.endsWith('\n[mcp_servers.context-mode.env]\nGITHUB_TOKEN = "ghp_secret"\n'), text);
    assert.match(text, /\/opt\/new\/bin/);
    // Pinning a data home needs our variable in that table: refused, naming it and the fix, nothing written.
    const pinned = runSetup({ ...w.opts('codex'), launcher: { ...LAUNCHER, dataHome: '/data/cm' } });
    assert.equal(pinned.ok, false);
    const err = pinned.hosts[0]!.files.find((f) => f.path === file)!.error!;
    const line = text.split('\n').indexOf('[mcp_servers.context-mode.env]') + 1;
    assert.match(
      err.message,
      new RegExp(`config\\.toml line ${line}: \\[mcp_servers\\.context-mode\\.env\\] is outside`),
    );
    assert.match(err.fix ?? '', /Move that table, with its lines, into the block/);
    assert.equal(readFileSync(file, 'utf8'), text);
    // Uninstall takes the table out with our block (Codex would see a server with no command), names it, keeps a copy.
    const plan = runUninstall(w.opts('codex'));
    assert.ok(plan.ok);
    text = readFileSync(file, 'utf8');
    assert.equal(text, original, 'the file is back as it was before setup');
    const note = plan.hosts[0]!.notes.join('\n');
    assert.match(
      note,
      new RegExp(`env\\.GITHUB_TOKEN, \\[mcp_servers\\.context-mode\\.env\\] at line ${line}, outside the markers`),
    );
    const copy = /copy of it is in (\S+?)\.?$/.exec(note)?.[1];
    assert.ok(copy && readFileSync(copy, 'utf8').includes('ghp_secret'));
  });
  it('11: comments the user wrote inside our entry stay through re-pins (TOML lines, inline env, multi-line args, JSONC)', () => {
    const w = world();
    const file = join(w.home, '.codex', 'config.toml');
    w.place('codex/config.toml', file);
    assert.ok(runSetup(w.opts('codex')).ok);
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replace(/^(command = "\/opt\/node\/bin\/node")$/m, `$1 # my note\nenv = { TOKEN = 'abc' } # token for x`)
        .replace(/args = \[ (".*?") \]/, 'args = [\n  # keep me\n  $1,\n] # pinned by setup'),
    );
    const repin = { ...LAUNCHER, bin: '/opt/new/bin/context-mode.cjs' };
    assert.ok(runSetup({ ...w.opts('codex'), launcher: { ...repin, dataHome: '/data/cm' } }).ok);
    let text = readFileSync(file, 'utf8');
    assert.match(text, /^command = "\/opt\/node\/bin\/node" # my note$/m);
    assert.ok(text.includes(`env = { TOKEN = 'abc', CONTEXT_MODE_HOME = "/data/cm" } # token for x`), text);
    assert.match(text, /^# keep me\nargs = \[ "\/opt\/new\/bin\/context-mode\.cjs" \] # pinned by setup$/m);
    assert.ok(runSetup({ ...w.opts('codex'), launcher: repin }).ok);
    text = readFileSync(file, 'utf8');
    assert.ok(text.includes(`env = { TOKEN = 'abc' } # token for x`), 'our variable out again, their quoting kept');
    // A layout the line editor cannot follow (a dotted key it must write into) is rendered afresh, comments kept.
    writeFileSync(
      file,
      text.replace(`env = { TOKEN = 'abc' } # token for x`, '# own note\nenv.TOKEN = "abc" # dotted'),
    );
    assert.ok(runSetup({ ...w.opts('codex'), launcher: { ...repin, dataHome: '/data/cm' } }).ok);
    text = readFileSync(file, 'utf8');
    for (const c of ['# my note', '# own note', '# dotted', '# keep me', '# pinned by setup'])
      assert.ok(text.includes(c), c);

    // JSONC: a comment between our variable and the user's stays when ours goes.
    const json = join(w.home, '.claude.json');
    assert.ok(runSetup({ ...w.opts('claude-code'), launcher: { ...LAUNCHER, dataHome: '/data/cm' } }).ok);
    writeFileSync(
      json,
      readFileSync(json, 'utf8').replace(/("CONTEXT_MODE_HOME": "\/data\/cm")/, '$1, /* keep */ "TOKEN": "t"'),
    );
    assert.ok(runSetup(w.opts('claude-code')).ok);
    const after = readFileSync(json, 'utf8');
    assert.match(after, /\/\* keep \*\/ ?\s*"TOKEN": "t"/, after);
    assert.doesNotMatch(after, /CONTEXT_MODE_HOME/);
  });
  it('12: a context-mode entry the user wrote before setup comes back byte for byte; the note names only what they added since', () => {
    const w = world();
    const file = join(w.home, '.claude.json');
    const entry = { command: 'npx', args: ['-y', 'context-mode'], env: { TOKEN: 'x' } };
    const original = `${JSON.stringify({ mcpServers: { 'context-mode': entry } }, null, 2)}\n`;
    writeFileSync(file, original);
    assert.ok(runSetup(w.opts('claude-code')).ok);
    assert.deepEqual(valueAt(readFileSync(file, 'utf8'), ['mcpServers', 'context-mode', 'env']), { TOKEN: 'x' });
    let plan = runUninstall(w.opts('claude-code'));
    assert.ok(plan.ok);
    assert.equal(readFileSync(file, 'utf8'), original, 'their own entry is back, byte for byte');
    assert.doesNotMatch(plan.hosts[0]!.notes.join('\n'), /added|TOKEN/, 'nothing is claimed as added since');
    // An edit of theirs between two setups: the entry still comes back; only the new variable is named and copied.
    assert.ok(runSetup(w.opts('claude-code')).ok);
    writeFileSync(file, setAt(readFileSync(file, 'utf8'), ['mcpServers', 'context-mode', 'env', 'LATER'], 'y2'));
    assert.ok(
      runSetup({ ...w.opts('claude-code'), launcher: { ...LAUNCHER, bin: '/opt/new/bin/context-mode.cjs' } }).ok,
    );
    plan = runUninstall(w.opts('claude-code'));
    assert.equal(readFileSync(file, 'utf8'), original);
    const note = plan.hosts[0]!.notes.find((n) => n.includes(file)) ?? '';
    assert.match(note, /\(env\.LATER\)/, note);
    const copy = /copy of it is in (\S+?)\.?$/.exec(note)?.[1];
    assert.ok(copy && readFileSync(copy, 'utf8').includes('y2'));
  });

  it('13: in a file edited since setup, the context-mode entry the user had before setup comes back with what they added since', () => {
    const w = world();
    const file = join(w.home, '.claude.json');
    const entry = { command: 'npx', args: ['-y', 'context-mode'], env: { TOKEN: 'x' } };
    writeFileSync(file, `${JSON.stringify({ mcpServers: { 'context-mode': entry } }, null, 2)}\n`);
    assert.ok(runSetup(w.opts('claude-code')).ok);
    // The user edits the file since: a setting of theirs, and a variable in the entry.
    let text = setAt(readFileSync(file, 'utf8'), ['theme', 'dark'], true);
    text = setAt(text, ['mcpServers', 'context-mode', 'env', 'LATER'], 'y2');
    writeFileSync(file, text);
    const dry = runUninstall({ ...w.opts('claude-code'), dryRun: true });
    assert.match(dry.hosts[0]!.notes.join('\n'), /Would put back the context-mode entry/);
    const plan = runUninstall(w.opts('claude-code'));
    assert.ok(plan.ok);
    const left = readFileSync(file, 'utf8');
    assert.ok(!/context-mode\.cjs/.test(left), 'our launch is gone');
    assert.deepEqual(valueAt(left, ['mcpServers', 'context-mode']), { ...entry, env: { TOKEN: 'x', LATER: 'y2' } });
    assert.equal(valueAt(left, ['theme', 'dark']), true, 'their other edit stays');
    const note = plan.hosts[0]!.notes.find((n) => n.includes(file)) ?? '';
    assert.match(
      note,
      /^Put back the context-mode entry you had in .* before setup, with what you added to it since \(env\.LATER\)\.$/,
      note,
    );
    assert.doesNotMatch(note, /TOKEN|y2/, 'only what was added since is named, and no value');
  });

  it("14: tables and comments the user wrote inside Kimi's hooks markers survive re-setup and uninstall, byte for byte", () => {
    const w = world();
    const file = join(w.home, '.kimi-code', 'config.toml');
    w.place('kimi/config.toml', file);
    assert.ok(runSetup(w.opts('kimi')).ok);
    const theirs = ['# my own hook, keep it', '[[hooks]]', 'event = "Stop"', 'command = "notify-send done"'];
    const set = readFileSync(file, 'utf8');
    const end = set.indexOf('# <<< context-mode hooks');
    assert.ok(end > 0, 'setup wrote the hooks block');
    writeFileSync(file, `${set.slice(0, end)}${theirs.join('\n')}\n${set.slice(end)}`);
    const repin = runSetup({ ...w.opts('kimi'), launcher: { ...LAUNCHER, bin: '/opt/new/bin/context-mode.cjs' } });
    assert.ok(repin.ok);
    let text = readFileSync(file, 'utf8');
    assert.ok(text.includes(theirs.join('\n')), `their lines are kept together:\n${text}`);
    assert.ok(text.includes('/opt/new/bin/context-mode.cjs') && !text.includes('/opt/ctxmode/bin'), 're-pinned');
    const hooks = (parseToml(text) as { hooks: { command: string }[] }).hooks;
    assert.equal(hooks.filter((h) => h.command === 'notify-send done').length, 1, 'their hook is there once');
    assert.ok(runSetup(w.opts('kimi')).ok);
    assert.ok(runSetup(w.opts('kimi')).ok);
    assert.equal(readFileSync(file, 'utf8').split('notify-send done').length, 2, 'kept once by the re-runs');
    assert.ok(runUninstall(w.opts('kimi')).ok);
    text = readFileSync(file, 'utf8');
    assert.ok(text.includes(theirs.join('\n')), `uninstall keeps them:\n${text}`);
    assert.ok(!/context-mode/.test(text), 'nothing of ours is left');
    assert.ok(text.includes('xargs prettier --write'), "the file's other hook stays");
    // A key of theirs inside one of our tables has no place once ours is re-rendered: refused, nothing written.
    assert.ok(runSetup(w.opts('kimi')).ok);
    const ourTable = readFileSync(file, 'utf8').replace(
      /(\[\[hooks\]\]\nevent = "[A-Za-z]+"\n)(command = "[^\n]*context-mode\.cjs)/,
      '$1timeout = 30\n$2',
    );
    writeFileSync(file, ourTable);
    const refused = runSetup({ ...w.opts('kimi'), launcher: { ...LAUNCHER, bin: '/opt/new/bin/context-mode.cjs' } });
    assert.equal(refused.ok, false);
    const err = refused.hosts[0]!.files.find((f) => f.path === file)?.error;
    assert.match(err?.message ?? '', /line \d+ is inside the context-mode hooks block/, JSON.stringify(err));
    assert.equal(readFileSync(file, 'utf8'), ourTable, 'nothing written');
  });
  it("15: another server the user wrote inside Codex's context-mode markers is never dropped by a re-render or uninstall", () => {
    const w = world();
    const file = join(w.home, '.codex', 'config.toml');
    w.place('codex/config.toml', file);
    assert.ok(runSetup(w.opts('codex')).ok);
    // Their own server just above our end marker, and a dotted key of theirs (the line editor cannot follow it
    // when a data home is pinned, so the entry is rendered afresh).
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replace(/(args = \[ ".*?" \]\n)/, '$1env.GITHUB_TOKEN = "ghp_secret"\n')
        .replace('# <<< context-mode\n', '\n[mcp_servers.github]\ncommand = "gh-mcp"\n# <<< context-mode\n'),
    );
    for (const run of [
      () => runSetup({ ...w.opts('codex'), launcher: { ...LAUNCHER, dataHome: '/data/cm' } }),
      () => runUninstall(w.opts('codex')),
    ]) {
      const before = readFileSync(file, 'utf8');
      const plan = run();
      const text = readFileSync(file, 'utf8');
      const servers = (parseToml(text) as { mcp_servers?: Record<string, unknown> }).mcp_servers ?? {};
      if (plan.ok) assert.ok('github' in servers, `${plan.command} kept their server:\n${text}`);
      else {
        const err = plan.hosts[0]!.files.find((f) => f.path === file)!.error!;
        assert.match(err.message, /\[mcp_servers\.github\]/, `${plan.command}: ${err.message}`);
        assert.equal(text, before, `${plan.command} left the file as it was`);
      }
    }
  });
  it('16: an entry no setup recorded is removed with a copy, and the note does not say the user added to ours', () => {
    const w = world();
    const file = join(w.home, '.claude.json');
    const theirs = { command: 'npx', args: ['-y', 'context-mode'], env: { GITHUB_TOKEN: 'ghp_mine' } };
    writeFileSync(file, JSON.stringify({ mcpServers: { 'context-mode': theirs, other: { command: 'x' } } }, null, 2));
    for (const dryRun of [true, false]) {
      const plan = runUninstall({ ...w.opts('claude-code'), dryRun });
      const note = plan.hosts[0]!.notes.find((n) => n.includes('context-mode entry'))!;
      assert.match(note, /which setup has no record of writing \(with its env\.GITHUB_TOKEN\)/, note);
      assert.doesNotMatch(note, /what you had added|without our command/, note);
    }
    const left = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown> };
    assert.deepEqual(Object.keys(left.mcpServers), ['other']);
  });
});
