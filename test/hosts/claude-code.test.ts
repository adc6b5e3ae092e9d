// Claude Code 2.1.332, run for real against the scripted fake model: what reaches the model with context-mode
// wired in by nothing but `ctxmode setup --host claude-code` (Claude's own user-level files), then removed by
// `ctxmode uninstall`; a baseline run without context-mode gives the bytes a user would otherwise get.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeModel } from './fake-model/server.js';
import type { SeenToolResult } from './fake-model/types.js';
import { hookRunsFromDebugLog, runClaude, sessionIdOf } from './claude-code/run-claude.js';
import type { Sandbox } from './isolate.js';
import { CLAUDE_CODE, ensureHost } from './install-host.js';
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

const MCP = 'mcp__context-mode__';

function steps(bigFile: string): Step[] {
  return [
    { scenario: 'network-fetch', name: 'Bash', input: { command: 'curl -s https://example.com/' } },
    { scenario: 'bounded-command', name: 'Bash', input: { command: 'git status --short' } },
    {
      scenario: 'own-mcp-tool',
      name: `${MCP}ctx_execute`,
      input: { language: 'shell', code: 'echo hello-from-sandbox' },
    },
    { scenario: 'large-read', name: 'Read', input: { file_path: bigFile } },
    { scenario: 'large-output', name: 'Bash', input: { command: LARGE_OUTPUT_COMMAND } },
  ];
}

let bin = '';
/** The ledger right after the scenario: later runs (resume, compact) replay steps and add to it. */
let scenarioLedger: unknown;
let wired: World;
let baseline: World;
/** The same scenario with setup's `mcp_tool` hooks turned back into command hooks: the timing comparison. */
let commandHooks: World;
/** The events setup moves to `mcp_tool` hooks (the host table's list). */
const MOVED = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'PreCompact', 'Stop'];
const isMain = (tools: string[]) => tools.includes('Bash');

const CLAUDE: HostScenario = {
  host: CLAUDE_CODE,
  api: 'anthropic',
  mcpPrefix: MCP,
  steps,
  isMain,
  run: (sb, model) => runClaude(bin, sb, model, 'Run the scripted scenario.'),
};

/**
 * Rewrites setup's `mcp_tool` hooks as the command hooks setup wrote before: SessionStart's command (still a
 * command hook) with its event name swapped.
 */
function toCommandHooks(sb: Sandbox): void {
  const file = join(sb.home, '.claude', 'settings.json');
  const settings = JSON.parse(readFileSync(file, 'utf8')) as {
    hooks: Record<string, Array<{ hooks: Array<Record<string, unknown>> }>>;
  };
  const start = settings.hooks.SessionStart?.[0]?.hooks[0]?.command;
  assert.ok(typeof start === 'string' && start.includes('hook claude-code sessionstart'), 'SessionStart command');
  for (const [event, entries] of Object.entries(settings.hooks)) {
    for (const entry of entries) {
      entry.hooks = entry.hooks.map((h) =>
        h.type === 'mcp_tool'
          ? {
              type: 'command',
              command: start.replace('hook claude-code sessionstart', `hook claude-code ${event.toLowerCase()}`),
            }
          : h,
      );
    }
  }
  writeFileSync(file, JSON.stringify(settings, null, 2));
}

before(async () => {
  bin = await ensureHost(CLAUDE_CODE);
  wired = await playScenario(CLAUDE, true);
  baseline = await playScenario(CLAUDE, false);
  commandHooks = await playScenario({ ...CLAUDE, afterSetup: toCommandHooks }, true);
});

after(() => closeWorlds([wired, baseline, commandHooks]));

function result(w: World, i: number): SeenToolResult {
  return resultAt(w, i, CLAUDE_CODE);
}

test('network fetch to stdout: curl is denied with our redirect, naming the MCP tool as Claude names it', () => {
  const r = result(wired, 0);
  assert.match(r.text, /PreToolUse:Bash hook error/);
  assert.match(r.text, new RegExp(`${MCP}ctx_fetch_and_index`));
});

test('bounded command: git status reaches the model unchanged', () => {
  assert.match(result(wired, 1).text, /\?\? build\.log/);
  assert.doesNotMatch(result(wired, 1).text, /context-mode/);
});

test('own MCP tool call: ctx_execute runs in the sandbox and its output reaches the model', () => {
  assert.match(result(wired, 2).text, /hello-from-sandbox/);
});

test('large file read: Read output is replaced by a digest of the file text (≤ 4 KB, error line kept)', () => {
  const r = result(wired, 3);
  assert.ok(bytes(r.text) <= 4096, `Read result reaching the model is ${bytes(r.text)} bytes`);
  assert.ok(r.text.includes(ERROR_MARKER), 'the digest keeps the error line');
  assert.doesNotMatch(r.text, /"filePath"|\\n/, 'the digest is of the file text, not the JSON envelope');
  assert.ok(bytes(result(baseline, 2).text) > 50_000, 'without context-mode the whole read reaches the model');
});

