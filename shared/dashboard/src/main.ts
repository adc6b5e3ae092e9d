/**
 * The dashboard page: renders the engine's DashboardState and sends the user's actions to the host through
 * whichever transport the page runs in. Keeps only view state (filters, pages) of its own.
 */
import { savingsChart } from './chart.js';
import { h, replaceChildren } from './dom.js';
import type { DashboardAction, DashboardState, HostMessage } from './protocol.js';
import { pickTransport } from './transport.js';
import {
  emptyStateView,
  footprintView,
  memoryView,
  searchResultsView,
  sourcesView,
  summaryView,
  toolsView,
  type Confirm,
} from './views.js';

interface ViewState {
  chart: 'days' | 'sessions';
  memory: { category: string; shown: number };
  sources: { sort: 'size' | 'age'; shown: number };
}

const transport = pickTransport();
const saved = transport.loadViewState() as Partial<ViewState> | undefined;
const view: ViewState = {
  chart: saved?.chart ?? 'days',
  memory: { category: saved?.memory?.category ?? 'all', shown: 100 },
  sources: { sort: saved?.sources?.sort ?? 'size', shown: 100 },
};
let state: DashboardState | undefined;
let busy = false;

const app = document.getElementById('app') ?? document.body.appendChild(h('div', { id: 'app' }));
const banner = h('div', { class: 'banner', role: 'alert', hidden: true });
const searchOut = h('div', { class: 'search-results', 'aria-live': 'polite' });
// Built once: a refresh re-renders the page around it, so typed text (and focus) survive.
const search = h(
  'form',
  {
    class: 'search',
    role: 'search',
    onsubmit: (e: Event) => {
      e.preventDefault();
      const q = (search.querySelector('input') as HTMLInputElement).value.trim();
      if (q) send({ type: 'search', query: q });
    },
  },
  h('label', { for: 'q' }, 'Search the knowledge base and memory'),
  h('input', { id: 'q', type: 'search', name: 'q', placeholder: 'e.g. build error', autocomplete: 'off' }),
  h('button', { type: 'submit' }, 'Search'),
);

function send(action: DashboardAction): void {
  busy = true;
  document.body.classList.add('busy');
  transport.send(action);
}

// Outside the app element, which every render replaces: a modal dialog taken out of the document and put back
// stays open but is no longer modal, so a live refresh during a confirmation left Escape dead and the next
// showModal() throwing.
const dialog = document.body.appendChild(h('dialog', { class: 'confirm', 'aria-modal': 'true' }));
const confirmDialog: Confirm = (title, body, ok) =>
  new Promise((resolve) => {
    const yes = h(
      'button',
      {
        type: 'button',
        class: 'danger',
        onclick: () => {
          dialog.close();
          resolve(true);
        },
      },
      ok,
    );
    const no = h(
      'button',
      {
        type: 'button',
        onclick: () => {
          dialog.close();
          resolve(false);
        },
      },
      'Cancel',
    );
    replaceChildren(dialog, h('h2', {}, title), h('p', {}, body), h('div', { class: 'buttons' }, no, yes));
    dialog.addEventListener('cancel', () => resolve(false), { once: true });
    dialog.showModal();
    no.focus();
  });

function section(id: string, title: string, ...body: Array<Node | string | null>): HTMLElement {
  return h('section', { id, 'aria-labelledby': `${id}-h` }, h('h2', { id: `${id}-h` }, title), ...body);
}

/** The chart is drawn at the width it gets (see chart.ts), at most 760 px. */
let drawnWidth = 0;
function chartWidth(): number {
  drawnWidth = app.clientWidth;
  return Math.min(760, drawnWidth);
}
// A sidebar or window resized: draw the chart again at its new width.
new ResizeObserver(() => {
  if (state && Math.abs(app.clientWidth - drawnWidth) > 1) render();
}).observe(app);

