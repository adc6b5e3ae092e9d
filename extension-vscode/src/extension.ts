/**
 * Activation: locate the engine, register the MCP server with VS Code, host the dashboard, show savings in the
 * status bar, offer workspace setup. Failures are shown to the user and logged, never swallowed.
 */
import * as vscode from 'vscode';
import { EngineContext } from './engine-context.js';
import { DashboardViewProvider, VIEW_ID } from './view/dashboard-view.js';
import type { DashboardState } from '../../shared/src/protocol/dashboard.js';
import { WorkspaceSetup } from './workspace/workspace-setup.js';
import { restartKeys, SECTION } from './settings.js';
import { statusText, type SavingsFigure } from './view/status-text.js';
import { ensureHookCommand, refreshManagedInstall } from './runtime/runtime-upkeep.js';
import { removeData } from './uninstall/cleanup.js';
import { errorMessage } from '../../shared/src/errors/error-message.js';

export const MCP_PROVIDER_ID = 'context-mode.mcp';

export interface ExtensionApi {
  engine: EngineContext;
  dashboard: DashboardViewProvider;
  /** The savings item as VS Code renders it (tests read its text instead of asking the engine again). */
  statusBar: { readonly text: string; readonly tooltip: string | vscode.MarkdownString | undefined };
  /** Milliseconds activate() spent before returning (the benchmark reads it). */
  activationMs: number;
}

export async function activate(ext: vscode.ExtensionContext): Promise<ExtensionApi> {
  const t0 = performance.now();
  const log = vscode.window.createOutputChannel('context-mode', { log: true });
  const engine = new EngineContext(ext, log);
  ext.subscriptions.push(log, engine);

  // MCP registration: VS Code asks the provider whenever it needs the list; the change event makes it ask again.
  const mcpChanged = new vscode.EventEmitter<void>();
  ext.subscriptions.push(
    mcpChanged,
    vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
      onDidChangeMcpServerDefinitions: mcpChanged.event,
      provideMcpServerDefinitions: async () => {
        if (!engine.engine) await engine.ready();
        return engine.serverDefinitions();
      },
      resolveMcpServerDefinition: (server) => server,
    }),
    engine.onDidChange(() => mcpChanged.fire()),
  );

  const dashboard = new DashboardViewProvider(ext, engine);
  ext.subscriptions.push(
    dashboard,
    vscode.window.registerWebviewViewProvider(VIEW_ID, dashboard, {
      webviewOptions: { retainContextWhenHidden: true },
    }),
  );

  const status = vscode.window.createStatusBarItem('context-mode.savings', vscode.StatusBarAlignment.Right, 100);
  status.name = 'context-mode savings';
  status.command = 'context-mode.openDashboard';
  const showStatus = (state: DashboardState | undefined) => {
    const s = statusText(sessionFigure(state), engine.lastProblem);
    status.text = s.text;
    status.tooltip = s.tooltip;
    status.show();
  };
  ext.subscriptions.push(
    status,
    dashboard.onState(showStatus),
    engine.onDidChange(() => showStatus(undefined)),
  );

  const setup = new WorkspaceSetup(ext, engine);
  registerCommands(ext, engine, dashboard, setup);

  ext.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      const keys = restartKeys((k) => e.affectsConfiguration(k));
      if (!keys.length) return;
      const choice = await vscode.window.showInformationMessage(
        `context-mode: ${keys.map((k) => `${SECTION}.${k}`).join(', ')} changed; the MCP server restarts to use it.`,
        'Restart now',
      );
      if (choice === 'Restart now') await engine.restart();
    }),
  );

  // The slow part (probing Node and the engine, asking the engine for its plan) runs after activate returns,
  // so the extension host is not held up.
  setTimeout(() => void startInBackground(ext, engine, dashboard, setup, showStatus), 0);
  const activationMs = performance.now() - t0;
  log.info(`activated in ${activationMs.toFixed(1)} ms`);
  return { engine, dashboard, statusBar: status, activationMs };
}

async function startInBackground(
  ext: vscode.ExtensionContext,
  engine: EngineContext,
  dashboard: DashboardViewProvider,
  setup: WorkspaceSetup,
  showStatus: (s: DashboardState | undefined) => void,
) {
  try {
    const info = await engine.ready();
    if (!info) {
      const choice = await vscode.window.showErrorMessage(
        engine.lastProblem?.startsWith('context-mode')
          ? engine.lastProblem
          : `context-mode cannot start: ${engine.lastProblem}`,
        'Show Logs',
        'Open Settings',
      );
      if (choice === 'Show Logs') engine.log.show();
      if (choice === 'Open Settings') void vscode.commands.executeCommand('workbench.action.openSettings', SECTION);
      return;
    }
    showStatus(await dashboard.refresh());
    await setup.onWorkspaceOpened();
    // The launcher follows the engine this window runs (an upgrade, the editor's runtime) in set-up workspaces.
    if (setup.isSetUp()) ensureHookCommand(engine);
    if ((await refreshManagedInstall(ext, engine)) && setup.isSetUp()) ensureHookCommand(engine);
  } catch (err) {
    engine.log.error(`start-up failed: ${errorMessage(err, { stack: true })}`);
    void vscode.window.showErrorMessage(`context-mode: start-up failed: ${errorMessage(err)}`);
  }
}

