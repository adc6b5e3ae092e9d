/**
 * Maps an action the shared dashboard emits to the engine CLI call that performs it. The dashboard never does
 * engine work itself and neither does the extension: every action is one engine command with `--json`.
 * Anything that is not a known action with well-typed fields is refused (the webview is untrusted input).
 */
export type DashboardAction =
  | { type: 'refresh' }
  | { type: 'purge'; scope: 'session' | 'project'; session?: string }
  | { type: 'deleteEvent'; id: number | string }
  | { type: 'pinEvent'; id: number | string }
  | { type: 'deleteSource'; label: string }
  | { type: 'search'; query: string };

export type ParsedAction = { ok: true; action: DashboardAction } | { ok: false; reason: string };

const isId = (v: unknown): v is number | string =>
  (typeof v === 'number' && Number.isInteger(v) && v >= 0) || (typeof v === 'string' && /^[\w-]{1,128}$/.test(v));

export function parseDashboardAction(msg: unknown): ParsedAction {
  if (typeof msg !== 'object' || msg === null) return { ok: false, reason: 'not an object' };
  const m = msg as Record<string, unknown>;
  switch (m.type) {
    case 'refresh':
      return { ok: true, action: { type: 'refresh' } };
    case 'purge':
      if (m.scope !== 'session' && m.scope !== 'project') return { ok: false, reason: 'purge needs scope session or project' };
      if (m.session !== undefined && !isId(m.session)) return { ok: false, reason: 'bad session id' };
      return { ok: true, action: { type: 'purge', scope: m.scope, ...(m.session !== undefined ? { session: String(m.session) } : {}) } };
    case 'deleteEvent':
    case 'pinEvent':
      if (!isId(m.id)) return { ok: false, reason: `${m.type} needs an event id` };
      return { ok: true, action: { type: m.type, id: m.id } };
    case 'deleteSource':
      if (typeof m.label !== 'string' || !m.label || m.label.length > 4096) return { ok: false, reason: 'deleteSource needs a label' };
      return { ok: true, action: { type: 'deleteSource', label: m.label } };
    case 'search':
      if (typeof m.query !== 'string' || !m.query.trim() || m.query.length > 2000) return { ok: false, reason: 'search needs a query' };
      return { ok: true, action: { type: 'search', query: m.query } };
    default:
      return { ok: false, reason: `unknown action ${JSON.stringify(m.type)}` };
  }
}

/** The engine CLI arguments for an action, for the project at `projectDir`. */
export function engineArgsFor(action: DashboardAction, projectDir: string): string[] {
  const project = ['--project', projectDir];
  switch (action.type) {
    case 'refresh':
      return ['state', ...project, '--json'];
    case 'purge':
      return ['purge', '--scope', action.scope, ...(action.session ? ['--session', action.session] : []), '--yes', ...project, '--json'];
    case 'deleteEvent':
      return ['memory', 'delete', String(action.id), ...project, '--json'];
    case 'pinEvent':
      return ['memory', 'pin', String(action.id), ...project, '--json'];
    case 'deleteSource':
      return ['sources', 'delete', action.label, ...project, '--json'];
    case 'search':
      // `--` keeps a query that starts with a dash from being read as an option.
      return ['search', ...project, '--json', '--', action.query];
  }
}

/** Whether an action changes the store, so the view should refresh its state afterwards. */
export function mutates(action: DashboardAction): boolean {
  return action.type === 'purge' || action.type === 'deleteEvent' || action.type === 'pinEvent' || action.type === 'deleteSource';
}
