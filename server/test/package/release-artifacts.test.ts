import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- plain .mjs build script without type declarations
import { listArtifact, missingParts } from '../../../scripts/release-parts.mjs';
// @ts-expect-error -- plain .mjs build script without type declarations
import { publishDryRun } from '../../../scripts/publish-dry-run.mjs';

// `npm run release` as the user runs it (the npm tarball and the .vsix; the JetBrains zip needs the Kotlin
// toolchain and is checked by its own stage), into a temp folder, from the server/dist `npm test` built.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'cm-release-'));
const list = listArtifact as (file: string) => string[];
const problems = missingParts as (name: string, entries: string[]) => string[];
let files: string[] = [];

before(() => {
  execFileSync(process.execPath, [join(ROOT, 'scripts/release.mjs'), '--skip-jetbrains', '--no-build', '--out', out], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 240_000,
  });
  files = readdirSync(out).sort();
});
after(() => rmSync(out, { recursive: true, force: true }));

test('release writes the npm tarball, the .vsix and checksums that verify', () => {
  assert.deepEqual(files, ['SHA256SUMS', 'context-mode-vscode-0.1.0.vsix', 'ctxmode-0.1.0.tgz']);
  const check = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: out, encoding: 'utf8' });
  assert.match(check, /ctxmode-0\.1\.0\.tgz: OK/);
  assert.match(check, /context-mode-vscode-0\.1\.0\.vsix: OK/);
});

test('the npm tarball carries bin, dist, README and nothing of the sources', () => {
  const entries = list(join(out, 'ctxmode-0.1.0.tgz'));
  assert.deepEqual(problems('ctxmode-0.1.0.tgz', entries), []);
  assert.ok(!entries.some((e) => e.endsWith('.map') || e.startsWith('package/src/')));
});

