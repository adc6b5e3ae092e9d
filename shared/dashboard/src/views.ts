/** The dashboard's sections, each a function of the engine's state (no figures computed here). */
import { formatBytes } from '../../src/ledger/format-stats.js';
import type { StatsTotals } from '../../src/protocol/stats.js';
import type { MemoryEventView } from '../../src/protocol/memory.js';
import type { SourceView } from '../../src/protocol/dashboard.js';
import { h } from './dom.js';
import type { DashboardAction, DashboardState, MemoryHitView, SearchHitView } from './protocol.js';

export type Send = (a: DashboardAction) => void;
export type Confirm = (title: string, body: string, ok: string) => Promise<boolean>;

const age = (iso: string, now: number) => {
  const m = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  return m < 60 ? `${m} min ago` : m < 48 * 60 ? `${Math.round(m / 60)} h ago` : `${Math.round(m / 1440)} d ago`;
};
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

function card(title: string, t: StatsTotals | null, note?: string): HTMLElement {
  if (!t)
    return h('section', { class: 'card' }, h('h3', {}, title), h('p', { class: 'empty' }, 'Nothing recorded yet.'));
  return h(
    'section',
    { class: 'card', 'aria-label': title },
    h('h3', {}, title),
    h(
      'p',
      { class: 'big', 'data-figure': `${title}:net` },
      formatBytes(t.netBytes),
      h('span', { class: 'unit' }, ' net'),
    ),
    h(
      'dl',
      {},
      h('dt', {}, 'gross saved'),
      h('dd', { 'data-figure': `${title}:saved` }, formatBytes(t.savedBytes)),
      h('dt', {}, 'own cost'),
      h('dd', { 'data-figure': `${title}:own` }, formatBytes(t.ownCostBytes)),
      h('dt', {}, 'tokens (estimated)'),
      h('dd', {}, `~${t.estimatedTokens.net.toLocaleString('en')}`),
      t.redirectEstimateBytes ? h('dt', {}, 'redirect estimates') : null,
      t.redirectEstimateBytes
        ? h(
            'dd',
            { title: 'what redirected calls would have returned: an estimate, not counted as saved' },
            `~${formatBytes(t.redirectEstimateBytes)} (unconfirmed)`,
          )
        : null,
    ),
    note ? h('p', { class: 'note' }, note) : null,
  );
}

export function summaryView(state: DashboardState): HTMLElement {
  const st = state.stats;
  return h(
    'div',
    { class: 'cards' },
    card('Session', st.session, st.session ? `${st.session.host} · since ${when(st.session.firstTime)}` : undefined),
    card('Project', st.projectTotals.entries ? st.projectTotals : null),
    card('All time', st.allTime.entries ? st.allTime : null, `${st.allTime.projects} project(s)`),
  );
}

export function emptyStateView(): HTMLElement {
  return h(
    'section',
    { class: 'empty-state' },
    h('h2', {}, 'No savings yet'),
    h(
      'p',
      {},
      'context-mode records savings once an agent uses it in this project. Set up a host, then ask the agent for something that produces output:',
    ),
    h('pre', {}, h('code', {}, 'ctxmode setup --host claude-code   # or gemini-cli, codex, vscode-copilot, …')),
    h('p', {}, 'In VS Code, the context-mode extension offers this when you open the workspace.'),
  );
}

export function toolsView(state: DashboardState): HTMLElement {
  const tools = state.stats.tools;
  if (!tools.length) return h('p', { class: 'empty' }, 'No tool calls recorded.');
  return h(
    'table',
    { class: 'tools stack' },
    h('caption', {}, 'Per tool (project)'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'tool'),
        h('th', { scope: 'col' }, 'calls'),
        h('th', { scope: 'col' }, 'raw'),
        h('th', { scope: 'col' }, 'returned'),
        h('th', { scope: 'col' }, 'saved'),
        h('th', { scope: 'col' }, 'own cost'),
      ),
    ),
    h(
      'tbody',
      {},
      ...tools.map((t) =>
        h(
          'tr',
          { 'data-tool': t.tool },
          h('th', { scope: 'row' }, t.tool),
          h('td', { 'data-label': 'calls' }, t.calls),
          h('td', { 'data-label': 'raw' }, formatBytes(t.rawBytes)),
          h('td', { 'data-label': 'returned' }, formatBytes(t.returnedBytes)),
          h('td', { 'data-label': 'saved', 'data-figure': `tool:${t.tool}:saved` }, formatBytes(t.savedBytes)),
          h('td', { 'data-label': 'own cost' }, formatBytes(t.ownCostBytes)),
        ),
      ),
    ),
  );
}

