// TEST ONLY. A scripted language model for VS Code's Copilot agent: each request is logged whole (so a test can
// see exactly what reached the model), and the answer is the next step of the script — a tool call while steps
// remain, plain text after. Requests without tools (titles, summaries) get a short text answer.
const vscode = require('vscode');
const fs = require('node:fs');

const VENDOR = 'context-mode-test';
const MODEL_ID = 'scripted';

function partToJson(p) {
  if (p instanceof vscode.LanguageModelTextPart) return { type: 'text', text: p.value };
  if (p instanceof vscode.LanguageModelToolCallPart)
    return { type: 'toolCall', callId: p.callId, name: p.name, input: p.input };
  if (p instanceof vscode.LanguageModelToolResultPart)
    return { type: 'toolResult', callId: p.callId, content: (p.content || []).map(partToJson) };
  if (p && typeof p.value === 'string') return { type: 'text', text: p.value };
  if (p && p.value !== undefined) return { type: 'other', value: safe(p.value) };
  return { type: 'unknown', value: safe(p) };
}

function safe(v) {
  try {
    return JSON.parse(JSON.stringify(v));
  } catch {
    return String(v);
  }
}

function readScript() {
  const file = process.env.CM_AGENT_SCRIPT;
  return file && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { steps: [] };
}

function log(entry) {
  const file = process.env.CM_AGENT_LOG;
  if (file) fs.appendFileSync(file, JSON.stringify(entry) + '\n');
}

exports.activate = function activate(context) {
  const info = {
    id: MODEL_ID,
    name: 'Scripted',
    family: 'scripted',
    version: '1',
    maxInputTokens: 200000,
    maxOutputTokens: 8000,
    tooltip: 'test only',
    capabilities: { toolCalling: 128, imageInput: false },
  };
  context.subscriptions.push(
    vscode.lm.registerLanguageModelChatProvider(VENDOR, {
      provideLanguageModelChatInformation: () => [info],
      provideTokenCount: async (_m, text) =>
        Math.ceil((typeof text === 'string' ? text.length : JSON.stringify(text).length) / 4),
      provideLanguageModelChatResponse: async (_model, messages, options, progress) => {
        const tools = (options.tools || []).map((t) => t.name);
        const msgs = messages.map((m) => ({ role: m.role, name: m.name, content: (m.content || []).map(partToJson) }));
        const callsSoFar = msgs.flatMap((m) => m.content).filter((p) => p.type === 'toolCall').length;
        const { steps } = readScript();
        const entry = { at: Date.now(), tools, messages: msgs, step: callsSoFar };
        if (!tools.length) {
          log({ ...entry, kind: 'utility' });
          progress.report(new vscode.LanguageModelTextPart('Scripted test session'));
          return;
        }
        const step = steps[callsSoFar];
        if (!step) {
          log({ ...entry, kind: 'final' });
          progress.report(new vscode.LanguageModelTextPart('Done: every scripted step ran.'));
          return;
        }
        const name =
          tools.find((t) => t === step.tool) || tools.find((t) => new RegExp(step.toolPattern || '^$').test(t));
        if (!name) {
          log({ ...entry, kind: 'missing-tool', wanted: step.tool || step.toolPattern });
          progress.report(
            new vscode.LanguageModelTextPart(
              `The scripted step wanted a tool ${step.tool || step.toolPattern} that is not offered.`,
            ),
          );
          return;
        }
        log({ ...entry, kind: 'tool-call', tool: name });
        progress.report(new vscode.LanguageModelToolCallPart(`call_${callsSoFar}_${Date.now()}`, name, step.input));
      },
    }),
  );
};
