// Builds what the extension folder needs to run and to be packed: the webpack bundle and the engine, once
// (engine/: the `ctxmode` package as npm would install it — bin, dist with the dashboard the sidebar shows, package
// metadata). The extension runs it in place and installs it as the managed runtime (`ctxmode upgrade --from
// engine/`), so no tarball or second dashboard copy rides along. It is also the `vscode:prepublish` script, so a
// bare `npx vsce package` builds the same complete .vsix — or fails here, loudly, when a part is missing.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
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

// What npm would install of server/ (its package.json `files`: bin, dist without maps, README, LICENSE). The
// managed runtime is installed from this folder, so it is the whole package, OpenCode plugin included: the
// `ctxmode` launcher it backs can set up any host.
const engine = join(ext, 'engine');
rmSync(engine, { recursive: true, force: true });
mkdirSync(engine, { recursive: true });
for (const part of ['bin', 'dist', 'package.json', 'README.md', 'LICENSE'])
  cpSync(join(server, part), join(engine, part), { recursive: true, filter: (src) => !src.endsWith('.map') });
// Left by builds before the dashboard was served from engine/dist/dashboard.
rmSync(join(ext, 'dashboard'), { recursive: true, force: true });

const missing = [
  'dist/extension.js',
  'engine/bin/context-mode.cjs',
  'engine/dist/cli.mjs',
  'engine/dist/mcp.mjs',
  'engine/dist/hook.cjs',
  'engine/package.json',
  'engine/dist/dashboard/index.html',
  'engine/dist/dashboard/dashboard.js',
].filter((p) => !existsSync(join(ext, p)));
if (missing.length > 0) {
  console.error(`extension build incomplete, missing: ${missing.join(', ')}`);
  process.exit(1);
}
console.error('extension built: dist/extension.js, engine/ (the ctxmode package, dashboard included) from server/');
