// Codex's config.toml across sequences of setup, the user's edits, setup again, upgrade and uninstall: the lines
// the user wrote (a context-mode block of their own from before setup, multi-line strings inside our block) are
// theirs, and every step changes only our part.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { readSetupState } from '../../src/setup/setup-state.js';
import { runSetup } from '../../src/setup/run-setup.js';
import { runUninstall } from '../../src/setup/run-uninstall.js';
import { runUpgrade } from '../../src/setup/upgrade.js';
import { packFake } from './fake-package.js';
import { mcpAndHooksOf, removeTempWorlds, tempWorld } from './temp-world.js';

after(removeTempWorlds);

const REFERENCE = fileURLToPath(new URL('../../../configs/codex/config.toml', import.meta.url));
const NEW_PIN = { kind: 'pinned' as const, node: '/opt/node/bin/node', bin: '/opt/new/bin/context-mode.cjs' };

function codexWorld() {
  const w = tempWorld('cm-toml-lines-');
  const file = join(w.home, '.codex', 'config.toml');
  mkdirSync(dirname(file), { recursive: true });
  const opts = { ...mcpAndHooksOf(w, 'codex'), parts: ['mcp' as const] };
  return { ...w, file, opts, read: () => readFileSync(file, 'utf8') };
}

const entryIn = (text: string) =>
  (parse(text) as { mcp_servers?: Record<string, Record<string, unknown>> }).mcp_servers?.['context-mode'];

/** A config.toml with the context-mode block the user copied in by hand (configs/codex/config.toml) and added to. */
function handWritten(): string {
  const block = readFileSync(REFERENCE, 'utf8').replace('args = []\n', 'args = []\nstartup_timeout_sec = 30 # mine\n');
  return `model = "o3"\n\n${block}\n[profiles.fast]\nmodel = "o4-mini"\n`;
}

