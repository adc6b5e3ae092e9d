/**
 * Hooks run `ctxmode` from the user's login-shell PATH (VS Code resolves that environment once and runs hook
 * commands in it), so a `ctxmode` the editor can find is not enough. This plans a small launcher in
 * ~/.local/bin that pins the Node and engine the extension uses. Pure: the caller probes and writes.
 */
import { delimiter, join } from 'node:path';

export const COMMAND_NAME = 'ctxmode';

export interface ShimInput {
  home: string;
  platform: NodeJS.Platform;
  /** PATH as the login shell sets it. */
  loginPath: string;
  node: string;
  cli: string;
  /** Environment the runtime needs (ELECTRON_RUN_AS_NODE when the engine runs on the editor's own runtime). */
  env?: Record<string, string>;
}

export type ShimPlan =
  { ok: true; path: string; content: string; dirOnLoginPath: boolean; dir: string } | { ok: false; message: string };

const shQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function planCommandShim(input: ShimInput): ShimPlan {
  if (input.platform === 'win32') {
    return { ok: false, message: `Install the ${COMMAND_NAME} command with: npm install -g ${COMMAND_NAME}` };
  }
  const dir = join(input.home, '.local', 'bin');
  const exports = Object.entries(input.env ?? {})
    .filter(([k]) => /^[A-Z_][A-Z0-9_]*$/.test(k))
    .map(([k, v]) => `export ${k}=${shQuote(v)}\n`)
    .join('');
  const content = `#!/bin/sh\n# Written by the context-mode VS Code extension: runs the engine it manages.\n${exports}exec ${shQuote(input.node)} ${shQuote(input.cli)} "$@"\n`;
  const dirOnLoginPath = input.loginPath.split(delimiter).some((p) => p.replace(/\/+$/, '') === dir);
  return { ok: true, path: join(dir, COMMAND_NAME), content, dirOnLoginPath, dir };
}

/** A launcher we wrote earlier may be replaced; anything else at that path is the user's and stays. */
export function isOurShim(existing: string | undefined): boolean {
  return existing === undefined || existing.includes('Written by the context-mode VS Code extension');
}
