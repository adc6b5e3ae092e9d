// Packs the extension into a .vsix with vsce. vsce runs `vscode:prepublish` (scripts/build-extension.mjs) first,
// which builds the bundle, the engine copy, the engine tarball and the dashboard, and fails if one is missing.
// The folder is packed without node_modules (the bundle is self-contained). Prints the .vsix path.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ext = fileURLToPath(new URL('..', import.meta.url));
const repo = join(ext, '..');
const { name, version } = JSON.parse(readFileSync(join(ext, 'package.json'), 'utf8'));
const out = process.argv[2] ?? join(ext, `${name}-${version}.vsix`);
execFileSync(
  process.execPath,
  [join(repo, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', out],
  { cwd: ext, stdio: ['ignore', 'ignore', 'inherit'] },
);
console.log(out);
