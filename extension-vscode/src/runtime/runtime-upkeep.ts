/**
 * Keeps the engine usable outside the editor: refreshes the managed install from the engine packed in the .vsix
 * (through the engine's own `upgrade --from`), and makes `ctxmode` resolvable where Copilot's hooks look for it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { EngineContext } from '../engine-context.js';
import { COMMAND_NAME, isOurShim, planCommandShim, writeLauncher } from './command-shim.js';

/** The engine package the .vsix carries (`engine/`, the `ctxmode` package as npm installs it), if any. */
function bundledPackage(extensionPath: string): string | undefined {
  const dir = join(extensionPath, 'engine');
  return existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'bin', 'context-mode.cjs')) ? dir : undefined;
}

/** When the bundled engine is newer than the managed one (or there is none), install it as the managed copy. */
export async function refreshManagedInstall(ext: vscode.ExtensionContext, engine: EngineContext): Promise<boolean> {
  const info = engine.engine;
  const pkg = bundledPackage(ext.extensionPath);
  if (!info?.engine.refreshManaged || !pkg) return false;
  if (info.runtime === 'editor') {
    // Installing means npm on the user's Node, which could not open a store: that is how a silent, minutes-long
    // native build started before. The bundled engine serves on the editor's runtime instead.
    engine.log.info("managed install skipped: the engine runs from the extension on the editor's runtime");
    return false;
  }
  engine.log.info(`installing the bundled engine ${info.engine.version} into the managed runtime`);
  const result = await engine.run<{ ok?: boolean; after?: string; error?: string }>(
    ['upgrade', '--from', pkg, '--json'],
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

/**
 * Writes (or updates) the `ctxmode` launcher the hook file calls by its path (`"$HOME/.local/bin/ctxmode"`, tried
 * before PATH), pinned to the runtime and engine this window uses. No question: accepting setup was the question,
 * and no login-shell PATH or restart is involved. A file at that path that is not ours is the user's and stays.
 */
export function ensureHookCommand(engine: EngineContext): 'written' | 'current' | 'not-ours' | 'unsupported' {
  const info = engine.engine;
  if (!info) return 'unsupported';
  const plan = planCommandShim({
    home: homedir(),
    platform: process.platform,
    node: info.node,
    cli: info.engine.cli,
    env: info.nodeEnv,
  });
  if (!plan.ok) {
    void vscode.window.showWarningMessage(
      `context-mode: Copilot's hooks need the ${COMMAND_NAME} command. ${plan.message}`,
    );
    return 'unsupported';
  }
  let existing: string | undefined;
  try {
    existing = existsSync(plan.path) ? readFileSync(plan.path, 'utf8') : undefined;
  } catch (err) {
    // A folder or an unreadable file at that path is not ours to replace; setup goes on and says why hooks may not run.
    void vscode.window.showWarningMessage(
      `context-mode: Copilot's hooks need the ${COMMAND_NAME} command, and ${plan.path} cannot be read: ${(err as Error).message}`,
    );
    return 'unsupported';
  }
  if (!isOurShim(existing)) {
    engine.log.warn(`${plan.path} is not ours; the hooks run it as it is`);
    return 'not-ours';
  }
  if (existing === plan.content) return 'current';
  try {
    writeLauncher(plan.path, plan.content);
  } catch (err) {
    void vscode.window.showWarningMessage(
      `context-mode: Copilot's hooks need the ${COMMAND_NAME} command, and ${plan.path} cannot be written: ${(err as Error).message}`,
    );
    return 'unsupported';
  }
  engine.log.info(`wrote ${plan.path} (the hooks call it by this path)`);
  return 'written';
}