export function footprintView(state: DashboardState): HTMLElement {
  const own = state.stats.tools.filter((t) => t.ownCostBytes > 0);
  return h(
    'div',
    { class: 'footprint' },
    h(
      'p',
      {},
      'What context-mode itself put into the context (tool list, routing block, resume snapshots): ',
      h('strong', { 'data-figure': 'project:own' }, formatBytes(state.stats.projectTotals.ownCostBytes)),
      ' in this project.',
    ),
    own.length
      ? h('ul', {}, ...own.map((t) => h('li', {}, `${t.tool}: ${formatBytes(t.ownCostBytes)} over ${t.calls} time(s)`)))
      : null,
  );
}

const PAGE = 100;

export function memoryView(
  state: DashboardState,
  view: { category: string; shown: number },
  send: Send,
  rerender: () => void,
  confirm: Confirm,
): HTMLElement {
  const events = state.memory.events;
  if (!state.memory.totalEvents)
    return h(
      'p',
      { class: 'empty' },
      'Session memory is empty: it fills as the agent works (prompts, files, decisions, errors).',
    );
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.category, (counts.get(e.category) ?? 0) + 1);
  const chips = h(
    'div',
    { class: 'chips', role: 'toolbar', 'aria-label': 'Filter memory by category' },
    ...['all', ...[...counts.keys()].sort()].map((c) =>
      h(
        'button',
        {
          type: 'button',
          class: 'chip',
          'aria-pressed': String(view.category === c),
          onclick: () => {
            view.category = c;
            view.shown = PAGE;
            rerender();
          },
        },
        c === 'all' ? `all (${events.length})` : `${c} (${counts.get(c)})`,
      ),
    ),
  );
  const filtered = view.category === 'all' ? events : events.filter((e) => e.category === view.category);
  const list = h('ol', { class: 'timeline' }, ...filtered.slice(0, view.shown).map((e) => eventItem(e, send, confirm)));
  // Rendering is paged locally (100 at a time); older events are fetched from the engine on request.
  const showMore =
    filtered.length > view.shown
      ? h(
          'button',
          {
            type: 'button',
            onclick: () => {
              view.shown += PAGE;
              rerender();
            },
          },
          `Show ${Math.min(PAGE, filtered.length - view.shown)} more`,
        )
      : null;
  const loadOlder =
    state.memory.totalEvents > events.length && state.memory.limit < 10_000
      ? h(
          'button',
          {
            type: 'button',
            onclick: () => send({ type: 'refresh', memoryLimit: Math.min(10_000, state.memory.limit * 2) }),
          },
          `Load older events (${state.memory.totalEvents - events.length} not loaded)`,
        )
      : null;
  return h('div', {}, chips, list, h('p', { class: 'more' }, showMore, ' ', loadOlder));
}

function eventItem(e: MemoryEventView, send: Send, confirm: Confirm): HTMLElement {
  return h(
    'li',
    { class: `event${e.pinned ? ' pinned' : ''}`, 'data-event': e.id },
    h('span', { class: 'badge' }, e.category),
    h('time', { datetime: e.time }, when(e.time)),
    h(
      'span',
      { class: 'actions' },
      h(
        'button',
        {
          type: 'button',
          'aria-label': `${e.pinned ? 'Unpin' : 'Pin'} event ${e.id}`,
          onclick: () => send({ type: 'pinEvent', id: e.id, pinned: !e.pinned }),
        },
        e.pinned ? 'Unpin' : 'Pin',
      ),
      h(
        'button',
        {
          type: 'button',
          'aria-label': `Delete event ${e.id}`,
          onclick: async () => {
            if (
              await confirm(
                'Delete this memory event?',
                `"${e.data.slice(0, 120)}" will no longer be remembered or injected after compaction.`,
                'Delete',
              )
            )
              send({ type: 'deleteEvent', id: e.id });
          },
        },
        'Delete',
      ),
    ),
    h('p', { class: 'data' }, e.data.length > 400 ? `${e.data.slice(0, 399)}…` : e.data),
  );
}

