import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse as parseJsonc } from 'jsonc-parser/lib/esm/main.js';
import { parse as parseToml } from 'smol-toml';
import { allHosts, getHost } from '@context-mode/shared/platforms/host-table';
import type { HostId } from '@context-mode/shared/platforms/types';
import { planUninstall } from '@context-mode/shared/setup/plan-setup';
import { defaultLauncher, ownBin, runSetup, type SetupRunOptions } from '../../src/setup/run-setup.js';
import { runUninstall } from '../../src/setup/run-uninstall.js';
import { removeTempWorlds, tempWorld } from './temp-world.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const LAUNCHER = { kind: 'pinned' as const, node: '/opt/node/bin/node', bin: '/opt/ctxmode/bin/context-mode.cjs' };
after(removeTempWorlds);

/** A temp HOME, CONTEXT_MODE_HOME and git project, with the host's real-world fixture files in place. */
function world(files: Record<string, string> = {}) {
  const { root, home, project, env } = tempWorld('cm-setup-');
  for (const [fixture, where] of Object.entries(files)) {
    const target = where.replace('~', home).replace('<project>', project);
    mkdirSync(dirname(target), { recursive: true });
    cpSync(join(FIXTURES, fixture), target);
  }
  const opts = (hosts: HostId[], extra: Partial<SetupRunOptions> = {}): SetupRunOptions => ({
    hosts: hosts.map(getHost),
    scope: 'user',
    project,
    env,
    home,
    platform: 'linux',
    launcher: LAUNCHER,
    ...extra,
  });
  return { root, home, project, env, opts };
}

/** Every path under the temp home and project (but .git), to show uninstall leaves no trace. */
function tree(...roots: string[]): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === '.git') continue;
      const p = join(d, e.name);
      out.push(p);
      if (e.isDirectory()) walk(p);
    }
  };
  roots.forEach(walk);
  return out.sort();
}

function snapshot(paths: string[]): Record<string, string | null> {
  return Object.fromEntries(paths.map((p) => [p, existsSync(p) ? readFileSync(p, 'utf8') : null]));
}

function parses(path: string): void {
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  if (path.endsWith('.toml')) parseToml(text);
  else if (path.endsWith('.json')) {
    const errors: unknown[] = [];
    parseJsonc(text, errors as never, { allowTrailingComma: true });
    assert.deepEqual(errors, [], `${path} parses`);
  }
}

const CASES: { host: HostId; files: Record<string, string> }[] = [
  {
    host: 'claude-code',
    files: {
      'claude-code/settings.json': '~/.claude/settings.json',
      'claude-code/claude.json': '~/.claude.json',
      'claude-code/CLAUDE.md': '<project>/CLAUDE.md',
    },
  },
  { host: 'gemini-cli', files: { 'gemini-cli/settings.json': '~/.gemini/settings.json' } },
  {
    host: 'codex',
    files: {
      'codex/config.toml': '~/.codex/config.toml',
      'codex/hooks.json': '~/.codex/hooks.json',
      'codex/AGENTS.md': '<project>/AGENTS.md',
    },
  },
  { host: 'vscode-copilot', files: { 'vscode-copilot/mcp.json': '~/.config/Code/User/mcp.json' } },
  { host: 'cursor', files: { 'cursor/hooks.json': '~/.cursor/hooks.json', 'cursor/mcp.json': '~/.cursor/mcp.json' } },
  { host: 'opencode', files: { 'opencode/opencode.json': '~/.config/opencode/opencode.json' } },
  { host: 'zed', files: { 'zed/settings.json': '~/.config/zed/settings.json' } },
  {
    host: 'jetbrains-copilot',
    files: {
      'jetbrains-copilot/mcp.json': '~/.config/github-copilot/intellij/mcp.json',
      'jetbrains-copilot/copilot-instructions.md': '<project>/.github/copilot-instructions.md',
      // Another tool's hooks beside ours in the same folder: setup writes its own file and leaves this one alone.
      'jetbrains-copilot/other-hooks.json': '<project>/.github/hooks/audit.json',
    },
  },
  {
    host: 'qwen-code',
    files: { 'qwen-code/settings.json': '~/.qwen/settings.json', 'qwen-code/QWEN.md': '<project>/QWEN.md' },
  },
  { host: 'copilot-cli', files: { 'copilot-cli/mcp-config.json': '~/.copilot/mcp-config.json' } },
  { host: 'kimi', files: { 'kimi/config.toml': '~/.kimi-code/config.toml' } },
  {
    host: 'kiro',
    files: {
      // CRLF line ends, as a file saved on Windows and synced.
      'kiro/mcp.json': '~/.kiro/settings/mcp.json',
      'kiro/product.md': '<project>/.kiro/steering/product.md',
      // A custom agent with its own hooks: setup never writes hooks for Kiro, so it stays as it is.
      'kiro/agent.json': '~/.kiro/agents/reviewer.json',
    },
  },
  {
    host: 'antigravity',
    files: {
      'antigravity/mcp_config.json': '~/.gemini/config/mcp_config.json',
      'antigravity/GEMINI.md': '<project>/GEMINI.md',
    },
  },
  { host: 'pi', files: { 'pi/mcp.json': '~/.pi/agent/mcp.json', 'pi/AGENTS.md': '<project>/AGENTS.md' } },
];

