// Codex CLI 0.171.0, run for real against the scripted fake model (OpenAI Responses): wired in by nothing but
// what `ctxmode setup --host codex` wrote, then removed by `ctxmode uninstall`; a baseline run without
// context-mode gives the bytes a user would otherwise get.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCodex, shellHookGapsFromRollout, threadIdOf } from './codex/run-codex.js';
import { startFakeModel, type FakeModel } from './fake-model/server.js';
import type { ConversationView, Script, SeenToolResult } from './fake-model/types.js';
import { CODEX, ensureHost } from './install-host.js';
import { bytes, finalToolResults, writeHostReport } from './report.js';
import { ctxmode } from './installed-package.js';
import {
  closeWorlds,
  ERROR_MARKER,
  LARGE_OUTPUT_COMMAND,
  isSummaryRequest,
  playScenario,
  resultAt,
  stepScript,
  type HostScenario,
  type Step,
  type World,
} from './scenario.js';

/** Codex offers our tools in the namespace `mcp__context_mode` (the server name's `-` becomes `_`). */
const MCP = 'mcp__context_mode__';
const SHELL = 'exec_command';
const V = `codex ${CODEX.version}`;

function steps(bigFile: string): Step[] {
  return [
    { scenario: 'network-fetch', name: SHELL, input: { cmd: 'curl -s https://example.com/' } },
    { scenario: 'bounded-command', name: SHELL, input: { cmd: 'git status --short' } },
    {
      scenario: 'own-mcp-tool',
      name: `${MCP}ctx_execute`,
      input: { language: 'shell', code: 'echo hello-from-sandbox' },
    },
    // Codex has no file-read tool: the model reads with the shell.
    { scenario: 'large-read', name: SHELL, input: { cmd: `cat ${bigFile}` } },
    { scenario: 'large-output', name: SHELL, input: { cmd: LARGE_OUTPUT_COMMAND } },
  ];
}
const BASELINE_SCENARIOS = ['network-fetch', 'bounded-command', 'large-read', 'large-output'];

let bin = '';
/**
 * The compaction test's turn: one bounded tool call whose reply reports usage above the limit, so Codex compacts
 * once before its next request; after the summary, usage is small again and the turn ends with text.
 */
const compactPhase = { on: false, calls: 0, compacted: false };
function reportedUsage(view: ConversationView): number {
  if (isSummaryRequest(view)) compactPhase.compacted = true;
  return compactPhase.on && !compactPhase.compacted ? 50_000 : 100;
}
function withCompactPhase(base: Script): Script {
  return (view) => {
    if (!compactPhase.on || isSummaryRequest(view) || !isMain(view.tools)) return base(view);
    return compactPhase.calls++ === 0
      ? { kind: 'tool', name: SHELL, input: { cmd: 'git status --short' } }
      : { kind: 'text', text: 'Done after compaction.' };
  };
}
let wired: World;
let baseline: World;
const isMain = (tools: string[]) => tools.includes(SHELL);

const CODEX_SCENARIO: HostScenario = {
  host: CODEX,
  api: 'openai-responses',
  mcpPrefix: MCP,
  steps,
  isMain,
  run: (sb, model) => runCodex(bin, sb, model, 'Run the scripted scenario.'),
  script: withCompactPhase,
  modelOptions: { usage: reportedUsage },
};

before(async () => {
  bin = await ensureHost(CODEX);
  wired = await playScenario(CODEX_SCENARIO, true);
  baseline = await playScenario(CODEX_SCENARIO, false);
});

after(() => closeWorlds([wired, baseline]));

function result(w: World, i: number): SeenToolResult {
  return resultAt(w, i, CODEX);
}

