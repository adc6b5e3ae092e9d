// context-mode for OpenCode: written by `ctxmode setup`, removed by `ctxmode uninstall`. Do not edit.
// A teammate without it: npm install -g ./ctxmode-<version>.tgz
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Resolved when OpenCode starts the plugin (no top-level await, so any module loader can read this file).
export const ContextModePlugin = async (input: unknown): Promise<unknown> => {
  try {
    const root = execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['root', '-g'], { encoding: 'utf8' }).trim();
    const mod = await import(pathToFileURL(join(root, "ctxmode", 'dist', 'opencode-plugin.mjs')).href);
    return await mod.ContextModePlugin(input);
  } catch {
    process.stderr.write("context-mode: no global ctxmode found; install the release tarball: npm install -g ./ctxmode-<version>.tgz\n");
    return {};
  }
};