describe('setup merges into real-world configs and uninstall gives the bytes back', () => {
  for (const { host, files } of CASES) {
    it(`${host}: only our entries are added, twice changes nothing, uninstall restores every byte`, () => {
      assert.ok(CASES.length === allHosts().length, 'every host in the table has a case');
      const w = world(files);
      const treeBefore = tree(w.home, w.project);
      const first = runSetup(w.opts([host]));
      assert.equal(first.ok, true, JSON.stringify(first.hosts[0]?.files.map((f) => f.error)));
      const touched = first.hosts[0]!.files.map((f) => f.path);
      assert.ok(touched.length >= 2, 'MCP registration plus instructions at least');
      for (const p of touched) parses(p);
      const afterFirst = snapshot(touched);

      // Only our block differs: taking our entries out structurally (setup's record of what it added, but no
      // backup) yields the fixture byte for byte.
      const state = JSON.parse(readFileSync(join(w.env.CONTEXT_MODE_HOME!, 'setup/state.json'), 'utf8'));
      const structural = planUninstall(
        [getHost(host)],
        {
          scope: 'user',
          project: w.project,
          launcher: LAUNCHER,
          paths: { env: w.env, home: w.home, platform: 'linux' },
          read: (p) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined),
        },
        (p) => state.hosts[host].files[p],
      )[0]!;
      for (const [fixture, where] of Object.entries(files)) {
        const target = where.replace('~', w.home).replace('<project>', w.project);
        const original = readFileSync(join(FIXTURES, fixture), 'utf8');
        const f = structural.files.find((x) => x.path === target);
        if (touched.includes(target)) assert.equal(f?.after, original, `${target}: only our entries differ`);
        else assert.equal(readFileSync(target, 'utf8'), original, `${target}: not ours, not touched`);
      }

      const second = runSetup(w.opts([host]));
      assert.deepEqual(
        second.hosts[0]!.files.map((f) => f.action),
        touched.map(() => 'unchanged'),
      );
      assert.deepEqual(snapshot(touched), afterFirst, 'setup twice → identical bytes');

      const gone = runUninstall(w.opts([host]));
      assert.equal(gone.ok, true);
      for (const p of touched) {
        const fixture = Object.entries(files).find(
          ([, where]) => where.replace('~', w.home).replace('<project>', w.project) === p,
        )?.[0];
        if (fixture)
          assert.equal(
            readFileSync(p, 'utf8'),
            readFileSync(join(FIXTURES, fixture), 'utf8'),
            `${p}: original bytes back`,
          );
        else assert.equal(existsSync(p), false, `${p}: created by setup, removed by uninstall`);
      }
      assert.deepEqual(tree(w.home, w.project), treeBefore, 'no trace: no file and no empty directory left behind');
    });
  }

  it('uninstall after the user edited the file keeps their edit and removes only ours', () => {
    const w = world({ 'claude-code/settings.json': '~/.claude/settings.json' });
    runSetup(w.opts(['claude-code']));
    const settings = join(w.home, '.claude/settings.json');
    writeFileSync(settings, readFileSync(settings, 'utf8').replace('"model": "opus"', '"model": "sonnet"'));
    runUninstall(w.opts(['claude-code']));
    const want = readFileSync(join(FIXTURES, 'claude-code/settings.json'), 'utf8').replace(
      '"model": "opus"',
      '"model": "sonnet"',
    );
    assert.equal(readFileSync(settings, 'utf8'), want);
  });

  it("Gemini gets hooksConfig.enabled; the user's other hooksConfig keys stay", () => {
    const w = world({ 'gemini-cli/settings.json': '~/.gemini/settings.json' });
    runSetup(w.opts(['gemini-cli']));
    const s = parseJsonc(readFileSync(join(w.home, '.gemini/settings.json'), 'utf8')) as {
      hooksConfig: { enabled?: boolean; disabled?: string[] };
      hooks: { BeforeTool: Array<{ hooks: Array<{ command: string }> }> };
      mcpServers: Record<string, unknown>;
    };
    assert.equal(s.hooksConfig.enabled, true);
    assert.deepEqual(s.hooksConfig.disabled, ['legacy']);
    assert.ok(s.hooks.BeforeTool[0]!.hooks[0]!.command.includes('hook gemini-cli beforetool'));
    assert.deepEqual(Object.keys(s.mcpServers), ['files', 'context-mode']);
  });

  it('a malformed or read-only file is reported with a fix and left untouched; other hosts still get set up', () => {
    const w = world({
      'claude-code/settings.json': '~/.claude/settings.json',
      'cursor/hooks.json': '~/.cursor/hooks.json',
    });
    const settings = join(w.home, '.claude/settings.json');
    writeFileSync(settings, '{ "model": "opus", ');
    const cursorHooks = join(w.home, '.cursor/hooks.json');
    chmodSync(cursorHooks, 0o444);
    const before = snapshot([settings, cursorHooks]);
    const plan = runSetup(w.opts(['claude-code', 'cursor', 'gemini-cli']));
    assert.equal(plan.ok, false);
    const err = (h: string) => plan.hosts.find((x) => x.host === h)!.files.find((f) => f.error)?.error;
    assert.equal(err('claude-code')?.code, 'malformed');
    assert.match(err('claude-code')!.message, /line 1/);
    assert.ok(err('claude-code')!.fix);
    assert.equal(err('cursor')?.code, 'read-only');
    assert.deepEqual(snapshot([settings, cursorHooks]), before);
    assert.equal(existsSync(join(w.home, '.claude.json')), false, 'a host with an error gets none of its files');
    assert.ok(existsSync(join(w.home, '.gemini/settings.json')), 'the healthy host was set up');
  });

  it('a dry run reports a read-only file as the error a real run would hit, and writes nothing', () => {
    const w = world({ 'cursor/hooks.json': '~/.cursor/hooks.json' });
    const cursorHooks = join(w.home, '.cursor/hooks.json');
    chmodSync(cursorHooks, 0o444);
    const before = snapshot([cursorHooks]);
    const plan = runSetup(w.opts(['cursor', 'gemini-cli'], { dryRun: true }));
    assert.equal(plan.ok, false);
    const cursor = plan.hosts.find((h) => h.host === 'cursor')!.files.find((f) => f.path === cursorHooks);
    assert.equal(cursor?.action, 'error');
    assert.equal(cursor?.error?.code, 'read-only');
    assert.ok(cursor?.error?.fix);
    assert.deepEqual(snapshot([cursorHooks]), before);
    assert.equal(existsSync(join(w.home, '.gemini/settings.json')), false, 'a dry run writes no host');
  });

  it('a custom CONTEXT_MODE_HOME is pinned in user-level MCP entries (Codex filters the server env), never in team-shared files', () => {
    const w = world();
    const launcher = defaultLauncher(w.env, LAUNCHER.bin);
    runSetup(w.opts(['codex', 'claude-code'], { launcher }));
    const toml = parseToml(readFileSync(join(w.home, '.codex/config.toml'), 'utf8')) as {
      mcp_servers: Record<string, { env?: Record<string, string> }>;
    };
    assert.deepEqual({ ...toml.mcp_servers['context-mode']?.env }, { CONTEXT_MODE_HOME: w.env.CONTEXT_MODE_HOME });
    runSetup(w.opts(['claude-code'], { scope: 'project', launcher }));
    const shared = readFileSync(join(w.project, '.mcp.json'), 'utf8');
    assert.ok(!shared.includes(w.env.CONTEXT_MODE_HOME!), 'the team-shared .mcp.json carries no machine path');
    const plain = defaultLauncher({ ...w.env, CONTEXT_MODE_HOME: '' }, LAUNCHER.bin);
    assert.equal(plain.kind === 'pinned' && plain.dataHome, undefined, 'the default home is not pinned');
  });

  it('a hand-written [mcp_servers.context-mode] in Codex config.toml is a conflict, not a duplicate table', () => {
    const w = world();
    mkdirSync(join(w.home, '.codex'), { recursive: true });
    const toml = '[mcp_servers.context-mode]\ncommand = "npx"\nargs = ["-y", "context-mode"]\n';
    writeFileSync(join(w.home, '.codex/config.toml'), toml);
    const plan = runSetup(w.opts(['codex']));
    assert.equal(plan.hosts[0]!.files.find((f) => f.error)?.error?.code, 'conflict');
    assert.equal(readFileSync(join(w.home, '.codex/config.toml'), 'utf8'), toml);
  });

  it('older hand-written context-mode hooks in a file setup merges into are left in place and named in a note', () => {
    const w = world();
    mkdirSync(join(w.home, '.claude'), { recursive: true });
    const old =
      '{ "hooks": { "PreToolUse": [ { "hooks": [ { "type": "command", "command": "npx context-mode hook claude-code pretooluse" } ] } ] } }\n';
    writeFileSync(join(w.home, '.claude/settings.json'), old);
    const plan = runSetup(w.opts(['claude-code']));
    assert.ok(
      plan.hosts[0]!.notes.some((n) => /older hand-written context-mode hooks.*doctor --fix/.test(n)),
      plan.hosts[0]!.notes.join('\n'),
    );
    assert.match(
      readFileSync(join(w.home, '.claude/settings.json'), 'utf8'),
      /npx context-mode hook claude-code pretooluse/,
    );
  });

  it('--dry-run prints diffs and writes nothing', () => {
    const w = world({ 'claude-code/settings.json': '~/.claude/settings.json' });
    const before = snapshot([join(w.home, '.claude/settings.json'), join(w.home, '.claude.json')]);
    const plan = runSetup(w.opts(['claude-code'], { dryRun: true }));
    assert.equal(plan.applied, false);
    assert.match(plan.hosts[0]!.files[0]!.diff, /^\+.*context-mode/m);
    assert.deepEqual(snapshot(Object.keys(before)), before);
    assert.equal(existsSync(join(w.project, 'CLAUDE.md')), false);
  });
});

