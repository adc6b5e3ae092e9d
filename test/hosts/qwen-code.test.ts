// Qwen Code 0.24.4 (on Node 22), run for real against the scripted fake model (OpenAI Chat Completions): wired in
// by nothing but what `ctxmode setup --host qwen-code` merged into the user's settings.json, then removed by
// `ctxmode uninstall`; a baseline run without context-mode gives the bytes a user would otherwise get.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeModel, type FakeModel } from './fake-model/server.js';
import type { ConversationView, SeenToolResult } from './fake-model/types.js';
import { hookTimingsFromLog } from './gemini-cli/run-gemini.js';
import { ensureHost, QWEN_CODE } from './install-host.js';
import { ctxmode } from './installed-package.js';
import { makeSandbox, type Sandbox } from './isolate.js';
import { ensureNode22 } from './node22.js';
import { debugLogPaths, runQwen, USER_SETTINGS, userSettingsPath, writeUserSettings } from './qwen-code/run-qwen.js';
import { bytes, finalToolResults, writeHostReport } from './report.js';
import type { HostRun } from './run-host.js';
import { ERROR_MARKER, LARGE_OUTPUT_COMMAND, stepScript, writeLargeFile, type Step } from './scenario.js';

/** Qwen names MCP tools as Claude Code does; 0.24 offers them through `tool_search` but runs a call by name. */
const MCP = 'mcp__context-mode__';
const SHELL = 'run_shell_command';
const V = `qwen-code ${QWEN_CODE.version}`;
const PROMPT = 'Run the scripted scenario.';

function steps(bigFile: string): Step[] {
  return [
    { scenario: 'network-fetch', name: SHELL, input: { command: 'curl -s https://example.com/' } },
    { scenario: 'bounded-command', name: SHELL, input: { command: 'git status --short' } },
    {
      scenario: 'own-mcp-tool',
      name: `${MCP}ctx_execute`,
      input: { language: 'shell', code: 'echo hello-from-sandbox' },
    },
    // read_file's schema in 0.24.4 requires `file_path`.
    { scenario: 'large-read', name: 'read_file', input: { file_path: bigFile } },
    { scenario: 'large-output', name: SHELL, input: { command: LARGE_OUTPUT_COMMAND } },
  ];
}
const NAMES = ['network-fetch', 'bounded-command', 'own-mcp-tool', 'large-read', 'large-output'];
const BASELINE_SCENARIOS = ['network-fetch', 'bounded-command', 'large-read', 'large-output'];

interface World {
  sb: Sandbox;
  model: FakeModel;
  run: HostRun;
  results: SeenToolResult[];
}

let bin = '';
let node22 = '';
let wired: World;
let baseline: World;
const isMain = (tools: string[]) => tools.includes(SHELL);

function detail(run: HostRun): string {
  return `${V}: exit ${run.code}${run.timedOut ? ' (timed out)' : ''}; stderr: ${run.stderr.slice(-600)}`;
}

async function session(withContextMode: boolean): Promise<World> {
  const sb = makeSandbox(withContextMode ? 'qwen' : 'qwen-base');
  const big = writeLargeFile(sb.project);
  const scenario = steps(big.path).filter((s) => withContextMode || !s.name.startsWith(MCP));
  const model = await startFakeModel(stepScript(scenario, { isMain }));
  writeUserSettings(sb);
  if (withContextMode) ctxmode(sb, ['setup', '--host', 'qwen-code', '--project', sb.project]);
  const run = await runQwen(bin, node22, sb, model, PROMPT);
  assert.equal(run.timedOut, false, detail(run));
  assert.equal(run.code, 0, detail(run));
  const results = finalToolResults(model.requests);
  assert.equal(
    results.length,
    scenario.length,
    `${V}: expected ${scenario.length} tool results to reach the model, got ${results.length}`,
  );
  return { sb, model, run, results };
}

