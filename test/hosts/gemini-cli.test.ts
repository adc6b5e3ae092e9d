// Gemini CLI 0.61.0, run for real against the scripted fake model (Gemini streamGenerateContent): wired in by
// nothing but what `ctxmode setup --host gemini-cli` wrote (merged into the user's own settings.json), then
// removed by `ctxmode uninstall`; a baseline run without context-mode gives the bytes a user would otherwise get.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeModel, type FakeModel } from './fake-model/server.js';
import type { ConversationView, SeenToolResult } from './fake-model/types.js';
import {
  hookTimingsFromDebugLog,
  runGemini,
  sessionIdOf,
  USER_SETTINGS,
  userSettingsPath,
  writeUserSettings,
} from './gemini-cli/run-gemini.js';
import { ensureHost, GEMINI_CLI } from './install-host.js';
import { bytes, finalToolResults, writeHostReport } from './report.js';
import type { HostRun } from './run-host.js';
import { ctxmode } from './installed-package.js';
import {
  closeWorlds,
  ERROR_MARKER,
  LARGE_OUTPUT_COMMAND,
  playScenario,
  resultAt,
  stepScript,
  type HostScenario,
  type Step,
  type World,
} from './scenario.js';

/** Gemini names MCP tools `mcp_<server>_<tool>`: single underscores, the server name's `-` kept. */
const MCP = 'mcp_context-mode_';
const SHELL = 'run_shell_command';
const READ = 'read_file';
const V = `gemini-cli ${GEMINI_CLI.version}`;
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
    // read_file's schema in 0.61.0 has `file_path` (required), `start_line`, `end_line`.
    { scenario: 'large-read', name: READ, input: { file_path: bigFile } },
    { scenario: 'large-output', name: SHELL, input: { command: LARGE_OUTPUT_COMMAND } },
  ];
}
const BASELINE_SCENARIOS = ['network-fetch', 'bounded-command', 'large-read', 'large-output'];

let bin = '';
let wired: World;
let baseline: World;
const isMain = (tools: string[]) => tools.includes(SHELL);

function detail(run: HostRun): string {
  return `${V}: exit ${run.code}${run.timedOut ? ' (timed out)' : ''}; stderr: ${run.stderr.slice(-600)}`;
}

const GEMINI: HostScenario = {
  host: GEMINI_CLI,
  api: 'gemini',
  mcpPrefix: MCP,
  steps,
  isMain,
  prepare: writeUserSettings,
  run: (sb, model) => runGemini(bin, sb, model, PROMPT),
};

before(async () => {
  bin = await ensureHost(GEMINI_CLI);
  wired = await playScenario(GEMINI, true);
  baseline = await playScenario(GEMINI, false);
});

after(() => closeWorlds([wired, baseline]));

function result(w: World, i: number): SeenToolResult {
  return resultAt(w, i, GEMINI_CLI);
}

function mainRequests(model: FakeModel, from = 0): ConversationView[] {
  return model.requests.slice(from).flatMap((q) => (q.view && isMain(q.view.tools) ? [q.view] : []));
}

/** Routing blocks in a text: Gemini HTML-escapes SessionStart context inside its `<hook_context>` wrapper. */
const routingBlocks = (text: string) => text.split(/<context_mode>|&lt;context_mode&gt;/).length - 1;

test('setup merged its entries into the user settings: MCP server with the data home pinned, hooks enabled', () => {
  const settings = readFileSync(userSettingsPath(wired.sb), 'utf8');
  assert.match(settings, /"selectedType": "gemini-api-key"/, 'the user setting is kept');
  assert.match(settings, /"context-mode"/);
  assert.match(settings, /"hooksConfig"/);
  // The MCP server must keep its data where the hooks do: the sandbox's CONTEXT_MODE_HOME.
  assert.ok(settings.includes(wired.sb.cmHome), `${V}: CONTEXT_MODE_HOME pinned in the server entry`);
});

test('network fetch to stdout: curl never runs; our redirect reaches the model naming the MCP tool as Gemini names it', () => {
  const r = result(wired, 0);
  // Gemini honours a BeforeTool argument rewrite: the product swaps the command for an echo of its reason.
  assert.match(r.text, /context-mode: `curl -s https:\/\/example\.com\/` redirected/, `${V}: ${r.text.slice(0, 300)}`);
  assert.ok(r.text.includes(`${MCP}ctx_fetch_and_index`), `${V}: redirect names ${MCP}ctx_fetch_and_index`);
  assert.doesNotMatch(r.text, /mcp__context-mode__/);
  assert.doesNotMatch(r.text, /<html|Example Domain/i);
});