describe('OpenCode plugin file', () => {
  it('user scope re-exports the bundled plugin by absolute path; project scope finds it at load time or does nothing', async () => {
    const w = world();
    runSetup(w.opts(['opencode'], { launcher: { kind: 'pinned', node: process.execPath, bin: ownBin() } }));
    const userPlugin = join(w.home, '.config/opencode/plugins/context-mode.ts');
    const mod = (await import(pathToFileURL(userPlugin).href)) as { ContextModePlugin: unknown };
    assert.equal(typeof mod.ContextModePlugin, 'function');
    assert.deepEqual(Object.keys(mod), ['ContextModePlugin'], 'one export: OpenCode runs every exported function');

    runSetup(w.opts(['opencode'], { scope: 'project' }));
    const projectPlugin = join(w.project, '.opencode/plugins/context-mode.ts');
    assert.doesNotMatch(readFileSync(projectPlugin, 'utf8'), /\/opt\/|\/home\/|\/root\//);
    const portable = (await import(pathToFileURL(projectPlugin).href)) as {
      ContextModePlugin: (i: unknown) => Promise<unknown>;
    };
    // No global ctxmode on this machine: the plugin answers with no hooks instead of failing OpenCode.
    assert.deepEqual(await portable.ContextModePlugin({ directory: w.project }), {});

    writeFileSync(userPlugin, 'export const Mine = 1;\n');
    const plan = runSetup(w.opts(['opencode']));
    assert.equal(plan.hosts[0]!.files.find((f) => f.path === userPlugin)?.error?.code, 'conflict');
    assert.equal(readFileSync(userPlugin, 'utf8'), 'export const Mine = 1;\n');
  });
});

describe('instruction files several hosts read', () => {
  it('a second host on AGENTS.md turns the block into the shared one with bare tool names; re-runs keep it', () => {
    const w = world();
    runSetup(w.opts(['opencode']));
    const agents = join(w.project, 'AGENTS.md');
    assert.match(readFileSync(agents, 'utf8'), /context-mode_ctx_search/);
    runSetup(w.opts(['zed']));
    const shared = readFileSync(agents, 'utf8');
    assert.doesNotMatch(shared, /context-mode_ctx_search|mcp:context-mode:/);
    assert.match(shared, /ctx_batch_execute/);
    assert.equal(shared.split('<!-- context-mode:start -->').length, 2, 'one block');
    runSetup(w.opts(['opencode', 'zed']));
    assert.equal(readFileSync(agents, 'utf8'), shared);
  });
});

describe('team-shared Copilot hooks file', () => {
  it('one portable file in the Copilot CLI format serves VS Code, JetBrains and the Copilot CLI', () => {
    const w = world();
    const plan = runSetup(w.opts(['vscode-copilot'], { scope: 'project' }));
    assert.equal(plan.ok, true);
    assert.ok(
      plan.hosts[0]!.notes.some((n) =>
        /can be committed: teammates get the tool with `npm install -g \.\/ctxmode-<version>\.tgz`/.test(n),
      ),
    );
    const file = join(w.project, '.github/hooks/context-mode.json');
    const text = readFileSync(file, 'utf8');
    assert.doesNotMatch(text, /\/opt\/|\/home\/|\/root\/|[A-Z]:\\\\/, 'no absolute paths in a committed file');
    const json = JSON.parse(text);
    assert.equal(json.version, 1);
    assert.deepEqual(Object.keys(json.hooks), [
      'preToolUse',
      'postToolUse',
      'userPromptSubmitted',
      'preCompact',
      'sessionStart',
      'agentStop',
    ]);
    assert.ok(json.hooks.preToolUse[0].bash.includes('ctxmode hook copilot pretooluse'));
    assert.ok(json.hooks.preToolUse[0].powershell.includes('ctxmode hook copilot pretooluse'));
    // The other two Copilot surfaces want exactly this file: nothing changes, no second file appears.
    const again = runSetup(w.opts(['jetbrains-copilot', 'copilot-cli'], { scope: 'project' }));
    const hookFiles = again.hosts.flatMap((h) => h.files.filter((f) => f.parts.includes('hooks')));
    assert.deepEqual(
      hookFiles.map((f) => [f.path, f.action]),
      [
        [file, 'unchanged'],
        [file, 'unchanged'],
      ],
    );
    assert.equal(readFileSync(file, 'utf8'), text);
    const mcp = JSON.parse(readFileSync(join(w.project, '.vscode/mcp.json'), 'utf8'));
    assert.deepEqual(mcp.servers['context-mode'], { type: 'stdio', command: 'ctxmode', args: [] });
  });

  it('the portable command is a no-op with one hint line when ctxmode is missing, and passes a block exit code through', () => {
    const w = world();
    runSetup(w.opts(['vscode-copilot'], { scope: 'project' }));
    const bash = JSON.parse(readFileSync(join(w.project, '.github/hooks/context-mode.json'), 'utf8')).hooks
      .preToolUse[0].bash as string;
    const emptyPath = join(w.root, 'empty-bin');
    mkdirSync(emptyPath);
    const missing = spawnSync('/bin/sh', ['-c', bash], {
      env: { PATH: `${emptyPath}:/usr/bin:/bin` },
      input: '{}',
      encoding: 'utf8',
    });
    assert.equal(missing.status, 0);
    assert.equal(missing.stdout, '');
    assert.equal(missing.stderr.trim().split('\n').length, 1);
    assert.match(missing.stderr, /npm install -g \.\/ctxmode-<version>\.tgz/);
    const fake = join(w.root, 'fake-bin');
    mkdirSync(fake);
    writeFileSync(join(fake, 'ctxmode'), '#!/bin/sh\necho "{\\"args\\": \\"$*\\"}"\nexit 2\n', { mode: 0o755 });
    const present = spawnSync('/bin/sh', ['-c', bash], {
      env: { PATH: `${fake}:/usr/bin:/bin` },
      input: '{}',
      encoding: 'utf8',
    });
    assert.equal(present.status, 2, 'a deliberate block (exit 2) is not swallowed by the guard');
    assert.deepEqual(JSON.parse(present.stdout), { args: 'hook copilot pretooluse' });
  });
});
