import { posix } from 'node:path';
import type { Launcher } from './hook-command.js';
import { BIN_NAME, INSTALL_COMMAND, PACKAGE_NAME } from './product.js';
import { SetupError } from './setup-error.js';

/** First line of every plugin file setup writes; how setup and uninstall recognise their own file. */
export const PLUGIN_HEADER =
  '// context-mode for OpenCode: written by `ctxmode setup`, removed by `ctxmode uninstall`. Do not edit.';

/**
 * The OpenCode plugin file: a re-export of the bundled plugin. Pinned (user files): the runtime's
 * `dist/opencode-plugin.mjs` by absolute path. Portable (project files, committed): the plugin is looked up in
 * the global npm root at load time; without it the file exports a plugin that does nothing and says so once.
 */
function renderPluginFile(launcher: Launcher): string {
  if (launcher.kind === 'pinned') {
    const pkgRoot = posix.dirname(posix.dirname(launcher.bin.replace(/\\/g, '/')));
    return `${PLUGIN_HEADER}\nexport { ContextModePlugin } from ${JSON.stringify(`${pkgRoot}/dist/opencode-plugin.mjs`)};\n`;
  }
  return [
    PLUGIN_HEADER,
    `// A teammate without it: ${INSTALL_COMMAND}`,
    "import { execFileSync } from 'node:child_process';",
    "import { join } from 'node:path';",
    "import { pathToFileURL } from 'node:url';",
    '',
    '// Resolved when OpenCode starts the plugin (no top-level await, so any module loader can read this file).',
    'export const ContextModePlugin = async (input: unknown): Promise<unknown> => {',
    '  try {',
    `    const root = execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['root', '-g'], { encoding: 'utf8' }).trim();`,
    `    const mod = await import(pathToFileURL(join(root, ${JSON.stringify(BIN_NAME)}, 'dist', 'opencode-plugin.mjs')).href);`,
    '    return await mod.ContextModePlugin(input);',
    '  } catch {',
    `    process.stderr.write(${JSON.stringify(`context-mode: no global ${PACKAGE_NAME} found; install the release tarball: ${INSTALL_COMMAND}\n`)});`,
    '    return {};',
    '  }',
    '};',
    '',
  ].join('\n');
}

/** Setup owns the whole file: ours (any version) is replaced, anything else is a conflict left alone. */
export function mergePluginFile(text: string, file: string, launcher: Launcher): string {
  if (text !== '' && !text.startsWith(PLUGIN_HEADER)) {
    throw new SetupError(
      'conflict',
      `${file} exists and was not written by setup`,
      `Move ${file} aside (or delete it) and run setup again.`,
    );
  }
  return renderPluginFile(launcher);
}

/** Uninstall removes our plugin file (empty text = delete); someone else's file stays. */
export function removePluginFile(text: string): string {
  return text.startsWith(PLUGIN_HEADER) ? '' : text;
}
