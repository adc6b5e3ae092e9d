// Packs the extension into a .vsix with vsce: builds it first (bundle, engine copy, dashboard), then packs the
// folder without node_modules (the bundle is self-contained). Prints the .vsix path.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ext = fileURLToPath(new URL('..', import.meta.url));
const repo = join(ext, '..');
const { name, version } = JSON.parse(readFileSync(join(ext, 'package.json'), 'utf8'));
const out = process.argv[2] ?? join(ext, `${name}-${version}.vsix`);
execFileSync(process.execPath, [join(ext, 'scripts/build-extension.mjs')], { stdio: 'inherit' });
// The engine package itself rides along, so the extension can install it as the managed runtime
// (`ctxmode upgrade --from <tgz>`) that hooks and other hosts share.
execFileSync('npm', ['pack', '--silent', '--pack-destination', join(ext, 'engine')], {
  cwd: join(repo, 'server'),
  stdio: ['ignore', 'ignore', 'inherit'],
});
execFileSync(
  process.execPath,
  [join(repo, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', out],
  {
    cwd: ext,
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
console.log(out);
