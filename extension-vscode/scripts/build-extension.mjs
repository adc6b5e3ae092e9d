// Builds what the extension folder needs to run and to be packed: the webpack bundle, the engine copy it runs
// (engine/: the server package's bin, dist and package.json), the engine tarball it installs as the managed
// runtime (engine/*.tgz), and the shared dashboard bundle (dashboard/). It is also the `vscode:prepublish` script,
// so a bare `npx vsce package` builds the same complete .vsix — or fails here, loudly, when a part is missing.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ext = fileURLToPath(new URL('..', import.meta.url));
const repo = join(ext, '..');
const server = join(repo, 'server');

if (!existsSync(join(server, 'dist', 'cli.mjs')))
  execFileSync('npm', ['run', 'build'], { cwd: repo, stdio: 'inherit' });
execFileSync(
  process.execPath,
  [join(repo, 'node_modules/webpack-cli/bin/cli.js'), '--config', join(ext, 'webpack.config.cjs')],
  { cwd: ext, stdio: ['ignore', 'ignore', 'inherit'] },
);

// The engine copy leaves out what the extension never runs from it: source maps, the OpenCode plugin (~400 KB;
// the managed install from the tarball has it) and the dashboard (the extension serves its own dashboard/ copy).
const NOT_IN_ENGINE_COPY = [/\.map$/, /[\\/]dist[\\/]opencode-plugin\.mjs$/, /[\\/]dist[\\/]dashboard$/];
const engine = join(ext, 'engine');
rmSync(engine, { recursive: true, force: true });
mkdirSync(engine, { recursive: true });
for (const part of ['bin', 'dist', 'package.json'])
  cpSync(join(server, part), join(engine, part), {
    recursive: true,
    filter: (src) => !NOT_IN_ENGINE_COPY.some((re) => re.test(src)),
  });
execFileSync('npm', ['pack', '--silent', '--pack-destination', engine], {
  cwd: server,
  stdio: ['ignore', 'ignore', 'inherit'],
});

const dashboard = join(ext, 'dashboard');
rmSync(dashboard, { recursive: true, force: true });
cpSync(join(server, 'dist/dashboard'), dashboard, { recursive: true, filter: (src) => !src.endsWith('.map') });

const missing = [
  'dist/extension.js',
  'engine/bin/context-mode.cjs',
  'engine/dist/cli.mjs',
  'engine/dist/mcp.mjs',
  'engine/dist/hook.cjs',
  'engine/package.json',
  'dashboard/index.html',
  'dashboard/dashboard.js',
].filter((p) => !existsSync(join(ext, p)));
if (!readdirSync(engine).some((f) => f.endsWith('.tgz'))) missing.push('engine/*.tgz (npm pack of server/)');
if (missing.length > 0) {
  console.error(`extension build incomplete, missing: ${missing.join(', ')}`);
  process.exit(1);
}
console.error('extension built: dist/extension.js, engine/ and engine/*.tgz from server/, dashboard/');
