/**
 * The dashboard's actions, performed by the engine for every host: the browser server, the VS Code extension
 * and the JetBrains plugin all hand the action JSON to this one place (`ctxmode action` or in-process) and
 * forward the messages it returns. The action arrives from a web page, so it is validated field by field.
 */
import { openExistingMemoryStore } from '@context-mode/shared/memory/open-memory-store';
import { toEventView } from '@context-mode/shared/memory/memory-report';
import { openProjectKnowledge } from '@context-mode/shared/knowledge/open-project-knowledge';
import { purgeProjectData } from '@context-mode/shared/memory/purge-project-data';
import type { DashboardAction, DashboardMessage as HostMessage } from '@context-mode/shared/protocol/dashboard';
import { readDashboardState } from '@context-mode/shared/state/read-dashboard-state';
import { errorMessage } from '@context-mode/shared/errors/error-message';

export type { DashboardAction, DashboardMessage as HostMessage } from '@context-mode/shared/protocol/dashboard';

export type Parsed = { ok: true; action: DashboardAction } | { ok: false; message: string };

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

export function parseDashboardAction(raw: unknown): Parsed {
  if (typeof raw !== 'object' || raw === null)
    return { ok: false, message: 'an action is a JSON object with a "type"' };
  const a = raw as Record<string, unknown>;
  switch (a.type) {
    case 'refresh':
      if (a.memoryLimit !== undefined && !(isId(a.memoryLimit) && a.memoryLimit <= 10_000))
        return { ok: false, message: 'memoryLimit is a whole number from 1 to 10000' };
      return {
        ok: true,
        action: { type: 'refresh', ...(a.memoryLimit !== undefined ? { memoryLimit: a.memoryLimit as number } : {}) },
      };
    case 'purge':
      if (a.scope !== 'session' && a.scope !== 'project')
        return { ok: false, message: 'purge needs scope "session" or "project"' };
      return { ok: true, action: { type: 'purge', scope: a.scope } };
    case 'deleteEvent':
      if (!isId(a.id)) return { ok: false, message: 'deleteEvent needs a numeric event id' };
      return { ok: true, action: { type: 'deleteEvent', id: a.id } };
    case 'pinEvent':
      if (!isId(a.id) || typeof a.pinned !== 'boolean')
        return { ok: false, message: 'pinEvent needs a numeric id and "pinned": true or false' };
      return { ok: true, action: { type: 'pinEvent', id: a.id, pinned: a.pinned } };
    case 'deleteSource':
      if (typeof a.label !== 'string' || !a.label || a.label.length > 4096)
        return { ok: false, message: 'deleteSource needs the source label' };
      return { ok: true, action: { type: 'deleteSource', label: a.label } };
    case 'search':
      if (typeof a.query !== 'string' || !a.query.trim() || a.query.length > 2000)
        return { ok: false, message: 'search needs a query' };
      return { ok: true, action: { type: 'search', query: a.query } };
    default:
      return { ok: false, message: `unknown action ${JSON.stringify(a.type)}` };
  }
}

/** How the state a page receives is read: the memory page size, and since when a session counts as "this session". */
export interface StateView {
  memoryLimit?: number;
  /** Only a session with ledger rows at or after this time (ms) is shown as the current one (an IDE window's start). */
  sessionSince?: number;
}

function stateOf(root: string, env: NodeJS.ProcessEnv, view: StateView): HostMessage {
  return {
    type: 'state',
    state: readDashboardState(root, {
      env,
      ...(view.memoryLimit ? { memoryLimit: view.memoryLimit } : {}),
      ...(view.sessionSince !== undefined ? { sessionSince: view.sessionSince } : {}),
    }),
  };
}

function withMemory<T>(
  root: string,
  env: NodeJS.ProcessEnv,
  fn: (store: NonNullable<ReturnType<typeof openExistingMemoryStore>>) => T,
): T | undefined {
  const store = openExistingMemoryStore(root, env);
  if (!store) return undefined;
  try {
    return fn(store);
  } finally {
    store.close();
  }
}

/** Runs one action on the project and returns what the page should receive (fresh state after a change). */
export function performDashboardAction(
  action: DashboardAction,
  root: string,
  env: NodeJS.ProcessEnv = process.env,
  view: StateView = {},
): HostMessage[] {
  const state = (memoryLimit = view.memoryLimit): HostMessage => stateOf(root, env, { ...view, memoryLimit });
  const fail = (message: string, hint?: string): HostMessage[] => [
    { type: 'error', action: action.type, message, ...(hint ? { hint } : {}) },
  ];
  try {
    switch (action.type) {
      case 'refresh':
        return [state(action.memoryLimit)];
      case 'purge': {
        const sessionId =
          action.scope === 'session' ? withMemory(root, env, (s) => s.sessions()[0]?.sessionId) : undefined;
        if (action.scope === 'session' && !sessionId)
          return [...fail('No session recorded in this project; nothing to purge.'), state()];
        const kb = openProjectKnowledge(root, { create: false, env });
        try {
          purgeProjectData(root, {
            scope: action.scope,
            env,
            ...(sessionId ? { sessionIds: [sessionId] } : {}),
            ...(kb ? { knowledge: kb } : {}),
          });
        } finally {
          kb?.close();
        }
        return [state()];
      }
      case 'deleteEvent':
      case 'pinEvent': {
        const done = withMemory(root, env, (s) =>
          action.type === 'deleteEvent' ? s.deleteEvent(action.id) : s.pin(action.id, action.pinned),
        );
        if (!done) return [...fail(`No memory event #${action.id} (it may have been deleted already).`), state()];
        return [state()];
      }
      case 'deleteSource': {
        const kb = openProjectKnowledge(root, { create: false, env });
        const removed = kb?.deleteSource(action.label) ?? false;
        kb?.close();
        if (!removed) return [...fail(`No source labelled "${action.label}".`), state()];
        return [state()];
      }
      case 'search': {
        const kb = openProjectKnowledge(root, { create: false, env });
        let hits: { source: string; title: string; snippet: string }[] = [];
        try {
          hits =
            kb && kb.stats().chunks > 0
              ? kb
                  .searchWithReport(action.query, { limit: 5 })
                  .hits.map((h) => ({ source: h.source, title: h.title, snippet: h.snippet }))
              : [];
        } finally {
          kb?.close();
        }
        const events =
          withMemory(root, env, (s) => s.listEvents({ search: action.query, limit: 20 }).map(toEventView)) ?? [];
        return [{ type: 'searchResult', query: action.query, result: { knowledge: { hits }, memory: { events } } }];
      }
    }
  } catch (err) {
    return fail(errorMessage(err));
  }
}
