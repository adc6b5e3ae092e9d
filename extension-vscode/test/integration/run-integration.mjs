// The VS Code stage: builds the extension, starts a real VS Code (code-server) with it as the development
// extension, runs the in-host suite, then checks the sidebar in the real workbench with Chromium.
// Prints `N passed, N failed` last. Needs scripts/setup-vscode-test.sh to have filled the cache.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installed, launchBrowser, startCodeServer, workbenchUrl } from './code-server.mjs';
import { sidebarUi } from './sidebar-ui.mjs';

const extDir = fileURLToPath(new URL('../..', import.meta.url));
const STAGE_TIMEOUT_MS = Number(process.env.VSCODE_TEST_TIMEOUT_MS || 240_000);
let passed = 0;
let failed = 0;

async function inHostSuite() {
  const dataHome = mkdtempSync(join(tmpdir(), 'cm-home-'));
  const project = mkdtempSync(join(tmpdir(), 'cm-ws-'));
  execFileSync('git', ['init', '-q', project]);
  mkdirSync(join(project, '.github'));
  writeFileSync(
    join(project, '.github/copilot-instructions.md'),
    '# Team rules\n\n- Use pnpm, never npm.\n- Tests live next to the code.\n',
  );
  const server = await startCodeServer({
    workspace: project,
    // HOME: setup writes the hooks' launcher to ~/.local/bin; a test home keeps it off the machine's.
    env: { CONTEXT_MODE_HOME: dataHome, HOME: join(dataHome, 'user-home') },
    settings: { 'context-mode.autoSetup': 'never' },
  });
  const browser = await launchBrowser(server.root);
  let hostPassed = 0;
  let hostFailed = 0;
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    let finish;
    const exited = new Promise((r) => (finish = r));
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      const line = (args ?? []).map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
      const m = /in-host: (\d+) passed, (\d+) failed/.exec(line);
      if (m) [hostPassed, hostFailed] = [Number(m[1]), Number(m[2])];
      if (/^(ok|not ok) - |activation-cost|tools VS Code lists/.test(line)) console.log(line);
      else if (type === 'error' && process.env.VSCODE_TEST_VERBOSE) console.error(line);
    });
    await page.exposeFunction('codeAutomationExit', (code) => finish(code));
    await page.goto(workbenchUrl(server, extDir, join(extDir, 'test/integration/suite/index.cjs')));
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), STAGE_TIMEOUT_MS))]);
    if (code !== 0 && hostFailed === 0) {
      hostFailed = 1;
      console.log(`not ok - the in-host suite did not finish (exit ${code}); code-server log: ${server.logFile}`);
    }
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
    rmSync(dataHome, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  }
  passed += hostPassed;
  failed += hostFailed;
}

/** The .vsix a user installs: the bundle, the engine and its package, nothing native, no sources or tests. */
function checkVsix() {
  const out = join(mkdtempSync(join(tmpdir(), 'cm-vsix-')), 'context-mode.vsix');
  execFileSync(process.execPath, [join(extDir, 'scripts/package-vsix.mjs'), out], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const list = execFileSync('unzip', ['-Z1', out], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const has = (re) => list.some((f) => re.test(f));
  const problems = [
    !has(/^extension\/dist\/extension\.js$/) && 'no dist/extension.js',
    !has(/^extension\/dist\/uninstall\.js$/) && 'no dist/uninstall.js (the vscode:uninstall hook)',
    !has(/^extension\/engine\/bin\/context-mode\.cjs$/) && 'no engine CLI',
    !has(/^extension\/engine\/package\.json$/) && 'no engine package to install as the managed runtime',
    has(/\.tgz$/) && 'the engine a second time, as a tarball',
    !has(/^extension\/engine\/dist\/dashboard\/dashboard\.js$/) && 'no dashboard',
    has(/\.node$/) && 'a native addon',
    has(/node_modules\//) && 'node_modules',
    has(/^extension\/(src|test)\//) && 'sources or tests',
  ].filter(Boolean);
  rmSync(join(out, '..'), { recursive: true, force: true });
  console.log(
    `${problems.length ? 'not ok' : 'ok'} - the .vsix carries the bundle and the engine, nothing native or test-only${problems.length ? ` (${problems.join(', ')})` : ''} (${list.length} files)`,
  );
  if (problems.length) failed++;
  else passed++;
}

try {
  checkVsix();
  if (!installed())
    throw new Error('code-server or chromium missing: run extension-vscode/scripts/setup-vscode-test.sh');
  execFileSync(process.execPath, [join(extDir, 'scripts/build-extension.mjs')], { stdio: 'inherit' });
  await inHostSuite();
  for (const c of await sidebarUi({
    extDir,
    repo: join(extDir, '..'),
    artifacts: join(extDir, '..', 'artifacts', 'vscode'),
  })) {
    console.log(`${c.ok ? 'ok' : 'not ok'} - ${c.name}${c.detail ? ` (${c.detail})` : ''}`);
    if (c.ok) passed++;
    else failed++;
  }
} catch (e) {
  console.error(e);
  failed++;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
