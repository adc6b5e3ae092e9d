/**
 * The hook file calls `"$HOME/.local/bin/ctxmode"` before looking on PATH (VS Code resolves the login shell's PATH
 * once at start, so a launcher only on PATH would need a restart). This plans that launcher: a small script that
 * pins the runtime and engine the extension uses. Pure: the caller writes.
 */
import { join } from 'node:path';

export const COMMAND_NAME = 'ctxmode';

export interface ShimInput {
  home: string;
  platform: NodeJS.Platform;
  node: string;
  cli: string;
  /** Environment the runtime needs (ELECTRON_RUN_AS_NODE when the engine runs on the editor's own runtime). */
  env?: Record<string, string>;
}

export type ShimPlan = { ok: true; path: string; content: string; dir: string } | { ok: false; message: string };

const shQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function planCommandShim(input: ShimInput): ShimPlan {
  if (input.platform === 'win32') {
    return {
      ok: false,
      message: `Install the ${COMMAND_NAME} command from its release tarball: npm install -g ./${COMMAND_NAME}-<version>.tgz`,
    };
  }
  const dir = join(input.home, '.local', 'bin');
  const exports = Object.entries(input.env ?? {})
    .filter(([k]) => /^[A-Z_][A-Z0-9_]*$/.test(k))
    .map(([k, v]) => `export ${k}=${shQuote(v)}\n`)
    .join('');
  const content = `#!/bin/sh\n# Written by the context-mode VS Code extension: runs the engine it manages.\n${exports}exec ${shQuote(input.node)} ${shQuote(input.cli)} "$@"\n`;
  return { ok: true, path: join(dir, COMMAND_NAME), content, dir };
}

/** A launcher we wrote earlier may be replaced; anything else at that path is the user's and stays. */
export function isOurShim(existing: string | undefined): boolean {
  return existing === undefined || existing.includes('Written by the context-mode VS Code extension');
}
