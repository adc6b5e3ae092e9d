import { basename } from 'node:path';
import { projectPaths, readProjectMeta } from '../project/project-identity.js';
import type { MemoryEventView, MemoryReport } from '../protocol/memory.js';
import type { MemoryEvent } from './event-types.js';
import { openExistingMemoryStore } from './open-memory-store.js';

export function toEventView(e: MemoryEvent): MemoryEventView {
  return {
    id: e.id,
    sessionId: e.sessionId,
    category: e.category,
    type: e.type,
    priority: e.priority,
    data: e.data,
    pinned: e.pinned,
    time: new Date(e.createdAt).toISOString(),
    leg: e.leg,
  };
}

/** The memory listing shown by `context-mode memory` (and its --json), newest first. */
export function readMemoryReport(
  projectRoot: string,
  opts: {
    sessionId?: string;
    search?: string;
    category?: string;
    limit?: number;
    env?: NodeJS.ProcessEnv;
    now?: number;
  } = {},
): MemoryReport {
  const env = opts.env ?? process.env;
  const paths = projectPaths(projectRoot, env);
  const meta = readProjectMeta(paths.dir);
  const report: MemoryReport = {
    schema: 'context-mode.memory/1',
    generatedAt: new Date(opts.now ?? Date.now()).toISOString(),
    project: { id: paths.id, root: meta?.root ?? paths.root, name: meta?.name ?? basename(paths.root) },
    sessions: [],
    events: [],
  };
  if (opts.search) report.query = opts.search;
  const store = openExistingMemoryStore(projectRoot, env);
  if (!store) return report;
  try {
    report.sessions = store.sessions().map((s) => ({
      id: s.sessionId,
      host: s.host,
      startedAt: new Date(s.startedAt).toISOString(),
      lastEventAt: new Date(s.lastEventAt).toISOString(),
      events: s.eventCount,
      compactions: s.compactCount,
    }));
    report.events = store
      .listEvents({
        limit: opts.limit ?? 200,
        ...(opts.sessionId ? { sessionId: opts.sessionId } : {}),
        ...(opts.search ? { search: opts.search } : {}),
        ...(opts.category ? { category: opts.category } : {}),
      })
      .map(toEventView);
    return report;
  } finally {
    store.close();
  }
}

/** Plain-text listing: one line per event. */
export function formatMemoryReport(r: MemoryReport): string {
  const out = [
    `Session memory — ${r.project.name} (${r.project.root}): ${r.sessions.length} session(s)${r.query ? `, matching "${r.query}"` : ''}`,
  ];
  if (r.events.length === 0) out.push('No events.');
  for (const e of r.events) {
    const data = e.data.replace(/\s+/g, ' ');
    out.push(
      `#${e.id} ${e.time.slice(0, 19).replace('T', ' ')} [${e.category}]${e.pinned ? ' (pinned)' : ''} ${data.length > 160 ? `${data.slice(0, 159)}…` : data}  (session ${e.sessionId})`,
    );
  }
  return out.join('\n');
}