/** The session figure of the engine's state (its numbers, untouched). */
export function sessionFigure(state: DashboardState | undefined): SavingsFigure | undefined {
  const session = state?.stats.session;
  if (!session) return undefined;
  return { netBytes: session.netBytes, grossBytes: session.savedBytes };
}

function registerCommands(
  ext: vscode.ExtensionContext,
  engine: EngineContext,
  dashboard: DashboardViewProvider,
  setup: WorkspaceSetup,
) {
  // Commands run from the palette ask first; `{ confirmed: true }` (keybindings, tasks, tests) skips the question.
  const confirmed = (arg: unknown) =>
    typeof arg === 'object' && arg !== null && (arg as { confirmed?: unknown }).confirmed === true;
  const purge = async (scope: 'session' | 'project') => {
    const messages = await dashboard.perform({ type: 'purge', scope });
    return Boolean(messages && !messages.some((m) => m.type === 'error'));
  };
  const confirmPurge = async (scope: 'session' | 'project', arg: unknown) => {
    if (confirmed(arg)) return purge(scope);
    const what =
      scope === 'session'
        ? "this session's memory and the content indexed in it"
        : "all of this project's session memory, indexed content and savings history";
    const ok = await vscode.window.showWarningMessage(
      `Delete ${what}? This cannot be undone.`,
      { modal: true },
      'Delete',
    );
    return ok === 'Delete' ? purge(scope) : false;
  };
  const commands: Record<string, (...args: unknown[]) => unknown> = {
    'context-mode.setUpWorkspace': (arg) => setup.setUpInteractively(confirmed(arg)),
    'context-mode.removeFromWorkspace': () => setup.remove(),
    'context-mode.openDashboard': () => vscode.commands.executeCommand(`${VIEW_ID}.focus`),
    'context-mode.refresh': () => dashboard.refresh(),
    'context-mode.purgeSession': (arg) => confirmPurge('session', arg),
    'context-mode.purgeProject': (arg) => confirmPurge('project', arg),
    'context-mode.runDoctor': async () => {
      const dir = engine.workspaceDir;
      const result = await engine.run<unknown>(['doctor', ...(dir ? ['--project', dir] : []), '--json']);
      engine.log.info(`doctor: ${JSON.stringify(result.ok ? result.value : result.error, null, 2)}`);
      engine.log.show(true);
      if (result.ok)
        void vscode.window.showInformationMessage('context-mode: Run Doctor — all checks passed (details in the log).');
      else
        void vscode.window
          .showWarningMessage(`context-mode: Run Doctor — ${result.error.message}`, 'Show Logs')
          .then((c) => c && engine.log.show());
      return result;
    },
    'context-mode.showLogs': () => engine.log.show(),
    'context-mode.removeAllData': (arg) => removeAllData(engine, confirmed(arg)),
  };
  for (const [id, fn] of Object.entries(commands)) ext.subscriptions.push(vscode.commands.registerCommand(id, fn));
}

/**
 * Deletes the engine's data of every project (memory, indexed content, savings) and its managed install, after a
 * modal question. Uninstalling cannot ask, so it keeps the data; this is how to remove it (docs/vscode.md).
 */
async function removeAllData(engine: EngineContext, confirmed: boolean): Promise<boolean> {
  const home = engine.dataHome;
  const ok =
    confirmed ||
    (await vscode.window.showWarningMessage(
      `Delete all context-mode data in ${home}? The session memory, indexed content and savings history of every project, and the managed engine, are removed. This cannot be undone.`,
      { modal: true },
      'Delete',
    )) === 'Delete';
  if (!ok) return false;
  try {
    const { removed, kept } = removeData(home);
    engine.log.info(`removed ${removed.join(', ') || 'nothing'}${kept.length ? `; kept ${kept.join(', ')}` : ''}`);
    void vscode.window.showInformationMessage(
      `context-mode: all data removed from ${home}${kept.length ? ` (other files there kept: ${kept.join(', ')})` : ''}.`,
    );
    await engine.restart();
    return true;
  } catch (err) {
    const message = errorMessage(err);
    engine.log.error(`remove all data: ${message}`);
    void vscode.window.showErrorMessage(`context-mode: could not remove all data: ${message}`);
    return false;
  }
}

export function deactivate(): void {
  // Everything is in ext.subscriptions; VS Code disposes it and stops the MCP server it spawned.
}