function render(): void {
  if (!state) return;
  transport.saveViewState({
    chart: view.chart,
    memory: { category: view.memory.category },
    sources: { sort: view.sources.sort },
  });
  const st = state;
  const points = view.chart === 'days' ? st.series.days : st.series.sessions;
  const chartToggle = h(
    'div',
    { role: 'group', 'aria-label': 'Chart by' },
    ...(['days', 'sessions'] as const).map((k) =>
      h(
        'button',
        {
          type: 'button',
          'aria-pressed': String(view.chart === k),
          onclick: () => {
            view.chart = k;
            render();
          },
        },
        k === 'days' ? 'per day' : 'per session',
      ),
    ),
  );
  const purge = (scope: 'session' | 'project') => async () => {
    const what =
      scope === 'session'
        ? "the most recent session's memory and the content indexed during it"
        : "all of this project's session memory, indexed content and savings history";
    if (await confirmDialog(`Purge ${scope}?`, `This deletes ${what}. It cannot be undone.`, `Purge ${scope}`))
      send({ type: 'purge', scope });
  };
  const input = search.querySelector('input') as HTMLInputElement;
  const typing = document.activeElement === input;
  const caret = [input.selectionStart ?? input.value.length, input.selectionEnd ?? input.value.length] as const;
  replaceChildren(
    app,
    h(
      'header',
      {},
      h('h1', {}, 'context-mode', h('span', { class: 'muted' }, ` · ${st.project.name}`)),
      h(
        'button',
        {
          type: 'button',
          onclick: () => send({ type: 'refresh', memoryLimit: st.memory.limit }),
          'aria-label': 'Refresh',
        },
        'Refresh',
      ),
    ),
    banner,
    st.stats.projectTotals.entries || st.stats.allTime.entries ? summaryView(st) : emptyStateView(),
    section(
      'savings',
      'Savings over time',
      chartToggle,
      savingsChart(
        points,
        `Savings ${view.chart === 'days' ? 'per day' : 'per session'}: gross saved, own cost, net`,
        chartWidth(),
      ),
    ),
    section('tools', 'Tools', toolsView(st), footprintView(st)),
    section('search', 'Search', search, searchOut),
    section(
      'memory',
      `Session memory (${st.memory.totalEvents})`,
      memoryView(st, view.memory, send, render, confirmDialog),
    ),
    section(
      'sources',
      `Knowledge sources (${st.sources.total})`,
      sourcesView(st, view.sources, send, render, confirmDialog),
    ),
    section(
      'purge',
      'Clean up',
      h('p', {}, 'Purging deletes data for good; you are asked first.'),
      h('button', { type: 'button', class: 'danger', onclick: purge('session') }, 'Purge session…'),
      ' ',
      h('button', { type: 'button', class: 'danger', onclick: purge('project') }, 'Purge project…'),
    ),
    h(
      'footer',
      { class: 'muted' },
      `Updated ${st.generatedAt.slice(11, 19)} UTC · tokens are estimates (${st.stats.bytesPerToken} bytes per token)`,
    ),
  );
  if (typing) {
    // Moving the form out and back in blurs it; put the caret back where the user left it.
    input.focus();
    input.setSelectionRange(caret[0], caret[1]);
  }
}

function showError(message: string, hint?: string): void {
  banner.hidden = false;
  replaceChildren(
    banner,
    message,
    hint ? h('span', { class: 'hint' }, ` ${hint}`) : null,
    ' ',
    h('button', { type: 'button', 'aria-label': 'Dismiss', onclick: () => (banner.hidden = true) }, '×'),
  );
}

transport.onMessage((msg: HostMessage) => {
  busy = false;
  document.body.classList.remove('busy');
  if (msg.type === 'state') {
    state = msg.state;
    banner.hidden = true;
    render();
  } else if (msg.type === 'searchResult') {
    replaceChildren(
      searchOut,
      searchResultsView(msg.query, msg.result.knowledge?.hits ?? [], msg.result.memory?.events ?? []),
    );
  } else if (msg.type === 'error') {
    showError(`${msg.action}: ${msg.message}`, msg.hint);
    if (!state) replaceChildren(app, banner);
  }
});

replaceChildren(app, h('p', { class: 'loading', role: 'status' }, 'Loading…'));
if (!busy) send({ type: 'refresh' });