test('the .vsix carries the engine package and the dashboard once each: no tarball beside the engine', () => {
  const entries = list(join(out, 'context-mode-vscode-0.1.0.vsix'));
  assert.deepEqual(problems('x.vsix', entries), []);
  assert.equal(entries.filter((e) => e.endsWith('/dashboard.js')).length, 1);
  assert.equal(entries.filter((e) => e.endsWith('/cli.mjs')).length, 1);
  assert.equal(entries.filter((e) => e.endsWith('.tgz')).length, 0);
  // Every file of the engine package is in it once, under engine/ (what the managed runtime is installed from).
  const tarball = list(join(out, 'ctxmode-0.1.0.tgz')).map((e) => e.replace(/^package\//, 'extension/engine/'));
  assert.deepEqual(
    tarball.filter((e) => !entries.includes(e)),
    [],
    'the engine folder is the whole npm package',
  );
});

interface DryRun {
  status: number | null;
  files: string[];
  requests: string[];
  stderr: string;
}
const dryRun = publishDryRun as (
  spec: string,
  options: { name: string; published?: string[]; cwd?: string },
) => Promise<DryRun>;

test('npm publish --dry-run accepts the tarball offline, uploads exactly its files and warns about nothing', async () => {
  const tarball = join(out, 'ctxmode-0.1.0.tgz');
  const run = await dryRun(tarball, { name: 'ctxmode' });
  assert.equal(run.status, 0, run.stderr);
  assert.doesNotMatch(run.stderr, /^npm warn/m);
  // npm asked the registry whether ctxmode@0.1.0 is already published (the stub said the name is new).
  assert.ok(run.requests.includes('GET /ctxmode'), run.requests.join(', '));
  const packed = list(tarball)
    .map((e) => e.replace(/^package\//, ''))
    .sort();
  assert.deepEqual(run.files, packed);
  for (const part of ['package.json', 'README.md', 'LICENSE', 'bin/context-mode.cjs', 'dist/cli.mjs', 'dist/hook.cjs'])
    assert.ok(run.files.includes(part), `publishes ${part}`);
  assert.deepEqual(
    run.files.filter((f) => /\.(map|ts)$|^(src|test)\//.test(f)),
    [],
  );
});

test('npm publish --dry-run from server/ would upload the same files as the release tarball', async () => {
  const run = await dryRun('.', { name: 'ctxmode', cwd: join(ROOT, 'server') });
  assert.equal(run.status, 0, run.stderr);
  assert.doesNotMatch(run.stderr, /^npm warn/m);
  assert.deepEqual(
    run.files,
    list(join(out, 'ctxmode-0.1.0.tgz'))
      .map((e) => e.replace(/^package\//, ''))
      .sort(),
  );
});

test('the publish check asks the registry: a version already published there is refused', async () => {
  const run = await dryRun(join(out, 'ctxmode-0.1.0.tgz'), { name: 'ctxmode', published: ['0.1.0'] });
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /previously published versions: 0\.1\.0/);
});

/**
 * Commands a printed hint must not name: `ctxmode` is not on the npm registry (npx or a registry install of it
 * fails), and `context-mode` as a command or npm package is the incumbent, a different program. The bundles keep
 * the product's name constants as template placeholders (`${BIN_NAME}`), so those count as the name too.
 */
const OURS = String.raw`(ctxmode|\$\{\w*(BIN|PACKAGE)_NAME\w*\})`;
const DEAD_COMMANDS = [
  new RegExp(String.raw`npx\s+(-y\s+)?${OURS}(?![\w./-])`),
  new RegExp(String.raw`npm\s+(install|i)\s+(-g\s+|--global\s+)?${OURS}(?![\w./-])`),
  /npx\s+(-y\s+)?context-mode\b/,
  /npm\s+(install|i)\s+(-g\s+|--global\s+)?context-mode\b/,
  /\bcontext-mode\s+(setup|doctor|stats|upgrade|uninstall|purge|dashboard|index|search|serve|hook|memory|sources|state|action)\b/,
];

/**
 * `file: …context…` for each dead command in what ships: the artifact's code (CLI, MCP server, hook bundle and
 * entry, dashboard, extension), pages and manifests, not its README (which names the registry install as future).
 */
function deadCommandsIn(artifact: string): string[] {
  const code = list(artifact).filter((e) => /\.(mjs|cjs|js|html)$|\/package\.json$/.test(e));
  const hits: string[] = [];
  for (const entry of code) {
    const text = artifact.endsWith('.tgz')
      ? execFileSync('tar', ['-xzOf', artifact, entry], { encoding: 'utf8', maxBuffer: 64 << 20 })
      : execFileSync('unzip', ['-p', artifact, entry], { encoding: 'utf8', maxBuffer: 64 << 20 });
    for (const re of DEAD_COMMANDS) {
      const m = re.exec(text);
      if (m) hits.push(`${entry}: …${text.slice(Math.max(0, m.index - 60), m.index + 60)}…`);
    }
  }
  return hits;
}

test('every hint the CLI, hooks, server, dashboard and extension print names a command that works as installed', () => {
  const hits = ['ctxmode-0.1.0.tgz', 'context-mode-vscode-0.1.0.vsix'].flatMap((a) =>
    deadCommandsIn(join(out, a)).map((h) => `${a} ${h}`),
  );
  assert.deepEqual(hits, []);
});

test('the dead-command scan finds what it looks for', () => {
  const hint = (s: string) => DEAD_COMMANDS.some((re) => re.test(s));
  assert.ok(hint('Run: npx ctxmode setup'));
  assert.ok(hint('install with npm install -g ctxmode'));
  assert.ok(hint('run `context-mode doctor`'));
  assert.ok(hint('is gone; run: npx ${BIN_NAME} setup'));
  assert.ok(!hint('npm install -g ./ctxmode-0.1.0.tgz'));
  assert.ok(!hint('context-mode: Run Doctor — all checks passed'));
  assert.ok(!hint('run: ctxmode setup'));
});

test('an artifact missing its engine or tarball is reported, naming the part', () => {
  const vsixWithoutEngine = ['extension/package.json', 'extension/readme.md', 'extension/dist/extension.js'];
  assert.ok(problems('x.vsix', vsixWithoutEngine).some((p) => p.includes('engine/bin/context-mode.cjs')));
  assert.ok(problems('x.vsix', vsixWithoutEngine).some((p) => p.includes('engine/dist/dashboard/index.html')));
  const vsixEngineTwice = [...vsixWithoutEngine, 'extension/engine/ctxmode-0.1.0.tgz'];
  assert.ok(problems('x.vsix', vsixEngineTwice).some((p) => p.includes('must not carry extension/engine/ctxmode')));
  assert.ok(problems('x.tgz', ['package/package.json']).some((p) => p.includes('package/dist/cli.mjs')));
});

// The JetBrains zip's parts (the zip itself is built and installed by the JetBrains stage, whose PluginZipLayoutTest
// checks the same layout against gradle.properties): what `npm run release` refuses, on entry lists like listArtifact's.
const JB = 'context-mode-jetbrains';
const engine = ['package.json', 'bin/context-mode.cjs', 'dist/cli.mjs', 'dist/mcp.mjs', 'dist/hook.cjs'];
engine.push('dist/dashboard/index.html', 'dist/dashboard/dashboard.js');
const goodZip = [
  `${JB}/lib/context-mode-jetbrains.jar`,
  `${JB}/lib/context-mode-jetbrains.jar!/META-INF/plugin.xml`,
  `${JB}/lib/context-mode-core.jar`,
  ...engine.map((e) => `${JB}/context-mode/engine/${e}`),
];

test('the JetBrains zip passes with its jars, one plugin.xml and the engine folder once', () => {
  assert.deepEqual(problems('context-mode-0.1.0.zip', goodZip), []);
});

test('a JetBrains zip missing its engine, dashboard or descriptor fails, naming the part', () => {
  const jarsOnly = goodZip.filter((e) => e.includes('/lib/'));
  const found = problems('x.zip', jarsOnly);
  assert.ok(found.some((p) => p.includes('engine/dist/cli.mjs')));
  assert.ok(found.some((p) => p.includes('engine/dist/dashboard/index.html')));
  const noDescriptor = goodZip.filter((e) => !e.endsWith('plugin.xml'));
  assert.ok(problems('x.zip', noDescriptor).some((p) => p.includes('META-INF/plugin.xml')));
});

test('a JetBrains zip carrying the engine or the dashboard twice fails', () => {
  const withTarball = [...goodZip, `${JB}/context-mode/ctxmode-0.1.0.tgz`];
  assert.ok(problems('x.zip', withTarball).some((p) => p.includes('must not carry') && p.includes('.tgz')));
  const twoDashboards = [...goodZip, `${JB}/context-mode/dashboard/dashboard.js`];
  assert.ok(problems('x.zip', twoDashboards).some((p) => /dashboard.*2 times/.test(p)));
  const twoEngines = [...goodZip, `${JB}/context-mode/engine/node_modules/ctxmode/dist/cli.mjs`];
  assert.ok(problems('x.zip', twoEngines).some((p) => /cli.*2 times/.test(p)));
  const twoDescriptors = [...goodZip, `${JB}/lib/context-mode-core.jar!/META-INF/plugin.xml`];
  assert.ok(problems('x.zip', twoDescriptors).some((p) => /plugin.*2 times/.test(p)));
});

test('a JetBrains zip outside the IDE layout fails: a second top folder, a jar below lib/, loose classes', () => {
  for (const stray of ['other/lib/x.jar', `${JB}/lib/nested/x.jar`, `${JB}/classes/A.class`]) {
    assert.ok(
      problems('x.zip', [...goodZip, stray]).some((p) => p.includes(`must not carry ${stray}`)),
      stray,
    );
  }
});
