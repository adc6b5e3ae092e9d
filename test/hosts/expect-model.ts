import type { FakeModel } from './fake-model/server.js';
import type { ConversationView, LoggedRequest, ModelApi } from './fake-model/types.js';
import type { HostRun } from './run-host.js';

const API_NAME: Record<ModelApi, string> = {
  anthropic: 'Anthropic Messages',
  'openai-responses': 'OpenAI Responses',
  'openai-chat': 'OpenAI Chat Completions',
  gemini: 'Gemini generateContent',
};

/** What each API calls a tool's result, so a message reads in the host's own protocol terms. */
const RESULT_NAME: Record<ModelApi, string> = {
  anthropic: 'tool_result',
  'openai-responses': 'function_call_output',
  'openai-chat': 'tool message',
  gemini: 'functionResponse',
};

export interface ModelExpectation {
  api: ModelApi;
  /** The tools whose results must have reached the model, in order (the scripted calls). */
  toolResultsFor?: string[];
}

const a = (name: string) => `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;

function describeRequest(r: LoggedRequest): string {
  if (r.unknown) return r.unknown;
  const v = r.view;
  if (!v) return `${r.method} ${r.path}`;
  if (v.toolResults.length === 0) return `${a(API_NAME[v.api])} request with no tool results`;
  return `${a(API_NAME[v.api])} request with ${RESULT_NAME[v.api]}s for ${v.toolResults.map((t) => t.toolName ?? t.callId).join(', ')}`;
}

/** The request holding the most tool results (what finally sat in the model's context), or the last one. */
function fullest(views: ConversationView[]): ConversationView | undefined {
  let best: ConversationView | undefined;
  for (const v of views) if (!best || v.toolResults.length >= best.toolResults.length) best = v;
  return best;
}

/**
 * What differed between the traffic the fake model saw from a host and what the scenario needs, naming host and
 * version (`label`), or undefined when it matches. Requests in a shape the fake does not know are named, so a
 * host that changed its protocol says how; a host that never called the model says that, with its exit.
 */
export function modelTrafficProblem(
  label: string,
  model: FakeModel,
  expected: ModelExpectation,
  run?: HostRun,
): string | undefined {
  const api = API_NAME[expected.api];
  const how = run ? ` (host exited ${run.code ?? run.signal}${run.timedOut ? ', timed out' : ''})` : '';
  const views = model.requests.flatMap((r) => (r.view && r.view.api === expected.api ? [r.view] : []));
  const unknown = model.requests.filter((r) => r.unknown || (r.view && r.view.api !== expected.api));
  if (model.requests.length === 0) return `${label}: expected ${api} requests at ${model.url}, got none${how}`;
  if (views.length === 0)
    return `${label}: expected ${api} requests, got ${unknown.map(describeRequest).slice(0, 3).join('; ') || 'none the fake model could read'}${how}`;
  const want = expected.toolResultsFor;
  if (!want) return undefined;
  const best = fullest(views)!;
  const got = best.toolResults;
  const missing =
    got.length < want.length || want.some((name, i) => got[i]?.toolName !== undefined && got[i]!.toolName !== name);
  if (!missing) return undefined;
  const wanted = `${RESULT_NAME[expected.api]} for ${want.join(', ')}`;
  const alsoUnknown = unknown.length ? `; also ${unknown.map(describeRequest).slice(0, 2).join('; ')}` : '';
  return `${label}: expected ${a(api)} request with ${wanted}, got ${describeRequest({ method: '', path: '', body: undefined, at: 0, view: best })}${alsoUnknown}${how}`;
}

export function assertModelTraffic(label: string, model: FakeModel, expected: ModelExpectation, run?: HostRun): void {
  const problem = modelTrafficProblem(label, model, expected, run);
  if (problem) throw new Error(problem);
}
