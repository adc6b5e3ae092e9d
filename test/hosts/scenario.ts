import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertModelTraffic } from './expect-model.js';
import { startFakeModel, type FakeModel, type FakeModelOptions } from './fake-model/server.js';
import type { ConversationView, ModelApi, Reply, Script, SeenToolResult } from './fake-model/types.js';
import type { PinnedHost } from './install-host.js';
import { makeSandbox, type Sandbox } from './isolate.js';
import { ctxmode } from './installed-package.js';
import { finalToolResults } from './report.js';
import { assertRan, labelOf, type HostRun } from './run-host.js';

/** A marker line buried in large outputs: a digest must keep every error line. */
export const ERROR_MARKER = 'ERROR disk quota exceeded at step 1777';

/** ~116 KB log with one error line in the middle, for the large-read scenario. */
export function writeLargeFile(project: string): { path: string; bytes: number } {
  const lines: string[] = [];
  for (let i = 0; i < 2400; i++)
    lines.push(
      i === 1200
        ? ERROR_MARKER
        : `2026-12-03T10:00:${String(i % 60).padStart(2, '0')} INFO worker ${i} processed batch ok`,
    );
  const text = lines.join('\n') + '\n';
  const path = join(project, 'build.log');
  writeFileSync(path, text);
  return { path, bytes: Buffer.byteLength(text) };
}

/** A shell command printing ~120 KB with one error line; plain node so no routing rule names it. */
export const LARGE_OUTPUT_COMMAND = `node -e "for (let i = 0; i < 3000; i++) console.log(i === 1500 ? '${ERROR_MARKER}' : 'test case ' + i + ' passed in ' + (i % 97) + ' ms ....')"`;

/** A host's compaction request: asks for a summary, offering no tools or forbidding them (Claude Code 2.1.332). */
export function isSummaryRequest(view: ConversationView): boolean {
  return (
    /summar/i.test(view.lastUserText) && (view.tools.length === 0 || /do not call any tools/i.test(view.lastUserText))
  );
}

export interface Step {
  /** Scenario name, for the report. */
  scenario: string;
  name: string;
  input: Record<string, unknown>;
}

/**
 * The five scripted steps for a host whose shell tool takes `command` plus a `description` (OpenCode, Copilot
 * CLI): network fetch, bounded command, our own MCP tool, large read, large output.
 */
export function describedShellSteps(o: { shell: string; mcpTool: (tool: string) => string; read: Step }): Step[] {
  const sh = (scenario: string, command: string, description: string): Step => ({
    scenario,
    name: o.shell,
    input: { command, description },
  });
  return [
    sh('network-fetch', 'curl -s https://example.com/', 'Fetch the page'),
    sh('bounded-command', 'git status --short', 'Show status'),
    {
      scenario: 'own-mcp-tool',
      name: o.mcpTool('ctx_execute'),
      input: { language: 'shell', code: 'echo hello-from-sandbox' },
    },
    o.read,
    sh('large-output', LARGE_OUTPUT_COMMAND, 'Run the tests'),
  ];
}

/** Plays the steps as tool calls, one per model turn, then ends the turn with text. */
export function stepScript(steps: Step[], opts: { isMain: (tools: string[]) => boolean }): Script {
  return (view): Reply => {
    if (isSummaryRequest(view)) {
      return { kind: 'text', text: '<summary>The user asked for a scripted scenario; all steps ran.</summary>' };
    }
    if (!opts.isMain(view.tools)) return { kind: 'text', text: 'ok' };
    const next = steps[view.toolCalls];
    if (next) return { kind: 'tool', name: next.name, input: next.input };
    return { kind: 'text', text: 'All scripted steps are done.' };
  };
}

/** One scripted session of a host: its sandbox, the fake model it talked to, its run and what reached the model. */
export interface World {
  sb: Sandbox;
  model: FakeModel;
  run: HostRun;
  results: SeenToolResult[];
}

/** How one host plays the scenario; everything else (sandbox, model, setup, checks) is the same for every host. */
export interface HostScenario {
  host: PinnedHost;
  api: ModelApi;
  /** Our MCP tools as this host names them: the baseline run, without context-mode, leaves those steps out. */
  mcpPrefix: string;
  steps: (bigFile: string) => Step[];
  isMain: (tools: string[]) => boolean;
  /** Runs the host once on the scenario's prompt. */
  run: (sb: Sandbox, model: FakeModel) => Promise<HostRun>;
  /** The user's own files, written before setup merges ours into them. */
  prepare?: (sb: Sandbox) => void;
  /** Extra `ctxmode setup` options (e.g. `--scope project` for the files a team commits). */
  setupArgs?: string[];
  /** Runs after `ctxmode setup` (e.g. to rewrite what setup wrote, for a comparison in the same run). */
  afterSetup?: (sb: Sandbox) => void;
  /** Wraps the step script (e.g. a compaction phase). */
  script?: (base: Script) => Script;
  modelOptions?: FakeModelOptions;
}

/**
 * Plays the scenario once, wired in by `ctxmode setup` or (baseline) without context-mode. Fails with host,
 * version and what differed when the host does not run cleanly or the model did not get every step's result;
 * the sandbox and the model are gone again when it fails.
 */
export async function playScenario(spec: HostScenario, withContextMode: boolean): Promise<World> {
  const label = labelOf(spec.host);
  const sb = makeSandbox(withContextMode ? spec.host.id : `${spec.host.id}-base`);
  let model: FakeModel | undefined;
  try {
    const big = writeLargeFile(sb.project);
    const scenario = spec.steps(big.path).filter((s) => withContextMode || !s.name.startsWith(spec.mcpPrefix));
    const script = stepScript(scenario, { isMain: spec.isMain });
    model = await startFakeModel(spec.script ? spec.script(script) : script, spec.modelOptions);
    spec.prepare?.(sb);
    if (withContextMode)
      ctxmode(sb, ['setup', '--host', spec.host.id, '--project', sb.project, ...(spec.setupArgs ?? [])]);
    if (withContextMode) spec.afterSetup?.(sb);
    const run = await spec.run(sb, model);
    assertRan(run);
    assertModelTraffic(label, model, { api: spec.api, toolResultsFor: scenario.map((s) => s.name) }, run);
    const results = finalToolResults(model.requests);
    assert.equal(
      results.length,
      scenario.length,
      `${label}: expected ${scenario.length} tool results to reach the model, got ${results.length}`,
    );
    return { sb, model, run, results };
  } catch (err) {
    await model?.close();
    sb.cleanup();
    throw err;
  }
}

/** Closes the worlds a test file played (those that were played at all). */
export async function closeWorlds(worlds: (World | undefined)[]): Promise<void> {
  for (const w of worlds) {
    if (!w) continue;
    await w.model.close();
    w.sb.cleanup();
  }
}

/** The i-th tool result that reached the model; a missing one fails naming host and version. */
export function resultAt(w: World, i: number, host: PinnedHost): SeenToolResult {
  const r = w.results[i];
  assert.ok(r, `${labelOf(host)}: tool result ${i} missing`);
  return r;
}
