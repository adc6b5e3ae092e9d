// TEST ONLY: judges one agent run from the scripted model's request log — the ground truth of what reached the
// model — and from the engine's own stats for the project.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// The engine's byte formatter, which the status bar uses too (this file runs under tsx).
import { formatBytes } from '../../../shared/src/ledger/format-stats.ts';

const BUDGET = 4096;
/** The last line of the workspace's build.log: a denied `cat` must still bring it to the model. */
export const BUILD_LOG_ERROR = 'ERROR: widget factory failed at step 2999';
// What VS Code puts before a deny reason (`Tool execution denied: `), on top of our budget.
const DENY_PREFIX_BYTES = 64;
const OUR_TOOLS = new Set([
  'ctx_execute',
  'ctx_batch_execute',
  'ctx_execute_file',
  'ctx_index',
  'ctx_search',
  'ctx_fetch_and_index',
  'ctx_stats',
  'ctx_doctor',
  'ctx_purge',
  'ctx_upgrade',
]);

/**
 * Why a redirect's text is not one clean block as the model read it, or undefined when it is: the advice once, no
 * tool name cut by a line break (the terminal wraps at 80 columns), no shell prompt after it.
 */
function redirectBlockProblem(text, project) {
  const times = (text.match(/context-mode: .{0,120}?redirected/g) ?? []).length;
  if (times !== 1) return `the advice appears ${times} times`;
  const broken = (text.match(/mcp_[\w-]*/g) ?? []).find((n) => !OUR_TOOLS.has(n.replace(/^mcp_context-mode_/, '')));
  if (broken) return `a tool name is cut: ${JSON.stringify(broken)}`;
  if (text.includes(`${project}#`) || text.includes(`${project}$`) || /^\S+@\S+:\S*[#$] ?$/m.test(text))
    return 'a shell prompt follows it';
  return undefined;
}
// VS Code shows our MCP tools to the model as mcp_<server label>_<tool>; every text we give it must say so.
const VSCODE_TOOL_NAME = /mcp_context-mode_ctx_\w+/;

function textOf(part) {
  if (!part) return '';
  if (part.type === 'text') return part.text;
  if (part.type === 'toolResult') return part.content.map(textOf).join('');
  if (part.type === 'other' || part.type === 'unknown')
    return typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
  return '';
}

function readModelLog(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** Tool results the model saw in its last request, with the tool name and input it had called them with. */
function toolResults(requests) {
  const last = [...requests].reverse().find((r) => r.kind === 'final' || r.kind === 'tool-call');
  if (!last) return [];
  const parts = last.messages.flatMap((m) => m.content);
  const calls = new Map(parts.filter((p) => p.type === 'toolCall').map((p) => [p.callId, p]));
  return parts
    .filter((p) => p.type === 'toolResult')
    .map((p) => ({ tool: calls.get(p.callId)?.name, input: calls.get(p.callId)?.input, text: textOf(p) }));
}

export function checkAgentRun({ modelLog, dataHome, project, repo, hookCalls }) {
  const requests = readModelLog(modelLog);
  const results = toolResults(requests);
  const byTool = (name, pred = () => true) => results.find((r) => r.tool === name && pred(r));
  const out = [];
  const check = (name, ok, detail) => out.push({ name, ok: Boolean(ok), detail });
  const size = (r) => (r ? Buffer.byteLength(r.text) : -1);

  check(
    'the agent ran every scripted step and answered',
    requests.some((r) => r.kind === 'final'),
    `${requests.length} model requests`,
  );

  const fetch = byTool('run_in_terminal', (r) => /curl/.test(r.input?.command ?? ''));
  check(
    'the network fetch to stdout was redirected with our reason naming a tool VS Code has; the page never reached the model',
    fetch && !/Paragraph 14\d\d/.test(fetch.text) && /redirected/.test(fetch.text) && VSCODE_TOOL_NAME.test(fetch.text),
    fetch ? `${size(fetch)} B: ${fetch.text.slice(0, 240)}` : 'no result',
  );
  const fetchProblem = fetch ? redirectBlockProblem(fetch.text, project) : 'no result';
  check(
    'the fetch redirect reached the model as one clean block: once, no tool name wrapped, no shell prompt',
    !fetchProblem,
    fetchProblem ?? `${size(fetch)} B`,
  );

  const cat = byTool('run_in_terminal', (r) => /cat build\.log/.test(r.input?.command ?? ''));
  check(
    'the large cat was redirected within the budget',
    cat &&
      size(cat) <= BUDGET + DENY_PREFIX_BYTES &&
      /redirected/.test(cat.text) &&
      !/line 1500: compiling/.test(cat.text),
    cat ? `${size(cat)} B: ${cat.text.slice(0, 160)}` : 'no result',
  );
  const catProblem = cat ? redirectBlockProblem(cat.text, project) : 'no result';
  check(
    "the denied cat reached the model as one clean block carrying the log's digest with its last-line error",
    !catProblem && cat.text.includes(BUILD_LOG_ERROR),
    catProblem ?? `${size(cat)} B, error line ${cat.text.includes(BUILD_LOG_ERROR) ? 'kept' : 'missing'}`,
  );

  const own = byTool('mcp_context-mode_ctx_execute');
  check(
    'our MCP tool answered within the budget',
    own && size(own) <= BUDGET && /30000/.test(own.text),
    own ? `${size(own)} B` : 'no result',
  );

  // A file the agent reads may be one it edits next, so a large read is steered, not blocked: our guidance
  // rides along with the result.
  const read = byTool('read_file');
  check(
    'the large file read carried our guidance',
    read && /context-mode/.test(read.text) && VSCODE_TOOL_NAME.test(read.text),
    read ? `${size(read)} B` : 'no result',
  );

  const final = [...requests].reverse().find((r) => r.kind === 'final');
  const allText = final
    ? final.messages
        .flatMap((m) => m.content)
        .map(textOf)
        .join('\n')
    : '';
  const injections = (allText.match(/<context_mode[ >]/g) ?? []).length;
  check(
    'our context was injected exactly once, naming tools as VS Code does',
    injections === 1 && VSCODE_TOOL_NAME.test(allText),
    `${injections} injections`,
  );

  const calls = hookCalls && existsSync(hookCalls) ? readFileSync(hookCalls, 'utf8').split('\n').filter(Boolean) : [];
  const preTool = calls.filter((c) => /pretooluse/i.test(c)).length;
  check(
    'our pre-tool hook ran once per tool call',
    preTool === 4,
    `${preTool} pre-tool calls for 4 tool calls; all hook calls: ${calls.length}`,
  );

  const stats = JSON.parse(
    execFileSync(
      process.execPath,
      [join(repo, 'server/bin/context-mode.cjs'), 'stats', '--json', '--project', project],
      { env: { ...process.env, CONTEXT_MODE_HOME: dataHome }, encoding: 'utf8' },
    ),
  );
  const text = JSON.stringify(stats);
  check('the ledger recorded the session', /ctx_execute/.test(text), text.slice(0, 200));
  const sidebarFile = join(dataHome, 'sidebar-state.json');
  const seen = existsSync(sidebarFile) ? JSON.parse(readFileSync(sidebarFile, 'utf8')) : {};
  const shown = seen.sidebar?.stats?.session;
  const ledger = seen.ledger?.session;
  const shownProject = seen.sidebar?.stats?.projectTotals;
  const ledgerProject = seen.ledger?.projectTotals;
  check(
    'the sidebar shows, without a refresh being forced, the session and project figures the ledger recorded',
    shown &&
      ledger &&
      shown.id === ledger.id &&
      shown.netBytes === ledger.netBytes &&
      shown.savedBytes === ledger.savedBytes &&
      shownProject?.savedBytes === ledgerProject?.savedBytes &&
      ledgerProject?.savedBytes > 0,
    shown
      ? `session ${shown.id}: sidebar net ${shown.netBytes} B / saved ${shown.savedBytes} B, ledger net ${ledger?.netBytes} B / saved ${ledger?.savedBytes} B; project saved: sidebar ${shownProject?.savedBytes} B, ledger ${ledgerProject?.savedBytes} B`
      : 'no sidebar state',
  );
  // Copilot's hooks and the MCP server VS Code starts must record into one session, or the session figure
  // leaves out what our tools saved.
  check(
    "the session shown includes our MCP tool's savings",
    shown && shown.savedBytes > 0,
    shown
      ? `session ${shown.id} saved ${shown.savedBytes} B of the project's ${ledgerProject?.savedBytes} B`
      : 'no sidebar state',
  );
  // Before anything ran `stats`: the sidebar folds the hooks' redirect estimates itself, as stats does.
  const before = seen.beforeStats;
  const first = seen.firstStats;
  const same = (k) => before?.projectTotals?.[k] === first?.projectTotals?.[k];
  check(
    'before stats ever ran, the sidebar showed the figures stats --json then gave, redirect estimates included',
    before?.session &&
      first?.session &&
      before.session.id === first.session.id &&
      before.session.netBytes === first.session.netBytes &&
      ['savedBytes', 'netBytes', 'ownCostBytes', 'redirectEstimateBytes'].every(same) &&
      first.projectTotals.redirectEstimateBytes > 0,
    before
      ? `sidebar: session net ${before.session?.netBytes} B, project estimates ${before.projectTotals?.redirectEstimateBytes} B; stats --json: session net ${first?.session?.netBytes} B, estimates ${first?.projectTotals?.redirectEstimateBytes} B`
      : 'no sidebar state before stats',
  );
  const statusWant = ledger ? `${formatBytes(ledger.netBytes)} saved` : undefined;
  check(
    'the status bar shows the session net savings the ledger recorded',
    statusWant !== undefined && typeof seen.status === 'string' && seen.status.endsWith(statusWant),
    `status bar "${seen.status}", ledger ${statusWant}`,
  );
  return out;
}
