/**
 * The sidebar's webview view: hosts the shared dashboard bundle and relays between it and the engine. Every
 * action the page sends is handed to `ctxmode action` unchanged (the engine validates and performs it) and
 * every message the engine prints goes back to the page; the extension holds no numbers or rules of its own.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { EngineContext } from '../engine-context.js';
import { makeNonce, renderDashboardHtml } from './render-html.js';
import { isAction } from './relay.js';
import type { DashboardAction, DashboardMessage, DashboardState } from '../../../shared/src/protocol/dashboard.js';
import { nodeWatchDeps } from './project-watch.js';
import { LiveRefresh } from './live-refresh.js';

export const VIEW_ID = 'context-mode.dashboard';

export class DashboardViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private readonly stateListeners = new Set<(state: DashboardState) => void>();
  /** Refreshes when another process (hooks, the MCP server) wrote to the stores; our own reads never count. */
  private readonly live = new LiveRefresh(nodeWatchDeps, () => void this.refresh());
  private latest: DashboardState | undefined;
  private memoryLimit: number | undefined;
  /**
   * When this window's view began: the session shown as "this session" (sidebar, status bar) is one active since
   * then, never the conversation of a window that was open before.
   */
  private readonly openedAt = Date.now();

  constructor(
    private readonly ext: vscode.ExtensionContext,
    private readonly engine: EngineContext,
  ) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    // The dashboard bundle of the engine packed in the .vsix (one copy, the one `ctxmode dashboard` serves).
    const root = vscode.Uri.joinPath(this.ext.extensionUri, 'engine', 'dist', 'dashboard');
    view.webview.options = { enableScripts: true, localResourceRoots: [root] };
    view.webview.html = renderDashboardHtml({
      cspSource: view.webview.cspSource,
      nonce: makeNonce((n) => randomBytes(n)),
      scriptUri: view.webview.asWebviewUri(vscode.Uri.joinPath(root, 'dashboard.js')).toString(),
      styleUri: view.webview.asWebviewUri(vscode.Uri.joinPath(root, 'dashboard.css')).toString(),
    });
    view.webview.onDidReceiveMessage((msg: unknown) => {
      if (isAction(msg)) void this.perform(msg);
      else this.engine.log.warn('the dashboard sent something that is not an action');
    });
    view.onDidDispose(() => (this.view = undefined));
  }

  /** Called with every fresh state (the status bar listens). */
  onState(listener: (state: DashboardState) => void): vscode.Disposable {
    this.stateListeners.add(listener);
    return new vscode.Disposable(() => this.stateListeners.delete(listener));
  }

  async refresh(): Promise<DashboardState | undefined> {
    const messages = await this.perform({
      type: 'refresh',
      ...(this.memoryLimit ? { memoryLimit: this.memoryLimit } : {}),
    });
    return messages?.find((m): m is Extract<DashboardMessage, { type: 'state' }> => m.type === 'state')?.state;
  }

  /** Runs one dashboard action through the engine and forwards what it answers. */
  async perform(action: DashboardAction): Promise<DashboardMessage[] | undefined> {
    const dir = this.engine.workspaceDir;
    if (!dir) {
      void this.post({
        type: 'error',
        action: action.type,
        message: 'Open a folder: memory and savings are kept per project.',
      });
      return undefined;
    }
    if (action.type === 'refresh' && action.memoryLimit !== undefined) this.memoryLimit = action.memoryLimit;
    const result = await this.engine.run<DashboardMessage[]>([
      'action',
      JSON.stringify(action),
      '--project',
      dir,
      '--session-since',
      String(this.openedAt),
    ]);
    if (!result.ok) {
      await this.post({
        type: 'error',
        action: action.type,
        message: result.error.message,
        ...(result.error.hint ? { hint: result.error.hint } : {}),
      });
      return undefined;
    }
    for (const m of result.value) {
      if (m.type === 'state') this.onFreshState(m.state);
      if (m.type === 'error' && action.type !== 'refresh')
        void vscode.window.showWarningMessage(`context-mode: ${m.message}`);
      await this.post(m);
    }
    return result.value;
  }

  /** The state the sidebar and the status bar show now (the end-to-end test reads it without refreshing). */
  get lastState(): DashboardState | undefined {
    return this.latest;
  }

  private onFreshState(state: DashboardState): void {
    this.latest = state;
    for (const l of this.stateListeners) l(state);
    // Live refresh: hooks and the MCP server write these stores from other processes.
    if (!state.project.id) return;
    this.live.shown(join(this.engine.dataHome, 'projects', state.project.id));
  }

  private async post(msg: DashboardMessage): Promise<void> {
    if (this.view) await this.view.webview.postMessage(msg);
  }

  dispose(): void {
    this.live.dispose();
  }
}