test('large command output: what reaches the model is ≤ 4 KB and keeps the error line', () => {
  const r = result(wired, 4);
  assert.ok(bytes(r.text) <= 4096, `Bash result reaching the model is ${bytes(r.text)} bytes`);
  assert.match(r.text, /context-mode kept this Bash output/);
  // Claude hands PostToolUse only the first 30,000 characters of a long output (the whole of it sits in the
  // file named by tool_response.persistedOutputPath, which the hook reads); the error line is at line 1500 of 3000.
  assert.ok(
    r.text.includes(ERROR_MARKER),
    `claude-code ${CLAUDE_CODE.version}: the digest lost the error line: ${r.text.slice(0, 300)}`,
  );
  // A replacement carrying Claude's persisted-output fields would be wrapped again and cut to its first 2 KB.
  assert.doesNotMatch(r.text, /<persisted-output>/);
});

test('session start: the routing block is injected once, naming tools as Claude names them', () => {
  const first = wired.model.requests.find((r) => r.view && isMain(r.view.tools));
  const all = (first?.view?.texts ?? []).join('\n');
  assert.equal(all.split('<context_mode>').length - 1, 1);
  assert.match(all, new RegExp(`${MCP}ctx_execute`));
});

test('stats --json books no more than the model was really spared', () => {
  const out = ctxmode(wired.sb, ['stats', '--json']);
  const stats = JSON.parse(out) as { projectTotals: { savedBytes: number; rawBytes: number; returnedBytes: number } };
  const t = stats.projectTotals;
  scenarioLedger = t;
  // The two replaced results, with and without context-mode, as they reached the model: Claude's own limits
  // (Read stops at 2,000 lines; a long Bash output becomes a ~2 KB preview plus a file path) are in the baseline.
  const received = bytes(result(wired, 3).text) + bytes(result(wired, 4).text);
  const without = bytes(result(baseline, 2).text) + bytes(result(baseline, 3).text);
  assert.ok(t.savedBytes > 50_000, `claude-code ${CLAUDE_CODE.version}: saved ${JSON.stringify(t)}`);
  assert.ok(
    t.savedBytes <= without - received,
    `claude-code ${CLAUDE_CODE.version}: saved ${t.savedBytes} > baseline ${without} − received ${received}: ${JSON.stringify(t)}`,
  );
  assert.ok(t.returnedBytes <= received + 1024, `returned ${t.returnedBytes} vs received ${received}`);
});

test('resume: no duplicate routing block and no claim of a compaction that did not happen', async () => {
  const id = sessionIdOf(wired.run);
  assert.ok(id, 'session id in stream-json');
  const before = wired.model.requests.length;
  const r = await runClaude(bin, wired.sb, wired.model, 'Continue.', { resume: id });
  assert.equal(r.code, 0, r.stderr.slice(-400));
  const fresh = wired.model.requests.slice(before).filter((q) => q.view && isMain(q.view.tools));
  assert.ok(fresh.length > 0, 'the resumed session reached the model');
  const all = (fresh[0]!.view!.texts ?? []).join('\n');
  assert.equal(all.split('<context_mode>').length - 1, 1, 'routing block once in the resumed conversation');
  assert.doesNotMatch(all, /before the context was compacted/);
});

test('compaction: /compact in headless mode, then resume: one routing block, snapshot after a real compaction', async () => {
  const id = sessionIdOf(wired.run);
  assert.ok(id);
  const atCompact = wired.model.requests.length;
  const c = await runClaude(bin, wired.sb, wired.model, '/compact', { resume: id });
  const summaryAsked = wired.model.requests.slice(atCompact).some((q) => q.view && isSummaryRequest(q.view));
  assert.ok(summaryAsked, `claude-code ${CLAUDE_CODE.version}: /compact sent no summary request to the model`);
  assert.equal(c.code, 0, `claude-code ${CLAUDE_CODE.version}: /compact exited ${c.code}: ${c.stderr.slice(-400)}`);
  const before = wired.model.requests.length;
  const r = await runClaude(bin, wired.sb, wired.model, 'Continue after compaction.', { resume: id });
  assert.equal(r.code, 0, r.stderr.slice(-400));
  const fresh = wired.model.requests.slice(before).filter((q) => q.view && isMain(q.view.tools));
  assert.ok(fresh.length > 0);
  const all = fresh[0]!.view!.texts.join('\n');
  assert.ok(all.split('<context_mode>').length - 1 <= 1, 'routing block at most once after compact + resume');
  assert.ok(all.split('<session_resume').length - 1 <= 1, 'resume snapshot at most once');
});

