// OpenCode 1.18.33, run for real against the scripted fake model (its bundled Anthropic provider, Messages API):
// our in-process plugin and MCP server wired in by nothing but `ctxmode setup --host opencode`, then removed by
// `ctxmode uninstall`; a baseline run without context-mode gives the bytes a user would otherwise get.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeModel, type FakeModel } from './fake-model/server.js';
import type { ConversationView, SeenToolResult } from './fake-model/types.js';
import { ensureHost, OPENCODE } from './install-host.js';
import { ctxmode } from './installed-package.js';
import { makeSandbox, type Sandbox } from './isolate.js';
import { pluginTimings, runOpenCode, userConfigPath, writeUserConfig } from './opencode/run-opencode.js';
import { bytes, finalToolResults, writeHostReport } from './report.js';
import type { HostRun } from './run-host.js';
import { describedShellSteps, ERROR_MARKER, stepScript, writeLargeFile, type Step } from './scenario.js';

/** OpenCode names MCP tools `<server>_<tool>`. */
const MCP = 'context-mode_';
const SHELL = 'bash';
const V = `opencode ${OPENCODE.version}`;

function steps(bigFile: string): Step[] {
  return describedShellSteps({
    shell: SHELL,
    mcpTool: (tool) => `${MCP}${tool}`,
    read: { scenario: 'large-read', name: 'read', input: { filePath: bigFile } },
  });
}
const NAMES = ['network-fetch', 'bounded-command', 'own-mcp-tool', 'large-read', 'large-output'];
const BASELINE_SCENARIOS = ['network-fetch', 'bounded-command', 'large-read', 'large-output'];

interface World {
  sb: Sandbox;
  model: FakeModel;
  run: HostRun;
  results: SeenToolResult[];
  userConfig: string;
}

let bin = '';
let wired: World;
let baseline: World;
const isMain = (tools: string[]) => tools.includes(SHELL);

function detail(run: HostRun): string {
  return `${V}: exit ${run.code}${run.timedOut ? ' (timed out)' : ''}; stderr: ${run.stderr.slice(-600)}`;
}

async function session(withContextMode: boolean): Promise<World> {
  const sb = makeSandbox(withContextMode ? 'opencode' : 'opencode-base');
  const big = writeLargeFile(sb.project);
  const scenario = steps(big.path).filter((s) => withContextMode || !s.name.startsWith(MCP));
  const model = await startFakeModel(stepScript(scenario, { isMain }));
  const userConfig = writeUserConfig(sb, model);
  if (withContextMode) ctxmode(sb, ['setup', '--host', 'opencode', '--project', sb.project]);
  const run = await runOpenCode(bin, sb, 'Run the scripted scenario.');
  assert.equal(run.timedOut, false, detail(run));
  assert.equal(run.code, 0, detail(run));
  const results = finalToolResults(model.requests);
  assert.equal(
    results.length,
    scenario.length,
    `${V}: expected ${scenario.length} tool results to reach the model, got ${results.length}`,
  );
  return { sb, model, run, results, userConfig };
}

before(async () => {
  bin = await ensureHost(OPENCODE);
  wired = await session(true);
  baseline = await session(false);
});

after(async () => {
  for (const w of [wired, baseline]) {
    if (!w) continue;
    await w.model.close();
    w.sb.cleanup();
  }
});

function result(w: World, i: number): SeenToolResult {
  const r = w.results[i];
  assert.ok(r, `${V}: tool result ${i} missing`);
  return r;
}

/** The last failure our plugin logged inside OpenCode (it never fails the host, so this is where to look). */
function pluginError(sb: Sandbox): string {
  const f = join(sb.cmHome, 'logs', 'hook-errors.log');
  if (!existsSync(f)) return 'no hook error logged';
  const lines = readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('['));
  return lines.at(-1) ?? 'no hook error logged';
}

function mainRequests(model: FakeModel, from = 0): ConversationView[] {
  return model.requests.slice(from).flatMap((q) => (q.view && isMain(q.view.tools) ? [q.view] : []));
}

test('setup wrote the plugin beside the user config and merged the MCP server into it', () => {
  assert.ok(existsSync(join(wired.sb.home, '.config', 'opencode', 'plugins', 'context-mode.ts')), 'plugin file');
  const cfg = readFileSync(userConfigPath(wired.sb), 'utf8');
  assert.match(cfg, /\/\/ the model this user runs/, 'the user comment is kept');
  assert.match(cfg, /"context-mode"/);
});

test('network fetch to stdout: the plugin rewrites curl into our redirect, naming the MCP tool as OpenCode names it', () => {
  const r = result(wired, 0);
  assert.match(r.text, /context-mode: `curl -s https:\/\/example\.com\/` redirected/, `${V}: ${r.text.slice(0, 300)}`);
  assert.ok(r.text.includes(`${MCP}ctx_fetch_and_index`), `${V}: redirect names ${MCP}ctx_fetch_and_index`);
  assert.doesNotMatch(r.text, /mcp__context-mode__/);
});

test('bounded command: git status reaches the model unchanged', () => {
  assert.match(result(wired, 1).text, /\?\? build\.log/);
  assert.doesNotMatch(result(wired, 1).text, /context-mode/);
});

test('own MCP tool call: our tools are offered as context-mode_ctx_* and ctx_execute runs', () => {
  const tools = mainRequests(wired.model)[0]?.tools ?? [];
  assert.ok(tools.includes(`${MCP}ctx_execute`), `${V}: tools offered ${tools.join(', ')}`);
  assert.match(result(wired, 2).text, /hello-from-sandbox/);
});

