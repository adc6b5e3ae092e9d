// The .vsix every VS Code suite installs, as a user does: CONTEXT_MODE_VSIX (the stage builds it once and hands it
// to each suite; a release run can point it at release/*.vsix), else one packed here with the packaging step
// `npm run release` uses (scripts/package-vsix.mjs), so a suite run on its own tests the same artifact.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const extDir = fileURLToPath(new URL('..', import.meta.url));

/** Packs the extension into `out` with the release's packaging step; returns `out`. */
function packVsix(out) {
  execFileSync(process.execPath, [join(extDir, 'scripts/package-vsix.mjs'), out], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return out;
}

/** The .vsix to install and how to clean up what was built for it (nothing when it was handed in). */
export function vsixUnderTest() {
  const given = process.env.CONTEXT_MODE_VSIX;
  if (given) return { vsix: given, origin: 'CONTEXT_MODE_VSIX', cleanup: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'cm-vsix-'));
  return {
    vsix: packVsix(join(dir, 'context-mode.vsix')),
    origin: 'packed by this suite',
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * An empty development extension in `dir`: VS Code runs an extensionTestsPath only beside a development
 * extension, and an empty one keeps the installed .vsix the extension under test.
 */
export function noopDevExtension(dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'noop', publisher: 'context-mode-test', version: '0.0.1', engines: { vscode: '*' } }),
  );
  return dir;
}
