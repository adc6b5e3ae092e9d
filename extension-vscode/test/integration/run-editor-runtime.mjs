// The .vsix as a user installs it, on machines whose Node cannot serve the engine: a Node 20 with no SQLite driver
// (the .vsix carries no native addon) and no Node at all (the machine's `node` hidden by a bind mount in a private
// mount namespace). In both the extension must run the engine on the editor's own runtime and the hooks must work.
// The .vsix: the one the stage packed (vsix-under-test.mjs). Prints `N passed, N failed`.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installed, launchBrowser, NODE24, startCodeServer, workbenchUrl } from './code-server.mjs';
import { noopDevExtension, vsixUnderTest } from '../vsix-under-test.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const SCENARIO_TIMEOUT_MS = 240_000;

/** One scenario in this process: code-server with the .vsix installed, the in-host suite, its counts. */
async function runScenario(name, vsix) {
  const root = mkdtempSync(join(tmpdir(), 'cm-rt-'));
  const home = join(root, 'home');
  const dataHome = join(root, 'cm');
  const project = join(root, 'project');
  const devExt = noopDevExtension(join(root, 'noop-ext'));
  mkdirSync(home, { recursive: true });
  execFileSync('git', ['init', '-q', project]);
  const server = await startCodeServer({
    workspace: project,
    install: [vsix],
    env: { HOME: home, SHELL: '/bin/sh', CONTEXT_MODE_HOME: dataHome, CM_RUNTIME_SCENARIO: name },
    settings: { 'context-mode.autoSetup': 'always' },
  });
  const browser = await launchBrowser(server.root);
  let counts = [0, 1];
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    let finish;
    const exited = new Promise((r) => (finish = r));
    await page.exposeFunction('codeAutomationLog', (_type, args) => {
      const line = (args ?? []).map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
      const m = /in-host: (\d+) passed, (\d+) failed/.exec(line);
      if (m) counts = [Number(m[1]), Number(m[2])];
      if (/^(ok|not ok) - /.test(line)) console.log(line.split('\n')[0]);
    });
    await page.exposeFunction('codeAutomationExit', (code) => finish(code));
    await page.goto(workbenchUrl(server, devExt, join(here, 'suite', 'editor-runtime.cjs')));
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), SCENARIO_TIMEOUT_MS))]);
    if (code !== 0 && counts[1] === 0) {
      counts = [counts[0], 1];
      console.log(`not ok - ${name}: the in-host suite did not finish (exit ${code}); log: ${server.logFile}`);
    }
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
  return counts;
}

const scenarioArg = process.argv.indexOf('--scenario');
if (scenarioArg > 0) {
  // Child mode (inside the mount namespace): one scenario, its counts as the last line.
  const [p, f] = await runScenario(process.argv[scenarioArg + 1], process.env.CONTEXT_MODE_VSIX);
  console.log(`${p} passed, ${f} failed`);
  process.exit(0);
}

let passed = 0;
let failed = 0;
let under;
try {
  if (!installed())
    throw new Error('code-server or chromium missing: run extension-vscode/scripts/setup-vscode-test.sh');
  under = vsixUnderTest();
  const vsix = under.vsix;
  console.log(`# .vsix under test: ${vsix} (${under.origin})`);
  const [p1, f1] = await runScenario('Node 20 without a SQLite driver', vsix);
  passed += p1;
  failed += f1;
  // No Node at all: the machine's node is made unrunnable for this scenario only (a bind mount of /dev/null in
  // a private mount namespace); the driver itself runs on code-server's Node 24.
  const hide = ['/usr/bin/node', '/usr/local/bin/node']
    .filter((p) => spawnSync('test', ['-e', p]).status === 0)
    .map((p) => `mount --bind /dev/null ${p}`)
    .join(' && ');
  const script = fileURLToPath(import.meta.url);
  const r = spawnSync(
    'unshare',
    ['-m', 'sh', '-c', `${hide} && exec "$0" --import tsx "$1" --scenario "no Node on the machine"`, NODE24, script],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, CONTEXT_MODE_VSIX: vsix },
      timeout: SCENARIO_TIMEOUT_MS + 60_000,
    },
  );
  const lines = (r.stdout ?? '').trimEnd().split('\n');
  const m = /(\d+) passed, (\d+) failed$/.exec(lines.at(-1) ?? '');
  process.stdout.write(lines.slice(0, m ? -1 : undefined).join('\n') + '\n');
  if (m) {
    passed += Number(m[1]);
    failed += Number(m[2]);
  } else {
    failed++;
    console.log(`not ok - no Node on the machine: the scenario did not report (exit ${r.status}, ${r.signal ?? ''})`);
  }
} catch (e) {
  console.error(e);
  failed++;
} finally {
  under?.cleanup();
}
console.log(`${passed} passed, ${failed} failed`);
