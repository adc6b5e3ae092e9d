import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeModel } from '../fake-model/server.js';
import type { Sandbox } from '../isolate.js';
import { summarizeTimings, type HookTiming } from '../report.js';
import { CLAUDE_CODE } from '../install-host.js';
import { runHost, type HostRun } from '../run-host.js';

/** `claude -p` headless against the fake model; `resume` continues a session by id. */
export function runClaude(
  bin: string,
  sb: Sandbox,
  model: FakeModel,
  prompt: string,
  opts: { resume?: string; timeoutMs?: number } = {},
): Promise<HostRun> {
  const env = {
    ...sb.env,
    ANTHROPIC_BASE_URL: model.url,
    ANTHROPIC_API_KEY: 'sk-ant-fake',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_TERMINAL_TITLE: '1',
    // MCP tools offered directly, not deferred behind ToolSearch, so a scripted model can call them by name.
    ENABLE_TOOL_SEARCH: 'false',
  };
  const args = [
    '-p',
    prompt,
    '--output-format',
    'stream-json',
    '--verbose',
    '--model',
    'claude-sonnet-4-5',
    '--allowedTools',
    'Bash',
    'Read',
    'mcp__context-mode',
    '--debug-file',
    join(sb.root, 'claude-debug.log'),
    ...(opts.resume ? ['--resume', opts.resume] : []),
  ];
  return runHost(bin, args, { cwd: sb.project, env, timeoutMs: opts.timeoutMs ?? 240_000, host: CLAUDE_CODE });
}

/** The session id Claude prints in its stream-json `system` init line. */
export function sessionIdOf(run: HostRun): string | undefined {
  for (const line of run.stdout.split('\n')) {
    try {
      const j = JSON.parse(line) as { session_id?: string };
      if (j.session_id) return j.session_id;
    } catch {
      /* not JSON */
    }
  }
  return undefined;
}

/** How one hook ran, from Claude's debug file: a process it started, or a call to our server's hook tool. */
export interface HookRuns {
  /** Hook processes Claude started that ran `ctxmode hook`, per event. */
  processes: Record<string, number>;
  /** `mcp_tool` hook calls to our server's ctx_hook, per event. */
  mcpToolCalls: Record<string, number>;
  /** Wall time per event and kind, as Claude's debug file times them. */
  wallMs: { command: Record<string, HookTiming>; mcpTool: Record<string, HookTiming> };
}

const STAMP = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)/;
const CALL = /Hooks: mcp_tool calling context-mode\/ctx_hook/;
/** Claude's line for a hook's answer: JSON (`Hook PreToolUse:Bash (PreToolUse) success:`) or empty/plain. */
const ANSWER = /"Hook (\w+)(?::\S+)? \(\w+\) success|Hook output does not start with \{/;

/**
 * The event of an `mcp_tool` call whose answer line does not name it (an empty answer), by what Claude does
 * next: start the tool (PreToolUse), start the turn (UserPromptSubmit), ask the model (PostToolUse), or nothing
 * more of those (Stop, PreCompact's summary request aside).
 */
function eventByWhatFollows(lines: string[], from: number): string {
  for (let j = from; j < lines.length; j++) {
    const l = lines[j]!;
    if (CALL.test(l) || /Hooks: \w+:\S* \[/.test(l)) break;
    if (/tool_dispatch_start/.test(l)) return 'PreToolUse';
    if (/\[engine\] turn \d+ start/.test(l)) return 'UserPromptSubmit';
    if (/\[API REQUEST\]/.test(l)) return 'PostToolUse';
  }
  return 'Stop';
}

/**
 * Command hooks: Claude logs `Hooks: <Event>:<matcher> [<command>] finished with status 0 (N ms)`. `mcp_tool`
 * hooks get no such line (2.1.332): their time runs from `Hooks: mcp_tool calling context-mode/ctx_hook` to the
 * line where Claude reads the answer, both timestamped; that line names the event when the answer is JSON.
 */
export function hookRunsFromDebugLog(sb: Sandbox): HookRuns {
  const file = join(sb.root, 'claude-debug.log');
  const runs: HookRuns = { processes: {}, mcpToolCalls: {}, wallMs: { command: {}, mcpTool: {} } };
  if (!existsSync(file)) return runs;
  const command: Record<string, number[]> = {};
  const mcpTool: Record<string, number[]> = {};
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const done = /Hooks: (\w+)(?::\S+)? \[(.*)\] finished with status \d+ \((\d+)ms\)$/.exec(line);
    if (done && / hook claude-code /.test(done[2]!)) {
      runs.processes[done[1]!] = (runs.processes[done[1]!] ?? 0) + 1;
      (command[done[1]!] ??= []).push(Number(done[3]));
    }
    if (!CALL.test(line)) continue;
    let j = i + 1;
    while (j < lines.length && !ANSWER.test(lines[j]!) && !CALL.test(lines[j]!)) j++;
    const answer = ANSWER.exec(lines[j] ?? '');
    const event = answer?.[1] ?? eventByWhatFollows(lines, j + 1);
    runs.mcpToolCalls[event] = (runs.mcpToolCalls[event] ?? 0) + 1;
    const start = STAMP.exec(line)?.[1];
    const end = answer ? STAMP.exec(lines[j]!)?.[1] : undefined;
    if (start && end) (mcpTool[event] ??= []).push(Date.parse(end) - Date.parse(start));
  }
  runs.wallMs = { command: summarizeTimings(command), mcpTool: summarizeTimings(mcpTool) };
  return runs;
}