export function sourcesView(
  state: DashboardState,
  view: { sort: 'size' | 'age'; shown: number },
  send: Send,
  rerender: () => void,
  confirm: Confirm,
): HTMLElement {
  const items = state.sources.items;
  if (!items.length)
    return h(
      'p',
      { class: 'empty' },
      'Nothing indexed yet. Large tool output, fetched pages and files the agent indexes appear here.',
    );
  const sorted = [...items].sort((a, b) =>
    view.sort === 'size' ? b.bytes - a.bytes : Date.parse(b.indexedAt) - Date.parse(a.indexedAt),
  );
  const now = Date.parse(state.generatedAt);
  const sortButton = (key: 'size' | 'age', label: string) =>
    h(
      'button',
      {
        type: 'button',
        'aria-pressed': String(view.sort === key),
        onclick: () => {
          view.sort = key;
          rerender();
        },
      },
      label,
    );
  return h(
    'div',
    {},
    h(
      'p',
      {},
      `${state.sources.total} source(s), ${state.sources.chunks} section(s), `,
      h('span', { 'data-figure': 'sources:bytes' }, formatBytes(state.sources.bytes)),
      ' · sort by ',
      sortButton('size', 'size'),
      ' ',
      sortButton('age', 'age'),
    ),
    h(
      'table',
      { class: 'sources stack' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'source'),
          h('th', { scope: 'col' }, 'kind'),
          h('th', { scope: 'col' }, 'size'),
          h('th', { scope: 'col' }, 'indexed'),
          h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'actions')),
        ),
      ),
      h('tbody', {}, ...sorted.slice(0, view.shown).map((src) => sourceRow(src, now, send, confirm))),
    ),
    sorted.length > view.shown
      ? h(
          'button',
          {
            type: 'button',
            onclick: () => {
              view.shown += PAGE;
              rerender();
            },
          },
          `Show ${Math.min(PAGE, sorted.length - view.shown)} more`,
        )
      : null,
  );
}

function sourceRow(src: SourceView, now: number, send: Send, confirm: Confirm): HTMLElement {
  return h(
    'tr',
    { 'data-source': src.source },
    h('th', { scope: 'row', class: 'label' }, src.source),
    h('td', { 'data-label': 'kind' }, src.kind),
    h('td', { 'data-label': 'size' }, formatBytes(src.bytes)),
    h('td', { 'data-label': 'indexed', title: src.indexedAt }, age(src.indexedAt, now)),
    h(
      'td',
      {},
      h(
        'button',
        {
          type: 'button',
          'aria-label': `Delete source ${src.source}`,
          onclick: async () => {
            if (
              await confirm(
                'Delete this source?',
                `"${src.source}" (${formatBytes(src.bytes)}, ${src.chunks} section(s)) is removed from the knowledge base; searches will no longer find it.`,
                'Delete',
              )
            )
              send({ type: 'deleteSource', label: src.source });
          },
        },
        'Delete',
      ),
    ),
  );
}

export function searchResultsView(query: string, knowledge: SearchHitView[], memory: MemoryHitView[]): HTMLElement {
  if (!knowledge.length && !memory.length)
    return h('p', { class: 'empty', role: 'status' }, `Nothing found for "${query}".`);
  return h(
    'div',
    { role: 'status' },
    knowledge.length ? h('h3', {}, `Knowledge base (${knowledge.length})`) : null,
    knowledge.length
      ? h(
          'ol',
          { class: 'hits' },
          ...knowledge.map((k) =>
            h(
              'li',
              {},
              h('strong', {}, k.title || k.source),
              h('span', { class: 'muted' }, ` — ${k.source}`),
              h('p', {}, k.snippet),
            ),
          ),
        )
      : null,
    memory.length ? h('h3', {}, `Session memory (${memory.length})`) : null,
    memory.length
      ? h(
          'ol',
          { class: 'hits' },
          ...memory.map((m) =>
            h(
              'li',
              {},
              h('span', { class: 'badge' }, m.category),
              ` ${when(m.time)} `,
              h('p', {}, m.data.slice(0, 300)),
            ),
          ),
        )
      : null,
  );
}
