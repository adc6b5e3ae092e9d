/**
 * The hook file calls `"$HOME/.local/bin/ctxmode"` before looking on PATH (VS Code resolves the login shell's PATH
 * once at start, so a launcher only on PATH would need a restart). This plans that launcher, a small script that
 * pins the runtime and engine the extension uses, and writes it.
 */
import { chmodSync, lstatSync, mkdirSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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

/**
 * Writes the launcher whole or not at all: a temp file beside it, renamed over it. It is rewritten while hooks run
 * (when the managed install replaces the bundled engine, often as the first prompt's hooks start), and `sh` reads
 * a script as it goes: truncated in place, a hook that had opened it read nothing and answered nothing.
 */
export function writeLauncher(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  // A launcher linked from elsewhere (dotfiles managed by stow or chezmoi) is rewritten where it lives: renaming over
  // the link would turn it into a plain file.
  const target = linkTarget(path);
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, content, { mode: 0o755 });
    chmodSync(tmp, 0o755);
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** The file a symbolic link at `path` resolves to; `path` itself when it is no link or its target is missing. */
function linkTarget(path: string): string {
  try {
    return lstatSync(path).isSymbolicLink() ? realpathSync(path) : path;
  } catch {
    return path;
  }
}