test('uninstall: Claude Code runs with no trace of context-mode', async () => {
  ctxmode(wired.sb, ['uninstall', '--host', 'claude-code', '--project', wired.sb.project]);
  for (const f of [join(wired.sb.home, '.claude', 'settings.json'), join(wired.sb.home, '.claude.json')]) {
    if (existsSync(f))
      assert.doesNotMatch(readFileSync(f, 'utf8'), /ctxmode|context-mode\.cjs|"context-mode"/, `${f} still names us`);
  }
  const model = await startFakeModel(
    stepScript([{ scenario: 'network-fetch', name: 'Bash', input: { command: 'curl -s https://example.com/' } }], {
      isMain,
    }),
  );
  try {
    const r = await runClaude(bin, wired.sb, model, 'One more time.');
    assert.equal(r.code, 0, `claude-code ${CLAUDE_CODE.version}: exited ${r.code}: ${r.stderr.slice(-400)}`);
    const first = model.requests.find((q) => q.view && isMain(q.view.tools))?.view;
    assert.ok(first, 'Claude reached the model');
    assert.ok(!first.tools.some((t) => t.startsWith(MCP)), 'our tools are no longer offered');
    assert.ok(!first.texts.join('\n').includes('<context_mode>'), 'no routing block');
    const res = finalToolResults(model.requests)[0];
    assert.ok(res && !/context-mode/.test(res.text), `curl not redirected: ${res?.text.slice(0, 200)}`);
  } finally {
    await model.close();
  }
});

test('mcp_tool hooks: no hook process for the moved events, every one answered by ctx_hook on our server', () => {
  const runs = hookRunsFromDebugLog(wired.sb);
  if (process.env.CM_KEEP_CLAUDE_DEBUG)
    copyFileSync(join(wired.sb.root, 'claude-debug.log'), process.env.CM_KEEP_CLAUDE_DEBUG);
  for (const event of MOVED) assert.equal(runs.processes[event] ?? 0, 0, `${event}: ${JSON.stringify(runs)}`);
  for (const event of ['PreToolUse', 'PostToolUse', 'UserPromptSubmit']) {
    assert.ok((runs.mcpToolCalls[event] ?? 0) > 0, `${event} ran no mcp_tool hook: ${JSON.stringify(runs)}`);
  }
  assert.ok((runs.processes.SessionStart ?? 0) > 0, 'SessionStart stays a command hook');
  // The same scenario with command hooks: every moved event started processes, and the results agree.
  const cmd = hookRunsFromDebugLog(commandHooks.sb);
  assert.ok((cmd.processes.PreToolUse ?? 0) > 0 && (cmd.processes.PostToolUse ?? 0) > 0, JSON.stringify(cmd));
  // The same answers either way (a digest names its own indexed source, so compare its shape, not its bytes).
  assert.equal(result(commandHooks, 0).text, result(wired, 0).text, 'the curl redirect differs');
  for (const i of [3, 4]) {
    const [viaCommand, viaTool] = [result(commandHooks, i).text, result(wired, i).text];
    assert.equal(viaCommand.split('\n')[0], viaTool.split('\n')[0], `step ${i}: digests differ`);
    assert.ok(viaCommand.includes(ERROR_MARKER) && viaTool.includes(ERROR_MARKER), `step ${i}: error line lost`);
    assert.ok(
      Math.abs(bytes(viaCommand) - bytes(viaTool)) < 200,
      `step ${i}: ${bytes(viaCommand)} vs ${bytes(viaTool)}`,
    );
  }
});

test('report: bytes with and without context-mode, hook wall time per event', () => {
  const names = ['network-fetch', 'bounded-command', 'own-mcp-tool', 'large-read', 'large-output'];
  const withCm: Record<string, number> = {};
  names.forEach((n, i) => (withCm[n] = bytes(result(wired, i).text)));
  const without: Record<string, number> = {};
  ['network-fetch', 'bounded-command', 'large-read', 'large-output'].forEach(
    (n, i) => (without[n] = bytes(result(baseline, i).text)),
  );
  const viaMcpTool = hookRunsFromDebugLog(wired.sb);
  const viaCommand = hookRunsFromDebugLog(commandHooks.sb);
  assert.ok(
    viaMcpTool.wallMs.mcpTool.PostToolUse && viaCommand.wallMs.command.PostToolUse,
    `claude-code ${CLAUDE_CODE.version}: no hook timing in Claude's debug file`,
  );
  // Hook wall time per event in this run: command hooks (a process each) vs mcp_tool hooks (a call on our server).
  const hookWallMs = Object.fromEntries(
    [...MOVED, 'SessionStart'].map((e) => [
      e,
      { command: viaCommand.wallMs.command[e] ?? null, mcpTool: viaMcpTool.wallMs.mcpTool[e] ?? null },
    ]),
  );
  const hookProcesses = { mcpToolSetup: viaMcpTool.processes, commandSetup: viaCommand.processes };
  const ledgerAfterAllRuns = (JSON.parse(ctxmode(wired.sb, ['stats', '--json'])) as { projectTotals: unknown })
    .projectTotals;
  const file = writeHostReport('claude-code', {
    version: CLAUDE_CODE.version,
    toolResultBytesToModel: { withContextMode: withCm, withoutContextMode: without },
    hookWallMs,
    hookProcesses,
    ledger: scenarioLedger,
    // After /compact the summary replaces the transcript, so the scripted steps run once more.
    ledgerAfterAllRuns,
  });
  assert.ok(file);
});
