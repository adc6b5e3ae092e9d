import { openExistingMemoryStore } from './open-memory-store.js';

export interface MemoryHit {
  title: string;
  snippet: string;
  /** ISO 8601. */
  time: string;
  /** The event's category; what `source` filters on. */
  source: string;
}

export interface SearchMemoryOptions {
  limit: number;
  /** A category (user-prompt, goal, decision, rule, error, file, git, …); exact match. */
  source?: string;
  /**
   * Restrict to this session when the store knows it. The MCP server's session id often differs from the
   * hooks' (hosts do not always share it), so an unknown id searches the whole project instead of nothing.
   */
  sessionId?: string;
}

const SNIPPET = 300;

function snippetAround(data: string, terms: string[]): string {
  if (data.length <= SNIPPET) return data;
  const lower = data.toLowerCase();
  const at =
    terms
      .map((t) => lower.indexOf(t.toLowerCase()))
      .filter((i) => i >= 0)
      .sort((a, b) => a - b)[0] ?? 0;
  const start = Math.max(0, at - 80);
  return `${start > 0 ? '…' : ''}${data.slice(start, start + SNIPPET)}${start + SNIPPET < data.length ? '…' : ''}`;
}

/**
 * Timeline search over a project's session memory (ctx_search with sort "timeline"): events whose text,
 * category or type contains every query term (falling back to any term), newest first. An empty query lists
 * the latest events. Never creates the store; a project without memory gives [].
 */
export function searchMemory(
  projectRoot: string,
  query: string,
  opts: SearchMemoryOptions,
  env: NodeJS.ProcessEnv = process.env,
): MemoryHit[] {
  const store = openExistingMemoryStore(projectRoot, env);
  if (!store) return [];
  try {
    const limit = Math.max(1, Math.min(opts.limit || 3, 100));
    const sessionId = opts.sessionId && store.session(opts.sessionId) ? opts.sessionId : undefined;
    const terms = (query ?? '').split(/\s+/).filter(Boolean);
    const base = { limit, ...(opts.source ? { category: opts.source } : {}), ...(sessionId ? { sessionId } : {}) };
    let events = store.listEvents({ ...base, search: terms.join(' ') });
    if (events.length === 0 && terms.length > 1) {
      const byId = new Map<number, (typeof events)[number]>();
      for (const t of terms) for (const e of store.listEvents({ ...base, search: t })) byId.set(e.id, e);
      events = [...byId.values()].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id).slice(0, limit);
    }
    return events.map((e) => ({
      title: `[${e.category}] ${e.type}${e.pinned ? ' (pinned)' : ''} #${e.id}`,
      snippet: snippetAround(e.data, terms),
      time: new Date(e.createdAt).toISOString(),
      source: e.category,
    }));
  } finally {
    store.close();
  }
}
