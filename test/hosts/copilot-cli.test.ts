// GitHub Copilot CLI 1.0.102, run for real against the scripted fake model (OpenAI Chat Completions through its own
// BYOK provider, offline mode): wired in by nothing but the team-shared files `ctxmode setup --host copilot-cli
// --scope project` writes (`.github/hooks/context-mode.json`, the file VS Code and JetBrains read too, and
// `.mcp.json`); a baseline run without context-mode gives the bytes a user would otherwise get.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { hookLogPath, hookTimings, installCtxmodeShim, runCopilot } from './copilot-cli/run-copilot.js';
import { COPILOT_CLI, ensureHost } from './install-host.js';
import { bytes, writeHostReport } from './report.js';
import { ctxmode } from './installed-package.js';
import {
  closeWorlds,
  describedShellSteps,
  playScenario,
  resultAt,
  type HostScenario,
  type Step,
  type World,
} from './scenario.js';

/** The CLI names MCP tools `<server>-<tool>` in the model's tool list. */
const MCP = 'context-mode-';
const SHELL = 'bash';
const V = `copilot-cli ${COPILOT_CLI.version}`;

function steps(bigFile: string): Step[] {
  return describedShellSteps({
    shell: SHELL,
    mcpTool: (tool) => `${MCP}${tool}`,
    read: { scenario: 'large-read', name: 'view', input: { path: bigFile } },
  });
}
const NAMES = ['network-fetch', 'bounded-command', 'own-mcp-tool', 'large-read', 'large-output'];
const BASELINE_SCENARIOS = ['network-fetch', 'bounded-command', 'large-read', 'large-output'];

let bin = '';
let wired: World;
let baseline: World;

const COPILOT: HostScenario = {
  host: COPILOT_CLI,
  api: 'openai-chat',
  mcpPrefix: MCP,
  steps,
  isMain: (tools) => tools.includes(SHELL),
  setupArgs: ['--scope', 'project'],
  prepare: installCtxmodeShim,
  run: (sb, model) => runCopilot(bin, sb, model, 'Run the scripted scenario.'),
};

before(async () => {
  bin = await ensureHost(COPILOT_CLI);
  wired = await playScenario(COPILOT, true);
  baseline = await playScenario(COPILOT, false);
});

after(() => closeWorlds([wired, baseline]));

const result = (w: World, i: number) => resultAt(w, i, COPILOT_CLI);

test('setup wrote the team-shared files: .github/hooks/context-mode.json (Copilot CLI format) and .mcp.json', () => {
  const hooks = JSON.parse(readFileSync(join(wired.sb.project, '.github', 'hooks', 'context-mode.json'), 'utf8')) as {
    version: number;
    hooks: Record<string, { bash: string }[]>;
  };
  assert.equal(hooks.version, 1);
  assert.match(hooks.hooks.preToolUse?.[0]?.bash ?? '', /ctxmode hook copilot pretooluse/);
  assert.ok(existsSync(join(wired.sb.project, '.mcp.json')));
  assert.ok(!existsSync(join(wired.sb.home, '.copilot', 'hooks')), 'nothing in the user config');
});

test('the CLI ran the shared hooks file: one hook process per event it fired, none without context-mode', () => {
  const calls = readFileSync(hookLogPath(wired.sb), 'utf8');
  for (const event of ['sessionstart', 'userpromptsubmitted', 'pretooluse', 'posttooluse'])
    assert.match(calls, new RegExp(`hook copilot ${event}`), `${V}: no ${event} hook ran: ${calls}`);
  assert.ok(!existsSync(hookLogPath(baseline.sb)), 'the baseline ran no hook');
});

test('network fetch to stdout: curl never runs; our redirect reaches the model naming the MCP tool as the CLI names it', () => {
  const r = result(wired, 0);
  assert.match(r.text, /context-mode: `curl -s https:\/\/example\.com\/` redirected/, `${V}: ${r.text.slice(0, 300)}`);
  assert.ok(r.text.includes(`${MCP}ctx_fetch_and_index`), `${V}: redirect names ${MCP}ctx_fetch_and_index: ${r.text}`);
});

test('bounded command: git status reaches the model unchanged', () => {
  assert.match(result(wired, 1).text, /\?\? build\.log/);
  assert.doesNotMatch(result(wired, 1).text, /context-mode/);
});

test('own MCP tool call: our tools are offered as context-mode-ctx_* and ctx_execute runs', () => {
  const tools = wired.model.requests[0]?.view?.tools ?? [];
  assert.ok(tools.includes(`${MCP}ctx_execute`), `${V}: tools offered ${tools.join(', ')}`);
  assert.match(result(wired, 2).text, /hello-from-sandbox/);
});

test('large file read and large command output: the CLI cuts them itself, before any hook, with or without us', () => {
  // 1.0.102 refuses a `view` of a file above its size cap and turns a long shell output into a 500-character
  // preview plus a saved file; the capabilities say postToolUse cannot replace a result, so the same text reaches
  // the model either way (only the saved file's path differs).
  for (const [i, j, re] of [
    [3, 2, /File too large to read at once/],
    [4, 3, /Output too large to read at once[\s\S]*Saved to: /],
  ] as const) {
    const w = result(wired, i).text;
    const b = result(baseline, j).text;
    assert.match(w, re, `${V}: ${w.slice(0, 300)}`);
    assert.ok(Math.abs(bytes(w) - bytes(b)) <= 64, `${V}: with us ${bytes(w)} bytes, without ${bytes(b)}`);
  }
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

test('report: bytes with and without context-mode, hook processes and wall time per event', () => {
  const withCm: Record<string, number> = {};
  NAMES.forEach((n, i) => (withCm[n] = bytes(result(wired, i).text)));
  const without: Record<string, number> = {};
  BASELINE_SCENARIOS.forEach((n, i) => (without[n] = bytes(result(baseline, i).text)));
  const ledger = (JSON.parse(ctxmode(wired.sb, ['stats', '--json'])) as { projectTotals: unknown }).projectTotals;
  assert.ok(
    writeHostReport('copilot-cli', {
      version: COPILOT_CLI.version,
      toolResultBytesToModel: { withContextMode: withCm, withoutContextMode: without },
      hookWallMs: hookTimings(wired.sb),
      ledger,
    }),
  );
});
