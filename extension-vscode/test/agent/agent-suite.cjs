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
  await until('VS Code to start the context-mode server', async () => {
    await vscode.commands.executeCommand('workbench.mcp.startServer', '*', { waitForLiveTools: true, autoTrustChanges: true });
    return fs.existsSync(runDir) && fs.readdirSync(runDir).length > 0;
  }, 60000);
  await until('our tools', async () => vscode.lm.tools.some((t) => t.name === 'mcp_context-mode_ctx_execute'), 30000);
  // The extension offers setup on activation; with autoSetup "always" it writes the hook file through the engine.
  const hookFile = path.join(vscode.workspace.workspaceFolders[0].uri.fsPath, '.github', 'hooks', 'context-mode.json');
  await until('the extension to write the hook file', async () => fs.existsSync(hookFile), 60000);
  console.log(`agent-e2e: setup wrote ${path.relative(vscode.workspace.workspaceFolders[0].uri.fsPath, hookFile)}`);
  await sleep(1000);
  const models = await until('the scripted model', async () => {
    const m = await vscode.lm.selectChatModels({ vendor: 'context-mode-test' });
    return m.length ? m : undefined;
  }, 30000);
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
  await until('the scripted model to receive its final request', async () => fs.existsSync(log) && /"kind":"final"/.test(fs.readFileSync(log, 'utf8')), Number(process.env.CM_AGENT_TIMEOUT_MS || 240000)).catch((e) => console.log(`agent-e2e: ${e.message}`));
  console.log(`agent-e2e: agent answered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Give the post-tool and stop hooks a moment to write what they record, then read what the sidebar and the
  // status bar show (the extension's state from the engine) for the driver to compare with the ledger.
  // The hooks and the server write their last rows a moment after the answer; wait until two reads agree.
  let state = await api.dashboard.refresh();
  for (let i = 0; i < 15; i++) {
    await sleep(1000);
    const next = await api.dashboard.refresh();
    const same = JSON.stringify(next?.stats?.session) === JSON.stringify(state?.stats?.session);
    state = next;
    if (same) break;
  }
  // What the ledger says for the same session at the same moment (the server may add rows when it exits).
  const id = state?.stats?.session?.id;
  const ledger = id ? await api.engine.run(['stats', '--json', '--session', id, '--project', vscode.workspace.workspaceFolders[0].uri.fsPath]) : undefined;
  fs.writeFileSync(path.join(process.env.CONTEXT_MODE_HOME, 'sidebar-state.json'), JSON.stringify({ sidebar: state ?? null, ledger: ledger?.ok ? ledger.value : null }));
};