before(async () => {
  node22 = ensureNode22('qwen-code');
  bin = await ensureHost(QWEN_CODE, { env: { ...process.env, PATH: `${node22}:${process.env.PATH ?? ''}` } });
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

function mainRequests(model: FakeModel, from = 0): ConversationView[] {
  return model.requests.slice(from).flatMap((q) => (q.view && isMain(q.view.tools) ? [q.view] : []));
}

const routingBlocks = (text: string) => text.split(/<context_mode>|&lt;context_mode&gt;/).length - 1;

test('setup merged its entries into the user settings: the user setting kept, MCP server and hooks added', () => {
  const settings = readFileSync(userSettingsPath(wired.sb), 'utf8');
  assert.match(settings, /"selectedType": "openai"/, 'the user setting is kept');
  assert.match(settings, /"context-mode"/);
  assert.match(settings, /hook qwen-code pretooluse/);
});

test('network fetch to stdout: curl never runs; our redirect reaches the model naming the MCP tool as Qwen names it', () => {
  const r = result(wired, 0);
  // Qwen honours a PreToolUse argument rewrite, as Gemini CLI does: the command becomes an echo of our reason.
  assert.match(r.text, /context-mode: `curl -s https:\/\/example\.com\/` redirected/, `${V}: ${r.text.slice(0, 300)}`);
  assert.ok(r.text.includes(`${MCP}ctx_fetch_and_index`), `${V}: redirect names ${MCP}ctx_fetch_and_index`);
  assert.doesNotMatch(r.text, /<html|Example Domain/i);
});

test('bounded command: git status reaches the model with no trace of us', () => {
  assert.match(result(wired, 1).text, /Command: git status --short/);
  assert.match(result(wired, 1).text, /Exit Code: 0/);
  assert.doesNotMatch(result(wired, 1).text, /context-mode/);
});

test('own MCP tool call: ctx_execute runs and its output reaches the model', () => {
  assert.match(result(wired, 2).text, /hello-from-sandbox/);
});

test('large file read and large command output: our digest replaces what Qwen would pass, error line kept', () => {
  // Qwen 0.24.4 ignores updatedToolOutput; a PostToolUse `continue: false` makes the tool result an error holding
  // our stopReason, the digest (host table: outputReplacement). Without us: a 25 KB read_file page and Qwen's own
  // head-and-tail cut of the long output, which drops the error line in the middle.
  const read = result(wired, 3);
  const out = result(wired, 4);
  for (const [name, r] of [
    ['read_file', read],
    [SHELL, out],
  ] as const) {
    assert.ok(
      bytes(r.text) <= 4096,
      `${V}: ${name} reached the model as ${bytes(r.text)} bytes: ${r.text.slice(0, 300)}`,
    );
    assert.match(r.text, /^context-mode kept this \w+ output out of the context window/, `${V}: ${name}`);
  }
  // The command itself names the marker; the error line is the output line that is the marker.
  assert.ok(
    out.text.split('\n').some((l) => l.trim() === ERROR_MARKER),
    `${V}: the digest of the long output keeps its error line: ${out.text}`,
  );
  const base = result(baseline, 3).text;
  assert.match(base, /Tool output was too large and has been truncated/);
  assert.ok(!base.split('\n').some((l) => l.trim() === ERROR_MARKER), 'Qwen alone drops it');
  assert.ok(bytes(result(baseline, 2).text) > 20_000, `${V}: baseline read ${bytes(result(baseline, 2).text)} bytes`);
});

test('session start: the routing block reaches the model once, naming tools as Qwen names them', () => {
  const all = (mainRequests(wired.model)[0]?.texts ?? []).join('\n');
  assert.equal(routingBlocks(all), 1, `${V}: routing block count`);
  assert.ok(all.includes(`${MCP}ctx_execute`), `routing block names ${MCP}ctx_execute`);
});

test('stats --json books what Qwen applied and no more than the model was spared', () => {
  const t = (JSON.parse(ctxmode(wired.sb, ['stats', '--json'])) as { projectTotals: { savedBytes: number } })
    .projectTotals;
  const received = bytes(result(wired, 3).text) + bytes(result(wired, 4).text);
  const without = bytes(result(baseline, 2).text) + bytes(result(baseline, 3).text);
  assert.ok(t.savedBytes > 0, `${V}: the applied replacements are booked: ${JSON.stringify(t)}`);
  assert.ok(
    t.savedBytes <= Math.max(0, without - received),
    `${V}: saved ${t.savedBytes} > baseline ${without} − received ${received}: ${JSON.stringify(t)}`,
  );
});

test('uninstall: the user settings come back byte for byte and Qwen runs with no trace of context-mode', async () => {
  ctxmode(wired.sb, ['uninstall', '--host', 'qwen-code', '--project', wired.sb.project]);
  assert.equal(readFileSync(userSettingsPath(wired.sb), 'utf8'), USER_SETTINGS, `${V}: settings.json after uninstall`);
  const md = join(wired.sb.project, 'QWEN.md');
  assert.ok(!existsSync(md) || !readFileSync(md, 'utf8').includes('context-mode'), 'QWEN.md has no context-mode block');
  const model = await startFakeModel(
    stepScript([{ scenario: 'network-fetch', name: SHELL, input: { command: 'curl -s https://example.com/' } }], {
      isMain,
    }),
  );
  try {
    const r = await runQwen(bin, node22, wired.sb, model, 'One more time.');
    assert.equal(r.code, 0, detail(r));
    const first = mainRequests(model)[0];
    assert.ok(first, `${V}: Qwen reached the model`);
    assert.equal(routingBlocks(first.texts.join('\n')), 0, `${V}: routing block still injected`);
    const res = finalToolResults(model.requests)[0];
    assert.ok(res && !/context-mode/.test(res.text), `${V}: curl still redirected: ${res?.text.slice(0, 200)}`);
  } finally {
    await model.close();
  }
});

test('report: bytes with and without context-mode, hook wall time per event', () => {
  const withCm: Record<string, number> = {};
  NAMES.forEach((n, i) => (withCm[n] = bytes(result(wired, i).text)));
  const without: Record<string, number> = {};
  BASELINE_SCENARIOS.forEach((n, i) => (without[n] = bytes(result(baseline, i).text)));
  const hookWallMs = hookTimingsFromLog(debugLogPaths(wired.sb));
  assert.ok(hookWallMs.PreToolUse, `${V}: no hook timing in Qwen's debug log`);
  const ledger = (JSON.parse(ctxmode(wired.sb, ['stats', '--json'])) as { projectTotals: unknown }).projectTotals;
  assert.ok(
    writeHostReport('qwen-code', {
      version: QWEN_CODE.version,
      toolResultBytesToModel: { withContextMode: withCm, withoutContextMode: without },
      hookWallMs,
      ledger,
    }),
  );
});