describe('TOML: the user own lines through setup, upgrade and uninstall', () => {
  it('a hand-written [mcp_servers.context-mode] outside any block is refused by setup: nothing written, nothing recorded', () => {
    const w = codexWorld();
    const original = 'model = "o3"\n\n[mcp_servers.context-mode]\ncommand = "npx"\nargs = ["-y", "context-mode"]\n';
    writeFileSync(w.file, original);
    for (let i = 0; i < 2; i++) {
      const plan = runSetup(w.opts);
      assert.equal(plan.ok, false);
      const err = plan.hosts[0]!.files.find((f) => f.path === w.file)?.error;
      assert.equal(err?.code, 'conflict', JSON.stringify(err));
      assert.equal(w.read(), original, 'the file is untouched');
      assert.deepEqual(readSetupState(w.env).hosts, {}, 'no record, so no backup to restore or lose');
    }
    assert.ok(runUninstall(w.opts).ok);
    assert.equal(w.read(), original, 'uninstall leaves their entry alone');
  });

  it('a context-mode block the user wrote before setup comes back byte for byte through setups and uninstall', () => {
    const w = codexWorld();
    const original = handWritten();
    writeFileSync(w.file, original);
    assert.ok(runSetup(w.opts).ok);
    assert.equal(entryIn(w.read())?.command, '/opt/node/bin/node', 'setup took the entry over');
    assert.equal(entryIn(w.read())?.startup_timeout_sec, 30, 'their field stays');
    let plan = runUninstall(w.opts);
    assert.ok(plan.ok);
    assert.equal(w.read(), original, 'their block is back, byte for byte');
    assert.doesNotMatch(plan.hosts[0]!.notes.join('\n'), /added|startup_timeout_sec/, 'nothing claimed as added');
    // Setup again, an edit between two setups, a re-pin: the original bytes still come back; only what they
    // added since is named and copied.
    assert.ok(runSetup(w.opts).ok);
    writeFileSync(w.file, w.read().replace('startup_timeout_sec = 30 # mine\n', '$&tool_timeout_sec = 99\n'));
    assert.ok(runSetup({ ...w.opts, launcher: NEW_PIN }).ok);
    plan = runUninstall(w.opts);
    assert.ok(plan.ok);
    assert.equal(w.read(), original);
    const note = plan.hosts[0]!.notes.find((n) => n.includes(w.file)) ?? '';
    assert.match(note, /\(tool_timeout_sec\)/, note);
  });

  it('in a file edited since setup, their block comes back with their edits: ours out, every other byte kept', () => {
    const w = codexWorld();
    const original = handWritten();
    writeFileSync(w.file, original);
    assert.ok(runSetup({ ...w.opts, launcher: { ...NEW_PIN, dataHome: '/data/cm' } }).ok);
    // Their edits since: a line inside the block, and a setting at the end of the file.
    writeFileSync(
      w.file,
      w.read().replace('startup_timeout_sec = 30 # mine\n', '$&tool_timeout_sec = 99 # later\n') +
        '\n[profiles.slow]\nmodel = "o3"\n',
    );
    assert.ok(runSetup({ ...w.opts, launcher: { ...NEW_PIN, dataHome: '/data/cm' } }).ok, 'setup again');
    const dry = runUninstall({ ...w.opts, dryRun: true });
    assert.match(dry.hosts[0]!.notes.join('\n'), /Would put back the context-mode entry/);
    const plan = runUninstall(w.opts);
    assert.ok(plan.ok);
    const expected =
      original.replace('startup_timeout_sec = 30 # mine\n', '$&tool_timeout_sec = 99 # later\n') +
      '\n[profiles.slow]\nmodel = "o3"\n';
    assert.equal(w.read(), expected, 'their lines back, ours out, everything else byte for byte');
    const note = plan.hosts[0]!.notes.find((n) => n.includes(w.file)) ?? '';
    assert.match(
      note,
      /^Put back the context-mode entry you had in .* before setup, with what you added to it since \(tool_timeout_sec\)\.$/,
      note,
    );
    // And the cycle holds: set up again and uninstall gives back exactly that file.
    assert.ok(runSetup(w.opts).ok);
    assert.ok(runUninstall(w.opts).ok);
    assert.equal(w.read(), expected);
  });

  it('# lines inside a multi-line string in our block stay string content through a re-render, setup again and upgrades', () => {
    const w = codexWorld();
    writeFileSync(w.file, 'model = "o3"\n');
    assert.ok(runSetup(w.opts).ok);
    // Their lines in our block: multi-line strings (both kinds) with lines starting with # (our end marker's text
    // too), a # inside a line of one, and a dotted key the line editor cannot follow, so the re-pin with a data home renders the block afresh.
    const strings =
      'description = """\n# not a comment\nsee docs#anchor\n  # indented, still text\n# <<< context-mode\n"""\n' +
      "notes = '''\n# literal, not a comment\n'''\n" +
      'env.GITHUB_TOKEN = "t" # their token\n';
    writeFileSync(w.file, w.read().replace(/(args = \[ ".*?" \]\n)/, `$1${strings}`));
    const values = { ...entryIn(w.read()) };
    assert.ok(runSetup({ ...w.opts, launcher: { ...NEW_PIN, dataHome: '/data/cm' } }).ok);
    let text = w.read();
    const entry = entryIn(text)!;
    assert.equal(entry.description, values.description, 'the string value is unchanged');
    assert.equal(entry.notes, values.notes);
    const comments = text
      .split('\n')
      .filter((l) => /^\s*#/.test(l) && !l.startsWith('# >>>') && !l.startsWith('# <<<'));
    assert.deepEqual(comments, ['# their token'], `no string line turned into a comment:\n${text}`);
    assert.doesNotMatch(text, /^#anchor/m);
    // Setup again changes nothing; nor do two upgrades (the first re-pins to the managed runtime).
    assert.ok(runSetup({ ...w.opts, launcher: { ...NEW_PIN, dataHome: '/data/cm' } }).ok);
    assert.equal(w.read(), text, 'setup again: byte-identical');
    for (const version of ['4.0.0', '4.0.1']) {
      const report = runUpgrade({ env: w.env, home: w.home, project: w.project, from: packFake(w.root, { version }) });
      assert.equal(report.error, undefined, report.error);
      const now = w.read();
      assert.equal(entryIn(now)!.description, values.description);
      assert.equal(now.split('# not a comment').length, 2, `once, inside the string:\n${now}`);
      if (version === '4.0.1') assert.equal(now, text, 'the second upgrade: byte-identical');
      text = now;
    }
    assert.ok(runUninstall(w.opts).ok);
    assert.equal(w.read(), 'model = "o3"\n', 'uninstall: the file as it was before setup');
  });
  it("Kimi: a table of the user's inside our hooks markers keeps its multi-line strings ([ and # lines, a marker's text) through setups, an upgrade and uninstall", () => {
    const w = tempWorld('cm-toml-kimi-');
    const file = join(w.home, '.kimi-code', 'config.toml');
    mkdirSync(dirname(file), { recursive: true });
    const read = () => readFileSync(file, 'utf8');
    const opts = mcpAndHooksOf(w, 'kimi');
    writeFileSync(file, 'default_model = "kimi-k2"\n');
    assert.ok(runSetup(opts).ok);
    // Their tables, put just above our end marker: shell scripts whose lines start with `[` (a test, after a blank
    // line), `#`, `[[hooks]]`, and our own end marker's text, all inside multi-line strings of both kinds.
    const theirs =
      '[[hooks]]\nevent = "Stop"\ncommand = """\ncd ~/proj\n\n[ -f .notify ] && notify-send done\n# not a comment\n"""\n' +
      "[[hooks]]\nevent = \"SessionStart\"\ncommand = '''\ncat <<EOF\n[[hooks]]\n# <<< context-mode hooks\n\n[tools]\nEOF\n'''\n";
    const set = read();
    const end = set.indexOf('# <<< context-mode hooks');
    writeFileSync(file, set.slice(0, end) + theirs + set.slice(end));
    const mine = (text: string) =>
      (parse(text) as { hooks: { command: string }[] }).hooks.filter((h) => !/context-mode\.cjs/.test(h.command));
    const values = mine(read());
    assert.equal(values.length, 2);
    const check = (step: string) => {
      const text = read();
      assert.deepEqual(mine(text), values, `${step}: their hooks, string values unchanged:\n${text}`);
      assert.ok(text.includes(theirs), `${step}: their lines, together and byte for byte:\n${text}`);
      return text;
    };
    assert.ok(runSetup({ ...opts, launcher: NEW_PIN }).ok, 're-pin');
    const text = check('re-pin');
    assert.ok(text.includes('/opt/new/bin/context-mode.cjs') && !text.includes('/opt/ctxmode/bin'), 're-pinned');
    assert.ok(runSetup({ ...opts, launcher: NEW_PIN }).ok);
    assert.equal(read(), text, 'setup again: byte-identical');
    const report = runUpgrade({
      env: w.env,
      home: w.home,
      project: w.project,
      from: packFake(w.root, { version: '4.0.0' }),
    });
    assert.equal(report.error, undefined, report.error);
    check('upgrade');
    assert.ok(runUninstall(opts).ok);
    assert.equal(check('uninstall'), `default_model = "kimi-k2"\n\n${theirs}`, 'nothing of ours left');
  });
  it('a second uninstall leaves the context-mode entry the first one gave back (Codex config.toml, and a JSON host)', () => {
    const w = codexWorld();
    const original = handWritten();
    writeFileSync(w.file, original);
    const claude = join(w.home, '.claude.json');
    const claudeOriginal =
      '{\n  "mcpServers": {\n    "context-mode": { "command": "npx", "args": ["-y", "context-mode"] }\n  }\n}\n';
    writeFileSync(claude, claudeOriginal);
    const claudeOpts = { ...mcpAndHooksOf(w, 'claude-code'), parts: ['mcp' as const] };
    assert.ok(runSetup(w.opts).ok && runSetup(claudeOpts).ok);
    for (let i = 0; i < 3; i++) {
      const plans = [runUninstall(w.opts), runUninstall(claudeOpts)];
      assert.ok(plans.every((p) => p.ok));
      assert.equal(w.read(), original, `uninstall ${i + 1}: their block, byte for byte`);
      assert.equal(readFileSync(claude, 'utf8'), claudeOriginal, `uninstall ${i + 1}: their JSON entry`);
      if (i)
        assert.deepEqual(
          plans.flatMap((p) => p.hosts[0]!.notes),
          [],
          'nothing removed, nothing copied',
        );
    }
    // Set up again, it is taken over and given back again.
    assert.ok(runSetup(w.opts).ok);
    assert.notEqual(w.read(), original);
    assert.ok(runUninstall(w.opts).ok && runUninstall(w.opts).ok);
    assert.equal(w.read(), original);
  });
});
