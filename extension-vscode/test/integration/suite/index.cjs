// Runs inside VS Code's extension host (code-server), loaded through the workbench's extensionTestsPath.
// Each check uses the real API; results go to the console (the driver reads them) and the returned promise
// decides the exit code VS Code reports.
const vscode = require('vscode');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');
const { execFileSync } = require('node:child_process');

const EXT_ID = 'context-mode.context-mode-vscode';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(what, fn, ms = 30000) {
  const end = Date.now() + ms;
  let last;
  while (Date.now() < end) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ''}`);
}

const suite = require('./in-host-runner.cjs').inHostSuite();
const test = suite.test;
let api;

test("the installed .vsix activates and runs the engine it ships on the user's Node", async () => {
  const ext = vscode.extensions.getExtension(EXT_ID);
  assert.ok(ext, `${EXT_ID} is installed`);
  assert.equal(
    fs.existsSync(path.join(ext.extensionPath, 'src')),
    false,
    `the extension under test is the installed .vsix, not the source folder (${ext.extensionPath})`,
  );
  api = await ext.activate();
  await until('the engine to be located', () => api.engine.engine || api.engine.lastProblem);
  assert.equal(api.engine.lastProblem, undefined);
  const { engine, runtime, node } = api.engine.engine;
  assert.notEqual(engine.source, 'setting', 'the engine is the one the .vsix carries, not a path from a setting');
  // The driver sets context-mode.nodePath to a Node with node:sqlite when the machine has one; without it the
  // machine's Node 20 cannot open a store with the shipped engine and the editor's runtime serves instead.
  const userNode = process.env.CM_EXPECT_USER_NODE;
  if (userNode) assert.deepEqual({ runtime, node }, { runtime: 'user', node: userNode });
  else assert.equal(runtime, 'editor');
  // Module evaluation of the bundle, timed again in this host with a fresh require cache entry (it has no
  // top-level side effects), plus what activate() itself took.
  const bundle = require.resolve(require('node:path').join(ext.extensionPath, 'dist', 'extension.js'));
  delete require.cache[bundle];
  const t0 = performance.now();
  require(bundle);
  const loadMs = performance.now() - t0;
  console.log(
    `activation-cost ${JSON.stringify({ activateMs: Number(api.activationMs.toFixed(2)), bundleLoadMs: Number(loadMs.toFixed(2)) })}`,
  );
});

test('VS Code itself starts our MCP server from the provider and lists its tools', async () => {
  const home = process.env.CONTEXT_MODE_HOME;
  const runDir = path.join(home, 'run');
  // A running server's sentinel (mcp-<pid>.json), not the extension's on-demand registration beside it.
  const live = () => fs.existsSync(runDir) && fs.readdirSync(runDir).some((f) => /^mcp-\d+\.json$/.test(f));
  await until(
    'VS Code to start the context-mode server',
    async () => {
      await vscode.commands.executeCommand('workbench.mcp.startServer', '*', {
        waitForLiveTools: true,
        autoTrustChanges: true,
      });
      return live();
    },
    60000,
  );
  const tools = await until(
    'our tools in vscode.lm.tools',
    () => {
      const names = vscode.lm.tools.map((t) => t.name).filter((n) => /ctx_/.test(n));
      return names.length ? names : undefined;
    },
    30000,
  );
  console.log(`tools VS Code lists: ${tools.join(', ')}`);
  assert.ok(
    tools.some((n) => n === 'mcp_context-mode_ctx_execute'),
    'VS Code names the tool mcp_<label>_<tool>',
  );
});

test('every command runs', async () => {
  for (const id of [
    'context-mode.refresh',
    'context-mode.openDashboard',
    'context-mode.showLogs',
    'context-mode.runDoctor',
  ]) {
    await vscode.commands.executeCommand(id);
  }
  const all = await vscode.commands.getCommands(true);
  for (const id of ['setUpWorkspace', 'removeFromWorkspace', 'purgeSession', 'purgeProject'])
    assert.ok(all.includes(`context-mode.${id}`), id);
});

test("Set Up Workspace merges our hook file and instruction block into the team's files; Remove gives the bytes back", async () => {
  const ws = vscode.workspace.workspaceFolders[0].uri.fsPath;
  const instructions = path.join(ws, '.github', 'copilot-instructions.md');
  const original = fs.readFileSync(instructions, 'utf8');
  assert.equal(await vscode.commands.executeCommand('context-mode.setUpWorkspace', { confirmed: true }), true);
  const merged = fs.readFileSync(instructions, 'utf8');
  assert.ok(merged.startsWith(original.trimEnd()), 'the team content is kept');
  assert.match(merged, /<!-- context-mode:start -->[\s\S]*mcp_context-mode_ctx_search[\s\S]*<!-- context-mode:end -->/);
  const hooks = JSON.parse(fs.readFileSync(path.join(ws, '.github', 'hooks', 'context-mode.json'), 'utf8'));
  assert.equal(hooks.version, 1);
  assert.ok(hooks.hooks.preToolUse[0].bash.includes('ctxmode hook'));
  // The hook file calls the launcher setup wrote by its path: it runs the engine with no ctxmode on PATH.
  const launcher = path.join(os.homedir(), '.local', 'bin', 'ctxmode');
  assert.ok(fs.existsSync(launcher), `setup wrote ${launcher}`);
  const version = execFileSync('/bin/sh', ['-c', '"$HOME/.local/bin/ctxmode" --version'], {
    env: { HOME: os.homedir(), PATH: '/usr/bin:/bin' },
    encoding: 'utf8',
  });
  assert.equal(
    version.trim(),
    (await api.engine.ready()).engine.version.trim(),
    'the launcher runs the engine this window uses',
  );
  assert.doesNotMatch(
    JSON.stringify(hooks),
    new RegExp(ws.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    'no absolute paths in a committed file',
  );
  assert.equal(
    fs.existsSync(path.join(ws, '.vscode', 'mcp.json')),
    false,
    'the provider registers the server; no mcp.json beside it',
  );
  assert.equal(await vscode.commands.executeCommand('context-mode.removeFromWorkspace'), true);
  assert.equal(fs.readFileSync(instructions, 'utf8'), original);
  assert.equal(fs.existsSync(path.join(ws, '.github', 'hooks', 'context-mode.json')), false);
});

test('Purge Project and Purge Session run through the engine', async () => {
  assert.equal(await vscode.commands.executeCommand('context-mode.purgeProject', { confirmed: true }), true);
  // No session has been recorded in this window, so the engine says there is nothing to purge (shown to the user).
  assert.equal(
    typeof (await vscode.commands.executeCommand('context-mode.purgeSession', { confirmed: true })),
    'boolean',
  );
});

test('the dashboard view can be focused', async () => {
  await vscode.commands.executeCommand('context-mode.dashboard.focus');
});

exports.run = suite.run;
