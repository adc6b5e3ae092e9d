/**
 * The savings chart as plain SVG: per day or per session, a bar for gross saved, one for own cost and a tick for
 * net; unconfirmed redirect estimates get their own outlined bar, apart from the confirmed figures. Plain SVG
 * because three series of at most 30 bars need no library, and the dashboard's CSP forbids inline styles that
 * most chart libraries inject.
 */
import { formatBytes } from '../../src/ledger/format-stats.js';
import type { SavingsPoint } from '../../src/protocol/dashboard.js';
import { h, s } from './dom.js';

const H = 180;
const PAD = { top: 12, right: 8, bottom: 28, left: 64 };
/** Room one date label needs along the bottom axis at the CSS font size (12 px). */
const LABEL_SLOT = 52;

/**
 * `width` is the width the chart is shown at, in CSS pixels: the SVG is drawn at that size rather than scaled,
 * so its 12 px labels stay 12 px in a 300 px sidebar as in a browser tab (a scaled 640-unit drawing made them 5 px).
 */
export function savingsChart(points: SavingsPoint[], caption: string, width: number): HTMLElement {
  const W = Math.max(200, Math.round(width));
  if (!points.length) return h('p', { class: 'empty' }, 'No savings recorded yet.');
  const max = Math.max(1, ...points.flatMap((p) => [p.savedBytes, p.ownCostBytes, p.redirectEstimateBytes]));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / points.length;
  const bar = Math.max(2, Math.min(14, (slot - 4) / 3));
  const y = (v: number) => PAD.top + plotH - (Math.max(0, v) / max) * plotH;
  const svg = s('svg', {
    viewBox: `0 0 ${W} ${H}`,
    width: W,
    height: H,
    class: 'chart',
    role: 'img',
    'aria-label': caption,
  });
  const labelEvery = Math.ceil(points.length / Math.max(2, Math.floor(plotW / LABEL_SLOT)));
  for (const frac of [0, 0.5, 1]) {
    const yy = PAD.top + plotH - frac * plotH;
    svg.append(s('line', { x1: PAD.left, x2: W - PAD.right, y1: yy, y2: yy, class: 'grid' }));
    svg.append(
      s(
        'text',
        { x: PAD.left - 6, y: yy + 4, class: 'axis', 'text-anchor': 'end' },
        formatBytes(Math.round(max * frac)),
      ),
    );
  }
  points.forEach((p, i) => {
    const x0 = PAD.left + i * slot + (slot - bar * 3) / 2;
    const g = s('g', { class: 'point' });
    g.append(
      s(
        'title',
        {},
        `${p.label}: saved ${formatBytes(p.savedBytes)}, own cost ${formatBytes(p.ownCostBytes)}, net ${formatBytes(p.netBytes)}` +
          (p.redirectEstimateBytes ? `, unconfirmed estimate ${formatBytes(p.redirectEstimateBytes)}` : ''),
      ),
    );
    g.append(
      s('rect', { x: x0, y: y(p.savedBytes), width: bar, height: PAD.top + plotH - y(p.savedBytes), class: 'saved' }),
    );
    g.append(
      s('rect', {
        x: x0 + bar,
        y: y(p.ownCostBytes),
        width: bar,
        height: PAD.top + plotH - y(p.ownCostBytes),
        class: 'own',
      }),
    );
    if (p.redirectEstimateBytes) {
      g.append(
        s('rect', {
          x: x0 + bar * 2,
          y: y(p.redirectEstimateBytes),
          width: bar,
          height: PAD.top + plotH - y(p.redirectEstimateBytes),
          class: 'estimate',
        }),
      );
    }
    g.append(s('line', { x1: x0 - 2, x2: x0 + bar * 2 + 2, y1: y(p.netBytes), y2: y(p.netBytes), class: 'net' }));
    if (i % labelEvery === 0) {
      g.append(
        s(
          'text',
          { x: x0 + bar, y: H - 10, class: 'axis', 'text-anchor': 'middle' },
          p.label.length > 10 ? p.label.slice(5, 10) : p.label,
        ),
      );
    }
    svg.append(g);
  });
  const legend = h(
    'ul',
    { class: 'legend' },
    h('li', { class: 'saved' }, 'gross saved'),
    h('li', { class: 'own' }, 'own cost'),
    h('li', { class: 'net' }, 'net'),
    h('li', { class: 'estimate' }, 'unconfirmed estimate (not counted)'),
  );
  return h('figure', {}, svg as unknown as Node, legend, h('figcaption', { class: 'sr-only' }, caption));
}