test('bounded command: git status reaches the model unchanged', () => {
  assert.match(result(wired, 1).text, /\?\? build\.log/);
  assert.doesNotMatch(result(wired, 1).text, /context-mode/);
});

test('own MCP tool call: our tools are offered as mcp_context-mode_ctx_* and ctx_execute runs', () => {
  const tools = mainRequests(wired.model)[0]?.tools ?? [];
  assert.ok(tools.includes(`${MCP}ctx_execute`), `${V}: tools offered ${tools.join(', ')}`);
  assert.match(result(wired, 2).text, /hello-from-sandbox/);
});

test('large file read: AfterTool deny puts our digest in place of the read (≤ 4 KB, error line kept)', () => {
  const r = result(wired, 3);
  assert.ok(bytes(r.text) <= 4096, `${V}: read_file result reaching the model is ${bytes(r.text)} bytes`);
  assert.match(r.text, /context-mode kept this \w+ output out of the context window/, `${V}: ${r.text.slice(0, 300)}`);
  assert.ok(r.text.includes(ERROR_MARKER), 'the digest keeps the error line');
  assert.doesNotMatch(r.text, /"llmContent"|\\n/, 'the digest is of the text, not the JSON envelope');
  // Gemini itself stops read_file at 2000 lines; the rest (~110 KB) reaches the model without us.
  assert.ok(
    bytes(result(baseline, 2).text) > 50_000,
    `${V}: baseline read is ${bytes(result(baseline, 2).text)} bytes`,
  );
});

test('large command output: AfterTool deny puts our digest in place of the output (≤ 4 KB, error line kept)', () => {
  const r = result(wired, 4);
  assert.ok(bytes(r.text) <= 4096, `${V}: shell result reaching the model is ${bytes(r.text)} bytes`);
  assert.match(r.text, /context-mode kept this \w+ output/);
  assert.ok(r.text.includes(ERROR_MARKER), 'the digest keeps the error line');
  assert.match(r.text, /ctx_search/, 'the digest names the search that retrieves the rest');
  // Without us Gemini cuts shell output to its first 8,000 and last 32,000 characters: the error line is lost.
  const base = result(baseline, 3).text;
  assert.ok(bytes(base) > 30_000, `${V}: baseline output is ${bytes(base)} bytes`);
  assert.ok(!base.includes(ERROR_MARKER), 'Gemini itself drops the middle of long output');
});

test('session start: the routing block reaches the model once, naming tools as Gemini names them', () => {
  const all = (mainRequests(wired.model)[0]?.texts ?? []).join('\n');
  assert.equal(routingBlocks(all), 1, `${V}: routing block count`);
  assert.ok(all.includes(`${MCP}ctx_execute`), 'routing block names mcp_context-mode_ctx_execute');
  assert.doesNotMatch(all, /mcp__context-mode__/, 'no tool named the way Claude Code names it');
});

test('memory records the real prompt, not our <hook_context> wrapper', () => {
  const mem = JSON.parse(ctxmode(wired.sb, ['memory', '--json'])) as { events: unknown[] };
  const texts = mem.events.map((e) => JSON.stringify(e));
  assert.ok(
    texts.some((t) => t.includes(PROMPT)),
    `${V}: memory events ${texts.slice(0, 5).join(' | ')}`,
  );
  assert.ok(
    !texts.some((t) => /hook_context|context_mode&gt;|<context_mode>/.test(t)),
    `${V}: our own injected block was stored: ${texts.find((t) => /hook_context|context_mode/.test(t))?.slice(0, 300)}`,
  );
});

test('stats --json books only what the model was really spared', () => {
  const stats = JSON.parse(ctxmode(wired.sb, ['stats', '--json'])) as {
    projectTotals: { savedBytes: number; rawBytes: number; returnedBytes: number };
  };
  const t = stats.projectTotals;
  const received = bytes(result(wired, 3).text) + bytes(result(wired, 4).text);
  const without = bytes(result(baseline, 2).text) + bytes(result(baseline, 3).text);
  assert.ok(t.savedBytes > 50_000, `${V}: saved ${JSON.stringify(t)}`);
  // Never more than the model would have received without us (Gemini's own cuts included), less what it got.
  assert.ok(
    t.savedBytes <= without - received + 2048,
    `${V}: saved ${t.savedBytes} > baseline ${without} − received ${received}: ${JSON.stringify(t)}`,
  );
  assert.ok(t.returnedBytes <= received + 1024, `${V}: returned ${t.returnedBytes} vs received ${received}`);
});

