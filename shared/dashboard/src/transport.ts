/**
 * The three ways the dashboard reaches its host. Chosen once at start from what the page finds: VS Code's
 * `acquireVsCodeApi`, a JetBrains bridge object injected before load, else HTTP to the local dashboard server
 * (token from the page URL).
 */
import type { DashboardAction, HostMessage } from './protocol.js';
import { errorMessage } from '../../src/errors/error-message.js';

export interface Transport {
  readonly kind: 'vscode' | 'jetbrains' | 'http';
  send(action: DashboardAction): void;
  onMessage(listener: (msg: HostMessage) => void): void;
  /** Per-view state kept across reloads where the host offers it (VS Code webview state). */
  saveViewState(state: unknown): void;
  loadViewState(): unknown;
}

interface VsCodeApi {
  postMessage(msg: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

/** Installed by the JetBrains plugin before the page loads: `send` carries a JSON action to the IDE. */
interface JetBrainsBridge {
  send(json: string): void;
}

declare global {
  interface Window {
    acquireVsCodeApi?: () => VsCodeApi;
    contextModeBridge?: JetBrainsBridge;
    /** The JetBrains plugin calls this with each JSON message for the page. */
    contextModeReceive?: (json: string) => void;
  }
}

function vscodeTransport(api: VsCodeApi): Transport {
  return {
    kind: 'vscode',
    send: (a) => api.postMessage(a),
    onMessage: (l) => window.addEventListener('message', (e: MessageEvent) => l(e.data as HostMessage)),
    saveViewState: (s) => api.setState(s),
    loadViewState: () => api.getState(),
  };
}

function jetbrainsTransport(bridge: JetBrainsBridge): Transport {
  const listeners: Array<(m: HostMessage) => void> = [];
  window.contextModeReceive = (json) => {
    const msg = JSON.parse(json) as HostMessage;
    for (const l of listeners) l(msg);
  };
  return {
    kind: 'jetbrains',
    send: (a) => bridge.send(JSON.stringify(a)),
    onMessage: (l) => listeners.push(l),
    saveViewState: () => {},
    loadViewState: () => undefined,
  };
}

function httpTransport(): Transport {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const headers = { 'content-type': 'application/json', 'x-context-mode-token': token };
  const listeners: Array<(m: HostMessage) => void> = [];
  const emit = (m: HostMessage) => listeners.forEach((l) => l(m));
  const post = async (a: DashboardAction) => {
    try {
      const res = await fetch('/api/action', { method: 'POST', headers, body: JSON.stringify(a) });
      const body = (await res.json()) as HostMessage[] | HostMessage;
      for (const m of Array.isArray(body) ? body : [body]) emit(m);
    } catch (err) {
      emit({
        type: 'error',
        action: a.type,
        message: `The dashboard server did not answer: ${errorMessage(err)}`,
      });
    }
  };
  // The server pushes a line whenever the ledger or memory changes; the page then asks for fresh state.
  const events = new EventSource(`/api/events?token=${encodeURIComponent(token)}`);
  events.addEventListener('changed', () => void post({ type: 'refresh' }));
  return {
    kind: 'http',
    send: (a) => void post(a),
    onMessage: (l) => listeners.push(l),
    saveViewState: (s) => sessionStorage.setItem('context-mode.view', JSON.stringify(s)),
    loadViewState: () => {
      const raw = sessionStorage.getItem('context-mode.view');
      return raw ? (JSON.parse(raw) as unknown) : undefined;
    },
  };
}

export function pickTransport(): Transport {
  if (typeof window.acquireVsCodeApi === 'function') return vscodeTransport(window.acquireVsCodeApi());
  if (window.contextModeBridge) return jetbrainsTransport(window.contextModeBridge);
  return httpTransport();
}
