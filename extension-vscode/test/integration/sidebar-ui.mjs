// The sidebar of the installed .vsix in a real VS Code (code-server) driven by Chromium: the dashboard webview
// shows the engine's numbers for a seeded project, the status bar shows the session's net savings, and Purge
// Project in the webview empties both through the engine. Returns the checks it ran; saves a screenshot of the window
// into artifacts/ (UPDATE_SCREENSHOTS=1 also copies it over the README's media/screenshot-sidebar.png).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, startCodeServer, workbenchUrl } from './code-server.mjs';

function cli(repo, env, args) {
  return JSON.parse(
    execFileSync(process.execPath, [join(repo, 'server/bin/context-mode.cjs'), ...args, '--json'], {
      env,
      encoding: 'utf8',
    }),
  );
}

/** `vsix`: the extension as a user installs it; `settings`: extra user settings (e.g. context-mode.nodePath). */
export async function sidebarUi({ extDir, repo, artifacts, vsix, settings = {} }) {
  const seed = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', join(repo, 'server/test/dashboard/seed-cli.ts')], {
      cwd: repo,
      encoding: 'utf8',
    }),
  );
  const env = { ...process.env, CONTEXT_MODE_HOME: seed.dataHome };
  // The engine's one byte formatter, which the page and the status bar use too (this file runs under tsx).
  const { formatBytes: fmt } = await import(join(repo, 'shared/src/ledger/format-stats.ts'));
  const { errorMessage } = await import(join(repo, 'shared/src/errors/error-message.ts'));
  const { statusText } = await import(join(extDir, 'src/view/status-text.ts'));
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok: Boolean(ok), detail });
  const server = await startCodeServer({
    workspace: seed.project,
    install: [vsix],
    env: { CONTEXT_MODE_HOME: seed.dataHome },
    settings: { 'context-mode.autoSetup': 'never', ...settings },
  });
  const browser = await launchBrowser(server.root);
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(workbenchUrl(server));
    await page.locator('.activitybar [aria-label^="context-mode"]').first().click({ timeout: 90_000 });
    const view = page.frameLocator('iframe.webview').frameLocator('#active-frame');
    // The seeded conversations happened before this window opened: none of them is "this session" here.
    const before = cli(repo, env, ['stats', '--project', seed.project]);
    const savedBefore = await view.locator('[data-figure="Project:saved"]').textContent({ timeout: 60_000 });
    const sessionShown = await view.locator('[data-figure="Session:net"]').count();
    check(
      'a window opened after the last conversation shows none as this session, and the project figures stats --json reports',
      sessionShown === 0 && savedBefore === fmt(before.projectTotals.savedBytes),
      `session figures shown: ${sessionShown}; project saved ${savedBefore} vs ${fmt(before.projectTotals.savedBytes)}`,
    );
    // A conversation starts in this window: Copilot's session-start hook books our routing block to it.
    execFileSync(
      process.execPath,
      [join(repo, 'server/bin/context-mode.cjs'), 'hook', 'vscode-copilot', 'sessionstart'],
      {
        env,
        input: JSON.stringify({
          hook_event_name: 'SessionStart',
          session_id: 'sidebar-window-session',
          cwd: seed.project,
          source: 'new',
        }),
        stdio: ['pipe', 'ignore', 'inherit'],
      },
    );
    const net = await view.locator('[data-figure="Session:net"]').textContent({ timeout: 60_000 });
    const stats = cli(repo, env, ['stats', '--project', seed.project]);
    const projectSaved = await view.locator('[data-figure="Project:saved"]').textContent();
    check(
      'the sidebar shows the numbers ctxmode stats --json reports',
      net?.replace(' net', '') === fmt(stats.session.netBytes) && projectSaved === fmt(stats.projectTotals.savedBytes),
      `session net ${net} vs ${fmt(stats.session.netBytes)}, project saved ${projectSaved} vs ${fmt(stats.projectTotals.savedBytes)}`,
    );
    // The words the extension puts around the figure ("saved", or "net cost" while our own context outweighs it).
    const want = statusText({ netBytes: stats.session.netBytes }, undefined).text.replace('$(archive) ', '');
    const status = page.locator('.statusbar-item', { hasText: want }).first();
    const shown = await status.textContent({ timeout: 30_000 }).catch(() => '');
    check('the status bar shows the session net savings', shown?.includes(want), `${shown} vs ${want}`);
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, 'vscode-sidebar.png') });
    // The README's screenshot is tracked: a test run only replaces it when asked to.
    if (process.env.UPDATE_SCREENSHOTS === '1')
      copyFileSync(join(artifacts, 'vscode-sidebar.png'), join(extDir, 'media', 'screenshot-sidebar.png'));
    await view.getByRole('button', { name: 'Purge project…' }).click();
    await view.getByRole('dialog').getByRole('button', { name: 'Purge project' }).click();
    await view.getByText('No savings yet').waitFor({ timeout: 30_000 });
    const after = cli(repo, env, ['stats', '--project', seed.project]);
    check(
      'Purge Project in the sidebar empties the ledger through the engine',
      after.projectTotals.entries === 0,
      `${after.projectTotals.entries} ledger rows left`,
    );
    const statusAfter = await page
      .locator('.statusbar-item', { hasText: 'context-mode' })
      .first()
      .textContent({ timeout: 15_000 })
      .catch(() => '');
    check(
      'the status bar follows the purge',
      !/ saved/.test(statusAfter ?? '') || statusAfter?.includes('0 B'),
      statusAfter,
    );
  } catch (err) {
    check('the sidebar test ran', false, errorMessage(err).split('\n')[0]);
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
    rmSync(seed.root, { recursive: true, force: true });
  }
  return checks;
}