test('resume (--resume latest): no second routing block, no claim of a compaction that did not happen', async () => {
  assert.ok(sessionIdOf(wired.run), `${V}: session id in stream-json init`);
  const from = wired.model.requests.length;
  const r = await runGemini(bin, wired.sb, wired.model, 'Continue.', { resume: 'latest' });
  assert.equal(r.code, 0, detail(r));
  const fresh = mainRequests(wired.model, from);
  assert.ok(fresh.length > 0, 'the resumed session reached the model');
  assert.ok(fresh[0]!.toolCalls >= 5, `${V}: resumed conversation holds the earlier calls (${fresh[0]!.toolCalls})`);
  const all = fresh[0]!.texts.join('\n');
  assert.equal(routingBlocks(all), 1, `${V}: routing block ${routingBlocks(all)} times in the resumed conversation`);
  assert.doesNotMatch(all, /before the context was compacted/);
  // A second resume must not stack a second block on the first.
  const from2 = wired.model.requests.length;
  const r2 = await runGemini(bin, wired.sb, wired.model, 'Continue again.', { resume: 'latest' });
  assert.equal(r2.code, 0, detail(r2));
  const again = mainRequests(wired.model, from2)[0]?.texts.join('\n') ?? '';
  assert.equal(routingBlocks(again), 1, `${V}: routing block ${routingBlocks(again)} times after a second resume`);
});

// Headless Gemini CLI 0.61 cannot be made to compact: it fires PreCompress before every model call without
// compressing, and `/compress` in `-p` mode is sent to the model as plain text (see real-hosts.md).
test.skip(
  'compaction: headless Gemini CLI 0.61.0 never compresses (PreCompress fires without compressing; /compress is sent as text)',
);

test('uninstall: the user settings come back byte for byte and Gemini runs with no trace of context-mode', async () => {
  ctxmode(wired.sb, ['uninstall', '--host', 'gemini-cli', '--project', wired.sb.project]);
  assert.equal(readFileSync(userSettingsPath(wired.sb), 'utf8'), USER_SETTINGS, `${V}: settings.json after uninstall`);
  const md = join(wired.sb.project, 'GEMINI.md');
  assert.ok(!existsSync(md) || !readFileSync(md, 'utf8').includes('context'), 'GEMINI.md has no context-mode block');
  const model = await startFakeModel(
    stepScript([{ scenario: 'network-fetch', name: SHELL, input: { command: 'curl -s https://example.com/' } }], {
      isMain,
    }),
  );
  try {
    const r = await runGemini(bin, wired.sb, model, 'One more time.');
    assert.equal(r.code, 0, detail(r));
    const first = mainRequests(model)[0];
    assert.ok(first, `${V}: Gemini reached the model`);
    assert.ok(!first.tools.some((t) => t.startsWith(MCP)), `${V}: our tools still offered: ${first.tools.join(', ')}`);
    assert.equal(routingBlocks(first.texts.join('\n')), 0, `${V}: routing block still injected`);
    const res = finalToolResults(model.requests)[0];
    assert.ok(res && !/context-mode/.test(res.text), `${V}: curl still redirected: ${res?.text.slice(0, 200)}`);
  } finally {
    await model.close();
  }
});

test('report: bytes with and without context-mode, hook wall time per event', () => {
  const names = ['network-fetch', 'bounded-command', 'own-mcp-tool', 'large-read', 'large-output'];
  const withCm: Record<string, number> = {};
  names.forEach((n, i) => (withCm[n] = bytes(result(wired, i).text)));
  const without: Record<string, number> = {};
  BASELINE_SCENARIOS.forEach((n, i) => (without[n] = bytes(result(baseline, i).text)));
  const hookWallMs = hookTimingsFromDebugLog(wired.sb);
  assert.ok(hookWallMs.AfterTool, `${V}: no hook timing in Gemini's debug log`);
  const ledger = (JSON.parse(ctxmode(wired.sb, ['stats', '--json'])) as { projectTotals: unknown }).projectTotals;
  assert.ok(
    writeHostReport('gemini-cli', {
      version: GEMINI_CLI.version,
      toolResultBytesToModel: { withContextMode: withCm, withoutContextMode: without },
      hookWallMs,
      ledger,
    }),
  );
});
