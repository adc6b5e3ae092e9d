// TEST ONLY: runs inside VS Code's extension host. Lets VS Code start our MCP server, then sends one prompt to
// the real Copilot agent in agent mode with the scripted model selected, and waits for the answer. What reached
// the model is judged afterwards from the scripted model's request log (run-agent-e2e.mjs).
const vscode = require('vscode');
const fs = require('node:fs');
const path = require('node:path');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(what, fn, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    await sleep(300);
  }
  throw new Error(`timed out waiting for ${what}`);
}

exports.run = async function run() {
  // Agent mode asks before every tool call; the workbench's own test-mode key turns that off for this window.
  await vscode.commands.executeCommand('setContext', 'vscode.chat.tools.global.autoApprove.testMode', true);
  const ext = vscode.extensions.getExtension('context-mode.context-mode-vscode');
  if (!ext) throw new Error('the context-mode .vsix is not installed');
  const api = await ext.activate();
  await until('the engine', async () => api.engine.engine, 30000);
  console.log(`agent-e2e: engine ${api.engine.engine.engine.version} on ${api.engine.engine.node}`);

  const runDir = path.join(process.env.CONTEXT_MODE_HOME, 'run');
  await until(
    'VS Code to start the context-mode server',
    async () => {
      await vscode.commands.executeCommand('workbench.mcp.startServer', '*', {
        waitForLiveTools: true,
        autoTrustChanges: true,
      });
      // A running server's sentinel, not the extension's on-demand registration (on-demand-<pid>.json) beside it.
      return fs.existsSync(runDir) && fs.readdirSync(runDir).some((f) => /^mcp-\d+\.json$/.test(f));
    },
    60000,
  );
  await until('our tools', async () => vscode.lm.tools.some((t) => t.name === 'mcp_context-mode_ctx_execute'), 30000);
  // The extension offers setup on activation; with autoSetup "always" it writes the hook file through the engine.
  const hookFile = path.join(vscode.workspace.workspaceFolders[0].uri.fsPath, '.github', 'hooks', 'context-mode.json');
  await until('the extension to write the hook file', async () => fs.existsSync(hookFile), 60000);
  console.log(`agent-e2e: setup wrote ${path.relative(vscode.workspace.workspaceFolders[0].uri.fsPath, hookFile)}`);
  await sleep(1000);
  const models = await until(
    'the scripted model',
    async () => {
      const m = await vscode.lm.selectChatModels({ vendor: 'context-mode-test' });
      return m.length ? m : undefined;
    },
    30000,
  );
  console.log(`agent-e2e: model ${models[0].vendor}/${models[0].id}; sending the prompt`);
  const started = Date.now();
  await Promise.race([
    vscode.commands.executeCommand('workbench.action.chat.open', {
      query: process.env.CM_AGENT_PROMPT || 'Look at the project log and the page, then summarise.',
      mode: 'agent',
      modelSelector: { vendor: 'context-mode-test', id: 'scripted' },
      blockOnResponse: true,
    }),
    sleep(Number(process.env.CM_AGENT_TIMEOUT_MS || 240000)).then(() => {
      throw new Error('the agent did not finish in time');
    }),
  ]);
  // blockOnResponse returns when the chat request settles; a tool call still running in the terminal keeps the
  // agent loop going, so the scripted model's final request is what marks the end.
  const log = process.env.CM_AGENT_LOG;
  await until(
    'the scripted model to receive its final request',
    async () => fs.existsSync(log) && /"kind":"final"/.test(fs.readFileSync(log, 'utf8')),
    Number(process.env.CM_AGENT_TIMEOUT_MS || 240000),
  ).catch((e) => console.log(`agent-e2e: ${e.message}`));
  console.log(`agent-e2e: agent answered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // What a user sees: the status bar and the sidebar follow the engine's stores by themselves (the extension
  // watches the project's data folder, which did not exist when the window opened). Nothing here asks the
  // extension to refresh; this only waits for its live state to agree with the ledger, as a user would.
  const dir = vscode.workspace.workspaceFolders[0].uri.fsPath;
  // First what the sidebar shows by itself, before anything here runs `stats` (which folds pending redirect
  // estimates into the ledger): its figures must settle on what `stats --json` then reports.
  const figures = () =>
    JSON.stringify([api.dashboard.lastState?.stats?.session, api.dashboard.lastState?.stats?.projectTotals]);
  let shownBefore = figures();
  let stableSince = Date.now();
  const settleEnd = Date.now() + Number(process.env.CM_AGENT_LIVE_MS || 30000);
  while (Date.now() < settleEnd && !(api.dashboard.lastState?.stats?.session && Date.now() - stableSince >= 3000)) {
    await sleep(500);
    const now = figures();
    if (now !== shownBefore) {
      shownBefore = now;
      stableSince = Date.now();
    }
  }
  const beforeStats = api.dashboard.lastState?.stats ?? null;
  const firstStats = await api.engine.run(['stats', '--json', '--project', dir]);
  const read = async () => {
    const ledger = await api.engine.run(['stats', '--json', '--project', dir]);
    return {
      sidebar: api.dashboard.lastState ?? null,
      status: api.statusBar.text,
      ledger: ledger.ok ? ledger.value : null,
    };
  };
  // The same session and project figures as the ledger, once the project has recorded savings at all.
  const agree = (seen) => {
    const shown = seen.sidebar?.stats;
    const ledger = seen.ledger;
    return Boolean(
      shown?.session &&
      ledger?.session &&
      shown.session.id === ledger.session.id &&
      shown.session.netBytes === ledger.session.netBytes &&
      shown.session.savedBytes === ledger.session.savedBytes &&
      shown.projectTotals?.savedBytes === ledger.projectTotals?.savedBytes &&
      ledger.projectTotals?.savedBytes > 0,
    );
  };
  let seen = await read();
  const deadline = Date.now() + Number(process.env.CM_AGENT_LIVE_MS || 30000);
  while (!agree(seen) && Date.now() < deadline) {
    await sleep(1000);
    seen = await read();
  }
  console.log(`agent-e2e: status bar "${seen.status}" ${agree(seen) ? 'agrees with' : 'differs from'} the ledger`);
  // The managed install runs in the background after setup (npm, then a check that it starts) and then points the
  // hooks' launcher at itself; on a loaded machine that ends after the agent did (the hooks ran on the .vsix engine
  // meanwhile). The extension host ends with this suite, so stay until then, bounded.
  const managed = process.env.CM_AGENT_MANAGED_RUNTIME;
  const launcher = path.join(process.env.HOME, '.local', 'bin', 'ctxmode');
  if (managed)
    await until(
      'the managed install to take over the launcher',
      async () => fs.readFileSync(launcher, 'utf8').includes(managed),
      180000,
    ).catch((e) => console.log(`agent-e2e: ${e.message}`));
  fs.writeFileSync(
    path.join(process.env.CONTEXT_MODE_HOME, 'sidebar-state.json'),
    JSON.stringify({ ...seen, beforeStats, firstStats: firstStats.ok ? firstStats.value : null }),
  );
};
