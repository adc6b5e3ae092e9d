// TEST ONLY: judges one agent run from the scripted model's request log — the ground truth of what reached the
// model — and from the engine's own stats for the project.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// The engine's byte formatter, which the status bar uses too (this file runs under tsx).
import { formatBytes } from '../../../shared/src/ledger/format-stats.ts';

const BUDGET = 4096;
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

  const cat = byTool('run_in_terminal', (r) => /cat build\.log/.test(r.input?.command ?? ''));
  check(
    'the large cat was redirected within the budget',
    cat && size(cat) <= BUDGET && /redirected/.test(cat.text) && !/line 2999: compiling/.test(cat.text),
    cat ? `${size(cat)} B: ${cat.text.slice(0, 160)}` : 'no result',
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
  const statusWant = ledger ? `${formatBytes(ledger.netBytes)} saved` : undefined;
  check(
    'the status bar shows the session net savings the ledger recorded',
    statusWant !== undefined && typeof seen.status === 'string' && seen.status.endsWith(statusWant),
    `status bar "${seen.status}", ledger ${statusWant}`,
  );
  return out;
}