function mainRequests(model: FakeModel, from = 0): ConversationView[] {
  return model.requests.slice(from).flatMap((q) => (q.view && isMain(q.view.tools) ? [q.view] : []));
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

test('setup wrote the only Codex config: MCP server in config.toml, hooks in hooks.json, pinned data home', () => {
  const toml = readFileSync(join(wired.sb.home, '.codex', 'config.toml'), 'utf8');
  assert.match(toml, /\[mcp_servers\.context-mode\]/);
  // Codex starts MCP servers with a filtered environment; without the pin the server kept its data elsewhere.
  assert.ok(toml.includes(wired.sb.cmHome), 'CONTEXT_MODE_HOME pinned in the server entry');
  assert.ok(existsSync(join(wired.sb.home, '.codex', 'hooks.json')));
});

test('network fetch to stdout: curl is denied with our redirect naming ctx_fetch_and_index', () => {
  const r = result(wired, 0);
  assert.match(r.text, /Command blocked by PreToolUse hook: context-mode:/, `${V}: ${r.text.slice(0, 300)}`);
  assert.match(r.text, /ctx_fetch_and_index/);
});

test('bounded command: git status reaches the model unchanged', () => {
  assert.match(result(wired, 1).text, /\?\? build\.log/);
  assert.doesNotMatch(result(wired, 1).text, /context-mode/);
});

test('own MCP tool call: the model is offered our tools in the mcp__context_mode namespace and ctx_execute runs', () => {
  assert.ok(
    mainRequests(wired.model)[0]?.tools.includes(`${MCP}ctx_execute`),
    `${V}: tools offered ${mainRequests(wired.model)[0]?.tools.join(', ')}`,
  );
  assert.match(result(wired, 2).text, /hello-from-sandbox/);
});

test('large file read: cat of a 130 KB file is denied with its digest — the error line reaches the model (≤ 4 KB)', () => {
  const r = result(wired, 3);
  assert.ok(bytes(r.text) <= 4096, `${V}: read result reaching the model is ${bytes(r.text)} bytes`);
  assert.match(r.text, /ctx_index/);
  assert.ok(r.text.includes(ERROR_MARKER), `${V}: the deny lost the file's error line: ${r.text.slice(0, 400)}`);
  assert.ok(bytes(result(baseline, 2).text) > 8_000, 'without context-mode Codex passes ~10 KB of the file');
});

test('large command output: replaced by our digest through PostToolUse decision "block" (≤ 4 KB)', () => {
  const r = result(wired, 4);
  assert.ok(bytes(r.text) <= 4096, `${V}: command result reaching the model is ${bytes(r.text)} bytes`);
  assert.match(r.text, /context-mode kept this Bash output/);
  assert.match(r.text, /ctx_search/, 'the digest names the search that retrieves the rest');
  // Codex cuts shell output to ~10 KB before hooks see it; the baseline shows what the model gets without us.
  assert.ok(bytes(result(baseline, 3).text) > 8_000);
  assert.doesNotMatch(
    result(baseline, 3).text,
    new RegExp(ERROR_MARKER),
    'Codex itself drops the middle of long output',
  );
});

test('session start: the routing block reaches the model once', () => {
  const all = (mainRequests(wired.model)[0]?.texts ?? []).join('\n');
  assert.equal(count(all, '<context_mode>'), 1, `${V}: routing block count`);
  assert.doesNotMatch(all, /mcp__context-mode__/, 'no tool named the way Claude Code names it');
});

test('memory records the real prompt', () => {
  const mem = JSON.parse(ctxmode(wired.sb, ['memory', '--json'])) as {
    events: { category?: string; type?: string; text?: string; data?: string }[];
  };
  const texts = mem.events.map((e) => JSON.stringify(e));
  assert.ok(
    texts.some((t) => t.includes('Run the scripted scenario.')),
    `${V}: memory events ${texts.slice(0, 5).join(' | ')}`,
  );
  assert.ok(
    !texts.some((t) => t.includes('<context_mode>')),
    'our own injected block is not stored as the user prompt',
  );
});

test('stats --json books no more than the model was really spared', () => {
  const stats = JSON.parse(ctxmode(wired.sb, ['stats', '--json'])) as {
    projectTotals: { savedBytes: number; returnedBytes: number };
  };
  const t = stats.projectTotals;
  // Both flooding results as they reached the model with and without us; Codex's own ~10 KB cut is in the baseline.
  const received = bytes(result(wired, 3).text) + bytes(result(wired, 4).text);
  const without = bytes(result(baseline, 2).text) + bytes(result(baseline, 3).text);
  assert.ok(t.savedBytes > 0, JSON.stringify(t));
  assert.ok(
    t.savedBytes <= without - received,
    `${V}: saved ${t.savedBytes} > baseline ${without} − received ${received}: ${JSON.stringify(t)}`,
  );
  // The denied `cat` is booked too (it was 0): against Codex's own ~10 KB cut, less the digest it got.
  assert.ok(
    t.savedBytes >= 0.7 * (without - received),
    `${V}: saved ${t.savedBytes} of ${without - received} kept out: ${JSON.stringify(t)}`,
  );
  assert.ok(t.returnedBytes <= received + 1024, `returned ${t.returnedBytes} vs received ${received}`);
});

test('resume: no second routing block, no claim of a compaction that did not happen', async () => {
  const id = threadIdOf(wired.run);
  assert.ok(id, `${V}: thread id in --json output`);
  const from = wired.model.requests.length;
  const r = await runCodex(bin, wired.sb, wired.model, 'Continue.', { resume: id });
  assert.equal(r.code, 0, `${V}: resume exited ${r.code}: ${r.stderr.slice(-400)}`);
  const fresh = mainRequests(wired.model, from);
  assert.ok(fresh.length > 0, 'the resumed session reached the model');
  const all = fresh[0]!.texts.join('\n');
  assert.equal(count(all, '<context_mode>'), 1, 'routing block once in the resumed conversation');
  assert.doesNotMatch(all, /before the context was compacted/);
});

test('compaction: auto-compaction (PreCompact, then SessionStart source compact) keeps one routing block and one snapshot', async () => {
  const id = threadIdOf(wired.run);
  assert.ok(id);
  const from = wired.model.requests.length;
  compactPhase.on = true;
  const r = await runCodex(bin, wired.sb, wired.model, 'Continue after a compaction.', {
    resume: id,
    extraConfig: ['model_auto_compact_token_limit=3000'],
    timeoutMs: 120_000,
  });
  assert.equal(r.code, 0, `${V}: exited ${r.code}: ${r.stderr.slice(-400)}`);
  const views = wired.model.requests.slice(from).flatMap((q) => (q.view ? [q.view] : []));
  compactPhase.on = false;
  assert.ok(views.some(isSummaryRequest), `${V}: no summary request reached the model (auto-compaction did not fire)`);
  assert.equal(views.filter(isSummaryRequest).length, 1, `${V}: compacted once`);
  const afterCompact = mainRequests(wired.model, from).at(-1);
  assert.ok(afterCompact, 'a request after compaction');
  const all = afterCompact.texts.join('\n');
  assert.ok(
    count(all, '<context_mode>') <= 1,
    `${V}: routing block ${count(all, '<context_mode>')} times after compaction`,
  );
  assert.ok(
    count(all, '<session_resume') <= 1,
    `${V}: resume snapshot ${count(all, '<session_resume')} times after compaction`,
  );
});

test('uninstall: Codex runs with no trace of context-mode', async () => {
  ctxmode(wired.sb, ['uninstall', '--host', 'codex', '--project', wired.sb.project]);
  const toml = join(wired.sb.home, '.codex', 'config.toml');
  assert.ok(
    !existsSync(toml) || !readFileSync(toml, 'utf8').includes('context-mode'),
    'config.toml has no context-mode entry',
  );
  const model = await startFakeModel(
    stepScript([{ scenario: 'network-fetch', name: SHELL, input: { cmd: 'curl -s https://example.com/' } }], {
      isMain,
    }),
  );
  try {
    const r = await runCodex(bin, wired.sb, model, 'One more time.');
    assert.equal(r.code, 0, `${V}: exited ${r.code}: ${r.stderr.slice(-400)}`);
    const first = mainRequests(model)[0];
    assert.ok(first, 'Codex reached the model');
    assert.ok(!first.tools.some((t) => t.startsWith(MCP)), `${V}: our tools still offered`);
    assert.ok(!first.texts.join('\n').includes('<context_mode>'), 'no routing block');
    const res = finalToolResults(model.requests)[0];
    assert.ok(res && !/context-mode/.test(res.text), `curl not redirected: ${res?.text.slice(0, 200)}`);
  } finally {
    await model.close();
  }
});

test('report: bytes with and without context-mode, time around each shell call with and without our hooks', () => {
  const names = ['network-fetch', 'bounded-command', 'own-mcp-tool', 'large-read', 'large-output'];
  const withCm: Record<string, number> = {};
  names.forEach((n, i) => (withCm[n] = bytes(result(wired, i).text)));
  const without: Record<string, number> = {};
  BASELINE_SCENARIOS.forEach((n, i) => (without[n] = bytes(result(baseline, i).text)));
  const hookWallMs = shellHookGapsFromRollout(wired.sb);
  const noHooksMs = shellHookGapsFromRollout(baseline.sb);
  assert.ok(hookWallMs.PostToolUse, `${V}: no shell call found in the session rollout`);
  const ledger = (JSON.parse(ctxmode(wired.sb, ['stats', '--json'])) as { projectTotals: unknown }).projectTotals;
  assert.ok(
    writeHostReport('codex', {
      version: CODEX.version,
      toolResultBytesToModel: { withContextMode: withCm, withoutContextMode: without },
      hookWallMs,
      hookWallMsMethod:
        'gap in the session rollout: function_call → command start (PreToolUse), command end → function_call_output (PostToolUse)',
      sameGapsWithoutContextMode: noHooksMs,
      ledger,
    }),
  );
});
