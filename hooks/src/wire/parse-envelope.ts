import { isAbsolute } from 'node:path';
import type { CanonicalEvent, HostRecord } from '@context-mode/shared/platforms/types';
import type { Envelope, SessionStartSource } from '../core/types.js';
import { payloadFieldsOfAnyHost } from '@context-mode/shared/platforms/any-host-fields';
import { projectDirFromEnv, sessionIdFromEnv } from '@context-mode/shared/platforms/resolve-host';
import { canonicalToolName } from '../core/tool-aliases.js';

export interface EnvelopeInput {
  host: HostRecord;
  event: CanonicalEvent;
  hostEvent: string;
  /** The decoded stdin text ("" when the host sent nothing). */
  text: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  ppid: number;
}

export interface ParsedEnvelope {
  envelope: Envelope;
  /** Set when the payload was not a JSON object; the envelope is then built from an empty payload. */
  problem?: string;
}

type FallbackField = Parameters<typeof payloadFieldsOfAnyHost>[0];

const UUID_IN_TRANSCRIPT = /([a-f0-9-]{36})\.jsonl$/i;
const SOURCES: readonly SessionStartSource[] = ['startup', 'compact', 'resume', 'clear'];

/** The host's own field names first, then every other host's (the table's), for a caller that is a guess. */
function fieldsFor(host: HostRecord | undefined, key: FallbackField): string[] {
  const own: string[] = host?.payload?.value?.[key] ?? [];
  return [...own, ...payloadFieldsOfAnyHost(key).filter((f) => !own.includes(f))];
}

function pick(raw: Record<string, unknown>, fields: readonly string[]): unknown {
  for (const f of fields) {
    const v = raw[f];
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return undefined;
}

function str(v: unknown): string | undefined {
  if (typeof v === 'string' && v.trim() !== '') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parses the stdin text into a JSON object; anything else yields an empty payload and a stated problem. */
function parsePayload(text: string): { raw: Record<string, unknown>; problem?: string } {
  if (text.trim() === '') return { raw: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { raw: {}, problem: `payload is not JSON (${(err as Error).message.slice(0, 120)})` };
  }
  if (!isObject(value))
    return { raw: {}, problem: `payload is JSON ${Array.isArray(value) ? 'array' : typeof value}, not an object` };
  return { raw: value };
}

/**
 * Session id, in context-mode 1.0.169's order (docs/hosts.md#session-identity): the UUID of `transcript_path`, `conversation_id`,
 * `sessionId`, `session_id`, the host's own payload fields, the host's env vars, then `pid-<ppid>` so that
 * one host process keeps one id.
 */
function sessionIdOf(raw: Record<string, unknown>, host: HostRecord, env: NodeJS.ProcessEnv, ppid: number): string {
  const transcript = str(pick(raw, fieldsFor(host, 'transcriptPath')));
  const uuid = transcript ? UUID_IN_TRANSCRIPT.exec(transcript)?.[1] : undefined;
  if (uuid) return uuid;
  const fromPayload = str(
    pick(raw, ['conversation_id', 'sessionId', 'session_id', ...(host.payload?.value.sessionId ?? [])]),
  );
  if (fromPayload) return fromPayload;
  return str(sessionIdFromEnv(host, env)) ?? `pid-${ppid}`;
}

/** Project dir: payload cwd, `workspace_roots[0]`, the host's workspace env vars, then the process cwd. */
function projectDirOf(raw: Record<string, unknown>, host: HostRecord, env: NodeJS.ProcessEnv, cwd: string): string {
  const candidates: unknown[] = [pick(raw, fieldsFor(host, 'cwd'))];
  const roots = pick(raw, fieldsFor(host, 'workspaceRoots'));
  if (Array.isArray(roots)) candidates.push(roots[0]);
  candidates.push(projectDirFromEnv(host, env));
  for (const c of candidates) {
    const s = str(c);
    if (s && isAbsolute(s)) return s;
  }
  return cwd;
}

/** A subagent's tool calls pass through routing: its MCP tools may not be wired (context-mode 1.0.169 learned this from its issue #794). */
function isSubagentPayload(raw: Record<string, unknown>, host?: HostRecord): boolean {
  const fields = fieldsFor(host, 'subagent');
  return fields.some((f) => str(raw[f]) !== undefined);
}

function toolInputOf(v: unknown): Record<string, unknown> | undefined {
  if (isObject(v)) return v;
  // Copilot CLI sends `toolArgs` as a JSON string.
  if (typeof v === 'string' && v.trim().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(v);
      if (isObject(parsed)) return parsed;
    } catch {
      // Not JSON after all: treat the call as having no structured input.
    }
  }
  return undefined;
}

function toolIsErrorOf(raw: Record<string, unknown>, response: unknown): boolean | undefined {
  if (typeof raw.tool_is_error === 'boolean') return raw.tool_is_error;
  if (isObject(response)) {
    if (typeof response.is_error === 'boolean') return response.is_error;
    if (typeof response.isError === 'boolean') return response.isError;
    if (response.success === false) return true;
    if (typeof response.exit_code === 'number') return response.exit_code !== 0;
    if (typeof response.exitCode === 'number') return response.exitCode !== 0;
  }
  const resultType = isObject(raw.toolResult) ? raw.toolResult.resultType : undefined;
  if (typeof resultType === 'string') return resultType !== 'success';
  return undefined;
}

/** The tool name exactly as the host sent it (formatters echo it; the envelope carries the canonical name). */
export function rawToolName(raw: Record<string, unknown>, host: HostRecord): string | undefined {
  return str(pick(raw, fieldsFor(host, 'toolName')));
}

/** Normalises a host payload into the Envelope every handler reads; never throws. */
export function parseEnvelope(input: EnvelopeInput): ParsedEnvelope {
  const { raw, problem } = parsePayload(input.text);
  const { host, env } = input;
  const rawToolName = str(pick(raw, fieldsFor(host, 'toolName')));
  const toolResponse = pick(raw, fieldsFor(host, 'toolResponse'));
  const sourceValue = str(pick(raw, fieldsFor(host, 'sessionStartSource')))?.toLowerCase();
  const envelope: Envelope = {
    host,
    event: input.event,
    hostEvent: input.hostEvent,
    sessionId: sessionIdOf(raw, host, env, input.ppid),
    projectDir: projectDirOf(raw, host, env, input.cwd),
    isSubagent: isSubagentPayload(raw, host),
    raw,
  };
  if (rawToolName) envelope.toolName = canonicalToolName(rawToolName);
  const toolInput = toolInputOf(pick(raw, fieldsFor(host, 'toolInput')));
  if (toolInput) envelope.toolInput = toolInput;
  if (toolResponse !== undefined) envelope.toolResponse = toolResponse;
  const toolIsError = toolIsErrorOf(raw, toolResponse);
  if (toolIsError !== undefined) envelope.toolIsError = toolIsError;
  const prompt = pick(raw, fieldsFor(host, 'prompt'));
  if (typeof prompt === 'string') envelope.prompt = prompt;
  const source = sourceValue ? (host.sessionStartSources?.[sourceValue] ?? sourceValue) : undefined;
  if (source && (SOURCES as readonly string[]).includes(source))
    envelope.sessionStartSource = source as SessionStartSource;
  const transcript = str(pick(raw, fieldsFor(host, 'transcriptPath')));
  if (transcript) envelope.transcriptPath = transcript;
  return problem ? { envelope, problem } : { envelope };
}
