// Runs inside VS Code's extension host (code-server) with the .vsix installed, when the user's Node cannot serve:
// none at all, or a Node 20 whose engine copy has no SQLite driver. The extension must run the engine on the
// editor's own runtime (here code-server's Node 24; Electron's Node on desktop) and everything must still work:
// the MCP server, the CLI, and the hooks through the launcher the hook file calls by its path.
const vscode = require('vscode');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawn } = require('node:child_process');

const EXT_ID = 'context-mode.context-mode-vscode';
const scenario = process.env.CM_RUNTIME_SCENARIO || '?';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(what, fn, ms = 60000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn();
    if (v) return v;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** initialize + tools/list against the server VS Code would spawn, exactly as defined (command, args, env). */
function listTools(def) {
  return new Promise((resolve, reject) => {
    const child = spawn(def.command, def.args, {
      cwd: def.cwd ? def.cwd.fsPath : undefined,
      env: { ...process.env, ...def.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no tools/list answer in 30 s; stderr: ${err.slice(-500)}`));
    }, 30000);
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => {
      out += d;
      for (const line of out.split('\n')) {
        try {
          const m = JSON.parse(line);
          if (m.id === 2) {
            clearTimeout(timer);
            child.stdin.end();
            child.kill('SIGTERM');
            resolve(m.result.tools.map((t) => t.name));
          }
        } catch {}
      }
    });
    const send = (m) => child.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n');
    send({
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'Visual Studio Code', version: '1.139.1' },
      },
    });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/list', params: {} });
  });
}

const suite = require('./in-host-runner.cjs').inHostSuite();
const test = (name, fn) => suite.test(`${scenario}: ${name}`, fn);
let api;

test("the engine runs on the editor's runtime (its Node has node:sqlite)", async () => {
  if (scenario.startsWith('no Node'))
    assert.throws(() => execFileSync('/usr/bin/node', ['--version']), 'the machine Node is hidden in this scenario');
  else assert.match(execFileSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }), /^v20\./);
  api = await vscode.extensions.getExtension(EXT_ID).activate();
  await until('the engine to start', () => api.engine.engine || api.engine.lastProblem);
  assert.equal(api.engine.lastProblem, undefined);
  const info = api.engine.engine;
  assert.equal(info.runtime, 'editor');
  assert.equal(info.node, process.execPath);
  assert.deepEqual(info.nodeEnv, { ELECTRON_RUN_AS_NODE: '1' });
  assert.equal(info.driver, 'node:sqlite');
  assert.match(info.engine.source, /bundled|managed/);
});

test('the MCP server VS Code is given starts on that runtime and lists its tools', async () => {
  const [def] = api.engine.serverDefinitions();
  assert.equal(def.command, process.execPath);
  assert.equal(def.env.ELECTRON_RUN_AS_NODE, '1');
  const tools = await listTools(def);
  assert.ok(tools.includes('ctx_search') && tools.includes('ctx_execute'), tools.join(','));
});

test('setup wrote the hook file and the launcher; the launcher opens the store (index, then search finds it)', async () => {
  const ws = vscode.workspace.workspaceFolders[0].uri.fsPath;
  const hookFile = path.join(ws, '.github', 'hooks', 'context-mode.json');
  await until('the hook file', () => fs.existsSync(hookFile));
  const launcher = path.join(os.homedir(), '.local', 'bin', 'ctxmode');
  await until('the launcher', () => fs.existsSync(launcher));
  const doc = path.join(ws, 'notes.md');
  fs.writeFileSync(doc, '# Runtime\n\nThe zebracorn deploy key rotates every Tuesday.\n');
  const env = { HOME: os.homedir(), PATH: '/usr/bin:/bin', CONTEXT_MODE_HOME: process.env.CONTEXT_MODE_HOME };
  const sh = (cmd) => execFileSync('/bin/sh', ['-c', cmd], { cwd: ws, env, encoding: 'utf8', timeout: 30000 });
  sh(`"$HOME/.local/bin/ctxmode" index notes.md --json`);
  const found = sh(`"$HOME/.local/bin/ctxmode" search zebracorn --json`);
  assert.match(found, /zebracorn/);
});

test('a hook from the hook file, as VS Code runs it (sh -c, no node on PATH), redirects a network fetch', async () => {
  const ws = vscode.workspace.workspaceFolders[0].uri.fsPath;
  const hooks = JSON.parse(fs.readFileSync(path.join(ws, '.github', 'hooks', 'context-mode.json'), 'utf8'));
  const command = hooks.hooks.preToolUse[0].bash;
  const payload = JSON.stringify({
    hook_event_name: 'PreToolUse',
    session_id: 'runtime-scenario',
    cwd: ws,
    tool_name: 'run_in_terminal',
    tool_input: { command: 'curl -s https://example.com/big.json' },
  });
  const out = execFileSync('/bin/sh', ['-c', command], {
    cwd: ws,
    input: payload,
    env: { HOME: os.homedir(), PATH: '/usr/bin:/bin', CONTEXT_MODE_HOME: process.env.CONTEXT_MODE_HOME },
    encoding: 'utf8',
    timeout: 30000,
  });
  const answer = JSON.parse(out);
  assert.ok(['deny', 'allow'].includes(answer.hookSpecificOutput?.permissionDecision), out);
  assert.match(out, /ctx_fetch_and_index/);
});

exports.run = suite.run;