test('the instruction block reaches the model (AGENTS.md), naming tools as OpenCode names them', () => {
  const all = (mainRequests(wired.model)[0]?.texts ?? []).join('\n');
  assert.ok(all.includes(`${MCP}ctx_fetch_and_index`), `${V}: no context-mode instructions in what the model read`);
});

test('large file read: what reaches the model is ≤ 4 KB and keeps the error line', () => {
  const r = result(wired, 3);
  assert.ok(
    bytes(r.text) <= 4096,
    `${V}: read result reaching the model is ${bytes(r.text)} bytes (without us ${bytes(result(baseline, 2).text)}); plugin: ${pluginError(wired.sb)}`,
  );
  assert.ok(r.text.includes(ERROR_MARKER), 'the digest keeps the error line');
});

test('large command output: what reaches the model is ≤ 4 KB and keeps the error line', () => {
  const r = result(wired, 4);
  assert.ok(
    bytes(r.text) <= 4096,
    `${V}: bash result reaching the model is ${bytes(r.text)} bytes (without us ${bytes(result(baseline, 3).text)}); plugin: ${pluginError(wired.sb)}`,
  );
  assert.ok(r.text.includes(ERROR_MARKER), 'the digest keeps the error line');
});

test('stats --json books no more than the model was really spared', () => {
  const t = (JSON.parse(ctxmode(wired.sb, ['stats', '--json'])) as { projectTotals: { savedBytes: number } })
    .projectTotals;
  const received = bytes(result(wired, 3).text) + bytes(result(wired, 4).text);
  const without = bytes(result(baseline, 2).text) + bytes(result(baseline, 3).text);
  assert.ok(
    t.savedBytes <= Math.max(0, without - received),
    `${V}: saved ${t.savedBytes} > baseline ${without} − received ${received}: ${JSON.stringify(t)}`,
  );
});

/** The routing block our session-start handler injects (shared/src/instructions/routing-template.ts). */
const ROUTING_BLOCK = /<context_mode>[\s\S]*?<\/context_mode>/;

test('session start: the routing block reaches every agent request, not the title request, and is booked once', () => {
  const agent = mainRequests(wired.model);
  const title = wired.model.requests.flatMap((q) =>
    q.view && !isMain(q.view.tools) && q.view.texts.some((t) => t.includes('Generate a title')) ? [q.view] : [],
  );
  assert.ok(title.length > 0, `${V}: OpenCode sent no title request`);
  for (const t of title)
    assert.doesNotMatch(t.texts.join('\n'), ROUTING_BLOCK, `${V}: the routing block went to the title request`);
  const blocks = agent.map((v) => v.texts.join('\n').match(ROUTING_BLOCK)?.[0]);
  assert.ok(agent.length >= NAMES.length, `${V}: ${agent.length} agent requests`);
  blocks.forEach((b, i) => assert.ok(b, `${V}: agent request ${i + 1} of ${agent.length} carries no routing block`));
  const stats = JSON.parse(ctxmode(wired.sb, ['stats', '--json'])) as {
    tools: { tool: string; calls: number; ownCostBytes: number }[];
  };
  const row = stats.tools.find((t) => t.tool === 'routing-block');
  assert.equal(row?.calls, 1, `${V}: routing block booked ${row?.calls ?? 0} times`);
  assert.equal(row?.ownCostBytes, bytes(blocks[0]!), `${V}: booked bytes vs the block the agent got`);
});

test('uninstall: the user config comes back byte for byte and OpenCode runs with no trace of context-mode', async () => {
  ctxmode(wired.sb, ['uninstall', '--host', 'opencode', '--project', wired.sb.project]);
  assert.equal(readFileSync(userConfigPath(wired.sb), 'utf8'), wired.userConfig, `${V}: opencode.json after uninstall`);
  assert.ok(
    !existsSync(join(wired.sb.home, '.config', 'opencode', 'plugins', 'context-mode.ts')),
    'plugin file removed',
  );
  const from = wired.model.requests.length;
  const r = await runOpenCode(bin, wired.sb, 'One more time.');
  assert.equal(r.code, 0, detail(r));
  const first = mainRequests(wired.model, from)[0];
  assert.ok(first, `${V}: OpenCode reached the model`);
  assert.ok(!first.tools.some((t) => t.startsWith(MCP)), `${V}: our tools still offered`);
});

test('report: bytes with and without context-mode, plugin wall time per hook', () => {
  const withCm: Record<string, number> = {};
  NAMES.forEach((n, i) => (withCm[n] = bytes(result(wired, i).text)));
  const without: Record<string, number> = {};
  BASELINE_SCENARIOS.forEach((n, i) => (without[n] = bytes(result(baseline, i).text)));
  // Our plugin runs inside OpenCode, so its time is measured by the plugin itself (bus events that we ignore
  // return at once and are left out).
  const all = pluginTimings(wired.sb);
  const hookWallMs = Object.fromEntries(
    Object.entries(all).filter(([hook]) => !hook.startsWith('event:') || /session\.(created|idle)$/.test(hook)),
  );
  for (const hook of ['tool.execute.before', 'tool.execute.after', 'chat.message'])
    assert.ok(hookWallMs[hook], `${V}: no timing of our ${hook} hook: ${JSON.stringify(all)}`);
  const ledger = (JSON.parse(ctxmode(wired.sb, ['stats', '--json'])) as { projectTotals: unknown }).projectTotals;
  assert.ok(
    writeHostReport('opencode', {
      version: OPENCODE.version,
      toolResultBytesToModel: { withContextMode: withCm, withoutContextMode: without },
      hookWallMs,
      ledger,
    }),
  );
});
