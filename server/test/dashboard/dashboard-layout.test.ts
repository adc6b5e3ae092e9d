// The dashboard at the widths it is really shown at (VS Code's sidebar and JetBrains' tool window: 300–450 px; a
// browser tab: 1280 px), light and dark, in Debian chromium: nothing scrolls sideways, no text is cut off or
// spills out of its box, and chart labels are at least 11 px tall. Screenshots go to artifacts/dashboard/.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { ARTIFACTS, CHROMIUM, launchChromium, MISSING_IN_CI, SKIP, startDashboard } from './browser-harness.js';
import { seedProject, type SeededProject } from './seed-project.js';

interface Layout {
  pageOverflow: number;
  spills: string[];
  smallestChartLabelPx: number;
  chartLabels: number;
}

// Runs in the page (a string, so this Node-typed file needs no DOM types). An element "spills" when its content
// is wider than its box or its box reaches past the viewport; scroll containers that are meant to scroll are not.
const MEASURE = `(() => {
  const doc = document.documentElement;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.getAttribute('class') ? '.' + el.getAttribute('class').split(' ').join('.') : '') +
    ' "' + (el.textContent || '').trim().slice(0, 30) + '"';
  // Visually hidden on purpose (a 1 px box for screen readers only): not shown, so not cut off.
  const hidden = (el) => {
    for (let a = el; a; a = a.parentElement) {
      const r = a.getBoundingClientRect();
      if (r.width <= 1 && r.height <= 1) return true;
    }
    return false;
  };
  const spills = [];
  for (const el of document.querySelectorAll('#app *')) {
    if (el.closest('svg') || el.closest('dialog') || hidden(el)) continue;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.display === 'contents') continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0) continue;
    if (r.right > doc.clientWidth + 0.5 || r.left < -0.5) spills.push(name(el) + ' reaches ' + Math.round(r.left) + '..' + Math.round(r.right));
    else if (cs.overflowX !== 'auto' && cs.overflowX !== 'scroll' && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
      spills.push(name(el) + ' content ' + el.scrollWidth + ' > box ' + el.clientWidth);
  }
  let smallest = Infinity, labels = 0;
  for (const svg of document.querySelectorAll('svg.chart')) {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    for (const t of svg.querySelectorAll('text')) {
      labels++;
      smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * scale);
    }
  }
  return { pageOverflow: doc.scrollWidth - doc.clientWidth, spills, smallestChartLabelPx: smallest, chartLabels: labels };
})()`;

describe('dashboard layout at sidebar and browser widths', { skip: SKIP }, () => {
  let seed: SeededProject;
  let server: { url: string; child: ChildProcess };
  let browser: Browser;
  let profile: string;

  before(async () => {
    assert.ok(existsSync(CHROMIUM), MISSING_IN_CI);
    seed = seedProject();
    server = await startDashboard(seed);
    ({ browser, profile } = await launchChromium());
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    server?.child.kill('SIGINT');
    seed?.cleanup();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  for (const width of [300, 350, 450, 1280]) {
    for (const theme of ['light', 'dark'] as const) {
      it(`${width} px, ${theme}: no sideways scroll, no cut-off text, chart labels ≥ 11 px`, async (t) => {
        const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: theme });
        try {
          await page.goto(server.url);
          await page.waitForSelector('[data-figure="Session:net"]');
          await page.waitForSelector('svg.chart');
          const shot = join(ARTIFACTS, `dashboard-${width}-${theme}.png`);
          await page.screenshot({ path: shot, fullPage: true });
          t.diagnostic(`screenshot: ${shot}`);
          const m = (await page.evaluate(MEASURE)) as Layout;
          t.diagnostic(JSON.stringify(m));
          assert.equal(m.pageOverflow, 0, 'the page scrolls sideways');
          assert.deepEqual(m.spills, []);
          assert.ok(m.chartLabels > 0, 'the chart has labels');
          assert.ok(m.smallestChartLabelPx >= 11, `a chart label is ${m.smallestChartLabelPx.toFixed(1)} px`);
        } finally {
          await page.close();
        }
      });
    }
  }
});
