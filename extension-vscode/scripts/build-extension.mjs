// Builds what the extension folder needs to run: the webpack bundle, the engine copy it carries (engine/:
// the server package's bin, dist and package.json), and the shared dashboard bundle (dashboard/).
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

const engine = join(ext, 'engine');
rmSync(engine, { recursive: true, force: true });
mkdirSync(engine, { recursive: true });
for (const part of ['bin', 'dist', 'package.json'])
  cpSync(join(server, part), join(engine, part), { recursive: true, filter: (src) => !src.endsWith('.map') });

const dashboardDist = [join(server, 'dist/dashboard')].find((d) => existsSync(join(d, 'dashboard.js')));
const dashboard = join(ext, 'dashboard');
rmSync(dashboard, { recursive: true, force: true });
if (dashboardDist) cpSync(dashboardDist, dashboard, { recursive: true });
else mkdirSync(dashboard, { recursive: true });
console.error(
  `extension built: dist/extension.js, engine/ from server/, dashboard/ from ${dashboardDist ?? '(none yet)'}`,
);
