/**
 * The sidebar's webview view: hosts the shared dashboard bundle, feeds it the engine's state, and turns the
 * actions it posts into engine commands. Holds no numbers of its own: every figure is the engine's JSON.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { EngineContext } from '../engine-context.js';
import { engineArgsFor, mutates, parseDashboardAction, type DashboardAction } from './dashboard-actions.js';
import { makeNonce, renderDashboardHtml } from './render-html.js';

export const VIEW_ID = 'context-mode.dashboard';

/** Messages the extension posts into the webview. */
export type ToWebview =
  | { type: 'state'; state: unknown }
  | { type: 'searchResult'; query: string; result: unknown }
  | { type: 'error'; action: string; message: string; hint?: string };

export class DashboardViewProvider implements vscode.WebviewViewProvider {
  private view: vscode.WebviewView | undefined;
  private readonly stateListeners = new Set<(state: unknown) => void>();

  constructor(
    private readonly ext: vscode.ExtensionContext,
    private readonly engine: EngineContext,
  ) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    const root = vscode.Uri.joinPath(this.ext.extensionUri, 'dashboard');
    view.webview.options = { enableScripts: true, localResourceRoots: [root] };
    view.webview.html = renderDashboardHtml({
      cspSource: view.webview.cspSource,
      nonce: makeNonce((n) => randomBytes(n)),
      scriptUri: view.webview.asWebviewUri(vscode.Uri.joinPath(root, 'dashboard.js')).toString(),
      styleUri: view.webview.asWebviewUri(vscode.Uri.joinPath(root, 'dashboard.css')).toString(),
    });
    view.webview.onDidReceiveMessage((msg: unknown) => void this.handle(msg));
    view.onDidDispose(() => (this.view = undefined));
    view.onDidChangeVisibility(() => {
      if (view.visible) void this.refresh();
    });
    void this.refresh();
  }

  /** Called with every fresh state (the status bar listens). */
  onState(listener: (state: unknown) => void): vscode.Disposable {
    this.stateListeners.add(listener);
    return new vscode.Disposable(() => this.stateListeners.delete(listener));
  }

  async refresh(): Promise<unknown> {
    const dir = this.engine.workspaceDir;
    if (!dir) return undefined;
    const result = await this.engine.run<unknown>(engineArgsFor({ type: 'refresh' }, dir));
    if (result.ok) {
      for (const l of this.stateListeners) l(result.value);
      await this.post({ type: 'state', state: result.value });
      return result.value;
    }
    await this.post({ type: 'error', action: 'refresh', message: result.error.message, ...(result.error.hint ? { hint: result.error.hint } : {}) });
    return undefined;
  }

  /** Runs an action (from the webview or a command) through the engine, then refreshes when it changed data. */
  async perform(action: DashboardAction): Promise<boolean> {
    const dir = this.engine.workspaceDir;
    if (!dir) {
      void vscode.window.showWarningMessage('context-mode: open a folder first; memory and savings are kept per project.');
      return false;
    }
    if (action.type === 'refresh') return (await this.refresh()) !== undefined;
    const result = await this.engine.run<unknown>(engineArgsFor(action, dir));
    if (!result.ok) {
      await this.post({ type: 'error', action: action.type, message: result.error.message, ...(result.error.hint ? { hint: result.error.hint } : {}) });
      void vscode.window.showErrorMessage(`context-mode: ${result.error.message}`);
      return false;
    }
    if (action.type === 'search') await this.post({ type: 'searchResult', query: action.query, result: result.value });
    if (mutates(action)) await this.refresh();
    return true;
  }

  private async handle(msg: unknown): Promise<void> {
    const parsed = parseDashboardAction(msg);
    if (!parsed.ok) {
      this.engine.log.warn(`dashboard sent an invalid action: ${parsed.reason}`);
      return;
    }
    this.engine.log.debug(`dashboard action ${parsed.action.type}`);
    await this.perform(parsed.action);
  }

  private async post(msg: ToWebview): Promise<void> {
    if (this.view) await this.view.webview.postMessage(msg);
  }
}
