/**
 * Keeps the engine usable outside the editor: refreshes the managed install from the engine packed in the .vsix
 * (through the engine's own `upgrade --from`), and makes `ctxmode` resolvable where Copilot's hooks look for it.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { EngineContext } from '../engine-context.js';
import { COMMAND_NAME, isOurShim, planCommandShim } from './command-shim.js';
import { readLoginShell } from './login-shell.js';

/** The engine tarball the .vsix carries (`engine/*.tgz`), if any. */
export function bundledTarball(extensionPath: string): string | undefined {
  const dir = join(extensionPath, 'engine');
  try {
    const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    return tgz ? join(dir, tgz) : undefined;
  } catch {
    return undefined;
  }
}

/** When the bundled engine is newer than the managed one (or there is none), install it as the managed copy. */
export async function refreshManagedInstall(ext: vscode.ExtensionContext, engine: EngineContext): Promise<boolean> {
  const info = engine.engine;
  const tgz = bundledTarball(ext.extensionPath);
  if (!info?.engine.refreshManaged || !tgz) return false;
  if (info.runtime === 'editor') {
    // Installing means npm on the user's Node, which could not open a store: that is how a silent, minutes-long
    // native build started before. The bundled engine serves on the editor's runtime instead.
    engine.log.info("managed install skipped: the engine runs from the extension on the editor's runtime");
    return false;
  }
  engine.log.info(`installing the bundled engine ${info.engine.version} into the managed runtime`);
  const result = await engine.run<{ ok?: boolean; after?: string; error?: string }>(
    ['upgrade', '--from', tgz, '--json'],
    { timeoutMs: 10 * 60_000 },
  );
  if (!result.ok || result.value.ok === false) {
    // Offline or no npm: the bundled engine keeps working; the managed copy is refreshed next time.
    engine.log.warn(`managed install not refreshed: ${result.ok ? result.value.error : result.error.message}`);
    return false;
  }
  engine.log.info(`managed runtime now ${result.value.after}`);
  await engine.restart();
  return true;
}

/** Checks that hooks can run `ctxmode`; offers to install a launcher in ~/.local/bin when they cannot. */
export async function ensureHookCommand(
  engine: EngineContext,
  opts: { ask: boolean },
): Promise<'found' | 'installed' | 'missing'> {
  const info = engine.engine;
  const view = await readLoginShell();
  if (!info || !view) return 'missing';
  const plan = planCommandShim({
    home: homedir(),
    platform: process.platform,
    loginPath: view.path,
    node: info.node,
    cli: info.engine.cli,
    env: info.nodeEnv,
  });
  const existing = plan.ok && existsSync(plan.path) ? readFileSync(plan.path, 'utf8') : undefined;
  // Our own launcher follows the engine the extension uses (e.g. after an upgrade), without asking again.
  if (plan.ok && existing !== undefined && isOurShim(existing) && existing !== plan.content)
    writeShim(plan.path, plan.dir, plan.content);
  if (view.commandFound) return 'found';
  if (!plan.ok) {
    if (opts.ask)
      void vscode.window.showWarningMessage(
        `context-mode: Copilot's hooks need the ${COMMAND_NAME} command. ${plan.message}`,
      );
    return 'missing';
  }
  if (!isOurShim(existing)) {
    void vscode.window.showWarningMessage(
      `context-mode: ${plan.path} exists and is not ours; hooks cannot find ${COMMAND_NAME} on your login shell's PATH.`,
    );
    return 'missing';
  }
  const choice = opts.ask
    ? await vscode.window.showWarningMessage(
        `context-mode: Copilot runs hooks in your login shell, where ${COMMAND_NAME} is not found. Install a ${COMMAND_NAME} launcher in ${plan.dir}?`,
        'Install',
        'Not now',
      )
    : 'Install';
  if (choice !== 'Install') return 'missing';
  writeShim(plan.path, plan.dir, plan.content);
  engine.log.info(`wrote ${plan.path}`);
  if (!plan.dirOnLoginPath) {
    void vscode.window.showWarningMessage(
      `context-mode: ${plan.dir} is not on your login shell's PATH. Add it (e.g. export PATH="$HOME/.local/bin:$PATH" in ~/.profile) and restart VS Code.`,
    );
  }
  return 'installed';
}

function writeShim(path: string, dir: string, content: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path, content, { mode: 0o755 });
  chmodSync(path, 0o755);
}
