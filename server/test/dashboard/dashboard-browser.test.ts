// The dashboard in a real browser (Debian chromium driven by playwright-core) against `ctxmode dashboard` on a
// seeded project: the numbers shown are the engine's, every action goes through the engine and changes what the
// CLI reports, the token is required, and the page raises no console errors or CSP violations.
import assert from 'node:assert/strict';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { formatBytes } from '@context-mode/shared/ledger/format-stats';
import type { DashboardState, SavingsPoint } from '@context-mode/shared/protocol/dashboard';
import { seedProject, type SeededProject } from './seed-project.js';
import { ARTIFACTS, BIN, CHROMIUM, launchChromium, MISSING_IN_CI, SKIP, startDashboard } from './browser-harness.js';

function cli<T>(seed: SeededProject, args: string[]): T {
  const r = spawnSync(process.execPath, [BIN, ...args, '--project', seed.project, '--json'], {
    env: seed.env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as T;
}

/** What a chart point tells the user (its tooltip), built from the engine's numbers for that point. */
function pointTitle(p: SavingsPoint): string {
  return (
    `${p.label}: saved ${formatBytes(p.savedBytes)}, own cost ${formatBytes(p.ownCostBytes)}, net ${formatBytes(p.netBytes)}` +
    (p.redirectEstimateBytes ? `, unconfirmed estimate ${formatBytes(p.redirectEstimateBytes)}` : '')
  );
}

/** Claude Code's post-tool hook for an edit of `src/<file>`, as the host runs it: one memory event. */
function postToolHook(seed: SeededProject, session: string, file: string) {
  const path = join(seed.project, 'src', file);
  const payload = {
    session_id: session,
    cwd: seed.project,
    hook_event_name: 'PostToolUse',
    tool_name: 'Edit',
    tool_input: { file_path: path, old_string: 'a', new_string: 'b' },
    tool_response: { filePath: path, success: true },
  };
  return spawnSync(process.execPath, [BIN, 'hook', 'claude-code', 'PostToolUse'], {
    env: { ...seed.env, CLAUDE_PROJECT_DIR: seed.project },
    cwd: seed.project,
    input: JSON.stringify(payload),
    encoding: 'utf8',
  });
}

describe('dashboard in a real browser', { skip: SKIP }, () => {
  let seed: SeededProject;
  let server: { url: string; child: ChildProcess };
  let browser: Browser;
  let page: Page;
  let profile: string;
  const problems: string[] = [];

  before(async () => {
    assert.ok(existsSync(CHROMIUM), MISSING_IN_CI);
    seed = seedProject();
    server = await startDashboard(seed);
    ({ browser, profile } = await launchChromium());
    page = await browser.newPage({ viewport: { width: 900, height: 1300 } });
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    // Runs in the page (a string, so this Node-typed file needs no DOM types).
    await page.addInitScript(
      `document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));`,
    );
    await page.goto(server.url);
    await page.waitForSelector('[data-figure="Session:net"]');
  });

  after(async () => {
    await browser?.close();
    server?.child.kill('SIGINT');
    seed?.cleanup();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('shows exactly the numbers of ctxmode state --json', async (t) => {
    const state = cli<DashboardState>(seed, ['state']);
    const figure = (k: string) => page.locator(`[data-figure="${k}"]`).first().textContent();
    assert.equal((await figure('Session:net'))?.replace(' net', ''), formatBytes(state.stats.session!.netBytes));
    assert.equal(await figure('Session:saved'), formatBytes(state.stats.session!.savedBytes));
    assert.equal(await figure('Project:saved'), formatBytes(state.stats.projectTotals.savedBytes));
    assert.equal(await figure('Project:own'), formatBytes(state.stats.projectTotals.ownCostBytes));
    assert.equal(
      await figure('tool:ctx_execute:saved'),
      formatBytes(state.stats.tools.find((t) => t.tool === 'ctx_execute')!.savedBytes),
    );
    assert.equal(await figure('sources:bytes'), formatBytes(state.sources.bytes));
    assert.deepEqual(await page.locator('.chart .point title').allTextContents(), state.series.days.map(pointTitle));
    assert.ok(await page.locator('.chart .estimate').count(), 'the unconfirmed redirect estimate is drawn apart');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-light.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-dark.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
    t.diagnostic(`screenshots: ${join(ARTIFACTS, 'dashboard-light.png')} ${join(ARTIFACTS, 'dashboard-dark.png')}`);
  });

  it('switches the chart to per session, one point per session of ctxmode state --json', async () => {
    const state = cli<DashboardState>(seed, ['state']);
    assert.ok(
      state.series.sessions.length > 1 && state.series.sessions.length !== state.series.days.length,
      'the seed tells the two series apart',
    );
    await page.getByRole('button', { name: 'per session', exact: true }).click();
    await page.getByRole('button', { name: 'per session', exact: true, pressed: true }).waitFor();
    assert.deepEqual(
      await page.locator('.chart .point title').allTextContents(),
      state.series.sessions.map(pointTitle),
    );
    await page.getByRole('button', { name: 'per day', exact: true }).click();
    await page.getByRole('button', { name: 'per day', exact: true, pressed: true }).waitFor();
    assert.equal(await page.locator('.chart .point').count(), state.series.days.length);
  });

  it('holds still when idle: no refresh over a populated project (CONTEXT_MODE_IDLE_TEST_MS, default 30 s)', async (t) => {
    const refreshes: number[] = [];
    const onRequest = (r: import('playwright-core').Request) => {
      if (r.url().endsWith('/api/action') && /"refresh"/.test(r.postData() ?? '')) refreshes.push(Date.now());
    };
    page.on('request', onRequest);
    const idleMs = Number(process.env.CONTEXT_MODE_IDLE_TEST_MS ?? 30_000);
    await page.locator('#q').fill('retry test');
    await page.waitForTimeout(idleMs);
    page.off('request', onRequest);
    t.diagnostic(`${refreshes.length} refreshes in ${idleMs} ms idle`);
    assert.equal(refreshes.length, 0);
    assert.equal(await page.locator('#q').inputValue(), 'retry test');
  });

  it('shows a real change within 1 s, keeping the text typed into Search', async (t) => {
    await page.locator('#q').fill('half-typed que');
    await page.locator('#q').focus();
    const doc = join(seed.project, 'watch-note.md');
    writeFileSync(doc, '# Watch note\n\nA note indexed while the dashboard is open.\n');
    const before = cli<DashboardState>(seed, ['state']).sources.total;
    const heading = page.locator('#sources h2');
    const r = spawnSync(process.execPath, [BIN, 'index', doc, '--project', seed.project], {
      env: seed.env,
      encoding: 'utf8',
    });
    const done = Date.now();
    assert.equal(r.status, 0, r.stderr);
    await heading.filter({ hasText: `(${before + 1})` }).waitFor({ timeout: 1000 });
    t.diagnostic(`index shown ${Date.now() - done} ms after the CLI exited`);
    assert.equal(await page.locator('#q').inputValue(), 'half-typed que');
    assert.equal(await page.evaluate('document.activeElement && document.activeElement.id'), 'q');
    await page.locator('#q').fill('');
  });

  it('shows a hook event within 1 s', async (t) => {
    const heading = page.locator('#memory h2');
    const before = cli<DashboardState>(seed, ['state']).memory.totalEvents;
    const r = postToolHook(seed, 'sess-watch', 'watched.ts');
    const done = Date.now();
    assert.equal(r.status, 0, r.stderr);
    await heading.filter({ hasNotText: `(${before})` }).waitFor({ timeout: 1000 });
    t.diagnostic(`hook event shown ${Date.now() - done} ms after the hook exited: ${await heading.textContent()}`);
  });

  // A project opened in the dashboard before its first tool call has no data folder yet: the first hook creates it
  // (and the spool inside), and the events that follow land there. Each shows within 1 s, not when the server next
  // looks for the folder. Three projects, the first hook sent 0, 0.7 and 1.4 s after the page showed, so that one
  // lucky moment against the server's probe timer cannot pass the test.
  it('shows the first hook events of a project that had no data yet within 1 s each', async (t) => {
    for (const delay of [0, 700, 1400]) {
      const root = mkdtempSync(join(tmpdir(), 'cm-dash-new-'));
      const project = join(root, 'fresh');
      mkdirSync(project);
      spawnSync('git', ['init', '-q', project]);
      const fresh: SeededProject = {
        root,
        project,
        env: { ...process.env, HOME: join(root, 'home'), CONTEXT_MODE_HOME: join(root, 'data') },
        cleanup: () => rmSync(root, { recursive: true, force: true }),
      };
      const dashboard = await startDashboard(fresh);
      const second = await browser.newPage({ viewport: { width: 900, height: 1300 } });
      try {
        await second.goto(dashboard.url);
        const heading = second.locator('#memory h2');
        await heading.filter({ hasText: '(0)' }).waitFor();
        await second.waitForTimeout(delay);
        for (const n of [1, 2]) {
          const r = postToolHook(fresh, 'sess-first', `first-${n}.ts`);
          const done = Date.now();
          assert.equal(r.status, 0, r.stderr);
          await heading.filter({ hasText: `(${n})` }).waitFor({ timeout: 1000 });
          t.diagnostic(`new project, hook ${n} after ${delay} ms: shown ${Date.now() - done} ms after the hook exited`);
        }
      } finally {
        await second.close();
        dashboard.child.kill('SIGINT');
        fresh.cleanup();
      }
    }
  });

  it('pins and deletes a memory event through the engine', async () => {
    const decision = cli<DashboardState['memory']>(seed, ['memory']).events.find((e) => e.category === 'decision')!;
    await page.getByRole('button', { name: `Pin event ${decision.id}` }).click();
    await page.getByRole('button', { name: `Unpin event ${decision.id}` }).waitFor();
    assert.equal(
      cli<DashboardState['memory']>(seed, ['memory']).events.find((e) => e.id === decision.id)!.pinned,
      true,
    );
    await page.getByRole('button', { name: `Delete event ${decision.id}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.locator(`[data-event="${decision.id}"]`).waitFor({ state: 'detached' });
    assert.equal(
      cli<DashboardState['memory']>(seed, ['memory']).events.some((e) => e.id === decision.id),
      false,
    );
  });

  it('deletes a source after confirmation, and keeps it when cancelled', async () => {
    await page.getByRole('button', { name: 'Delete source fetch:https://example.test/api' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    assert.ok(
      cli<{ sources: { source: string }[] }>(seed, ['sources']).sources.some(
        (s) => s.source === 'fetch:https://example.test/api',
      ),
    );
    await page.getByRole('button', { name: 'Delete source fetch:https://example.test/api' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.locator('[data-source="fetch:https://example.test/api"]').waitFor({ state: 'detached' });
    assert.equal(
      cli<{ sources: { source: string }[] }>(seed, ['sources']).sources.some(
        (s) => s.source === 'fetch:https://example.test/api',
      ),
      false,
    );
  });

  it('searches the knowledge base and memory', async () => {
    await page.getByLabel('Search the knowledge base and memory').fill('retry');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.locator('.search-results');
    await results.getByText('Knowledge base').waitFor();
    assert.match((await results.textContent()) ?? '', /exponential backoff/);
    assert.match((await results.textContent()) ?? '', /Session memory/);
  });

  it('is keyboard navigable: Tab reaches the search box, Enter searches, Escape closes a confirmation', async () => {
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    let reached = false;
    for (let i = 0; i < 80 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page
        .getByLabel('Search the knowledge base and memory')
        .evaluate((el) => el === el.ownerDocument.activeElement);
    }
    assert.ok(reached, 'the search box is reachable with Tab');
    await page.keyboard.type('backoff');
    await page.keyboard.press('Enter');
    await page.locator('.search-results').getByText('Knowledge base').waitFor();
    await page.getByRole('button', { name: 'Purge project…' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.ok(cli<DashboardState>(seed, ['state']).stats.projectTotals.entries > 0, 'Escape purged nothing');
  });

  it('updates by itself when another process changes memory', async () => {
    const prompt = cli<DashboardState['memory']>(seed, ['memory']).events.find(
      (e) => e.data === 'Fix the failing retry test',
    )!;
    await page.locator(`[data-event="${prompt.id}"]`).waitFor();
    const r = spawnSync(process.execPath, [BIN, 'memory', 'delete', String(prompt.id), '--project', seed.project], {
      env: seed.env,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    await page.locator(`[data-event="${prompt.id}"]`).waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('shows bidi controls in indexed text as visible codes, never reordering it (U+202E)', async () => {
    const doc = join(seed.project, 'invoice-note.md');
    writeFileSync(doc, '# Invoice attachment\n\nThe attachment zebrainvoice\u202Etxt.exe arrived today.\n');
    const r = spawnSync(process.execPath, [BIN, 'index', doc, '--project', seed.project], {
      env: seed.env,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    await page.locator('#q').fill('zebrainvoice');
    await page.keyboard.press('Enter');
    const hits = page.locator('.search-results');
    await hits.getByText('[U+202E]').first().waitFor({ timeout: 10_000 });
    const shown = (await page.evaluate('document.body.innerText')) as string;
    assert.doesNotMatch(shown, /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u);
    assert.match(shown, /zebrainvoice\[U\+202E\]txt\.exe/);
    await page.locator('#q').fill('');
  });

  it('purges the project only after confirmation that says what is deleted', async (t) => {
    await page.getByRole('button', { name: 'Purge project…' }).click();
    const dialog = page.getByRole('dialog');
    assert.match((await dialog.textContent()) ?? '', /session memory, indexed content and savings history/);
    await dialog.getByRole('button', { name: 'Purge project' }).click();
    await page.getByText('No savings yet').waitFor();
    const state = cli<DashboardState>(seed, ['state']);
    assert.equal(state.stats.projectTotals.entries, 0);
    assert.equal(state.memory.totalEvents, 0);
    assert.equal(state.sources.total, 0);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-empty.png'), fullPage: true });
    t.diagnostic(`screenshot: ${join(ARTIFACTS, 'dashboard-empty.png')}`);
  });

  it('raised no console errors and no CSP violations', () => {
    assert.deepEqual(problems, []);
  });
});
