// The dashboard with a big project: 10,000 memory events and 1,000 sources. Measures the engine's aggregate read
// (`state --json`, the page's data), and in Debian chromium the page's first render and a re-render with all
// 10,000 events loaded (the timeline pages them 100 at a time). Baseline in the same run: the same page with the
// small seeded project. Skipped without /usr/bin/chromium. One JSON object on stdout.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

// Page callbacks below run in the browser; this file is type-checked for Node.
declare const document: { querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> };
import { seedProject, type SeededProject } from '../server/test/dashboard/seed-project.js';

const BIN = fileURLToPath(new URL('../server/bin/context-mode.cjs', import.meta.url));

function timeState(seed: SeededProject, limit: number): { ms: number; bytes: number } {
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [BIN, 'state', '--json', '--memory-limit', String(limit), '--project', seed.project],
    { env: seed.env, encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  return { ms: Math.round(performance.now() - t0), bytes: Buffer.byteLength(r.stdout) };
}

async function timePage(
  seed: SeededProject,
): Promise<{ first_render_ms: number; slowest_load_older_ms: number; loads: number; events_in_dom: number }> {
  const child = spawn(process.execPath, [BIN, 'dashboard', '--no-open', '--project', seed.project], {
    env: seed.env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const url = await new Promise<string>((resolve) =>
    child.stdout!.on('data', (d: Buffer) => {
      const m = /http:\/\/\S+/.exec(d.toString());
      if (m) resolve(m[0]);
    }),
  );
  const profile = mkdtempSync(join(tmpdir(), 'cm-bench-chromium-'));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    env: { ...process.env, HOME: profile, XDG_CONFIG_HOME: profile },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    const t0 = performance.now();
    await page.goto(url);
    await page.waitForSelector('[data-figure="Project:net"]');
    const first = performance.now() - t0;
    // "Load older events" doubles the page (500 → 1000 → … → 10000); each click is one engine read and a render.
    const renders: number[] = [];
    const more = page.getByRole('button', { name: /Load older events/ });
    while ((await more.count()) > 0) {
      const before = await more.textContent();
      const t1 = performance.now();
      await more.click();
      await page.waitForFunction((text) => {
        const b = Array.from(document.querySelectorAll('button')).find((x) =>
          /Load older events/.test(x.textContent ?? ''),
        );
        return !b || b.textContent !== text;
      }, before);
      renders.push(performance.now() - t1);
    }
    const rerender = renders.length ? Math.max(...renders) : 0;
    const events = await page.locator('[data-event]').count();
    return {
      first_render_ms: Math.round(first),
      slowest_load_older_ms: Math.round(rerender),
      loads: renders.length,
      events_in_dom: events,
    };
  } finally {
    await browser.close();
    child.kill('SIGINT');
    rmSync(profile, { recursive: true, force: true });
  }
}

if (!existsSync('/usr/bin/chromium')) {
  process.stdout.write(JSON.stringify({ skipped: 'Debian chromium is not installed' }) + '\n');
} else {
  process.stderr.write('seeding 10,000 events and 1,000 sources\n');
  const small = seedProject();
  const big = seedProject({ events: 10_000, sources: 1_000 });
  try {
    const pageSmall = await timePage(small);
    const pageBig = await timePage(big);
    // "Stays smooth": the big project's first render within a small multiple of the small one's (ratio in one
    // run, so a loaded machine slows both), and no "Load older events" click slower than one frame budget × 10.
    const ratio = pageSmall.first_render_ms > 0 ? pageBig.first_render_ms / pageSmall.first_render_ms : null;
    const result = {
      state_small_ms: timeState(small, 500).ms,
      state_10k_events_1k_sources_ms: timeState(big, 500),
      state_all_10k_events_ms: timeState(big, 10_000),
      page_small: pageSmall,
      page_10k_events_1k_sources: pageBig,
      first_render_ratio_10k_vs_small: ratio === null ? null : Math.round(ratio * 100) / 100,
      goal: { first_render_ratio_max: 3, slowest_load_older_ms_max: 500 },
      within_goal: ratio !== null && ratio <= 3 && pageBig.slowest_load_older_ms <= 500,
    };
    process.stdout.write(JSON.stringify(result) + '\n');
  } finally {
    small.cleanup();
    big.cleanup();
  }
}
