/**
 * The text inside a host's tool-response envelope, and the same envelope with that text replaced. Hosts wrap
 * tool output differently (Claude Code Read: `{type, file: {content}}`, Bash: `{stdout, stderr}`, MCP content
 * parts, Gemini `{llmContent}`, plain strings); digests are built from the text, never from the JSON envelope,
 * and a host that validates replacements against the tool's own schema gets its own envelope back.
 * Shapes observed with real hosts: test/hosts/ (see docs/hosts.md).
 */
import type { SavedOutput } from '@context-mode/shared/platforms/types';
import { reportedSavedBytes, savedOutputText, withoutSavedOutputFields } from './saved-output.js';

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function partsText(parts: unknown[]): string | undefined {
  const texts = parts.map((p) => (isObj(p) && typeof p.text === 'string' ? p.text : '')).filter(Boolean);
  return texts.length ? texts.join('\n') : undefined;
}

/** What a tool produced, as far as the hook can know it. */
export interface ToolText {
  text: string;
  /** Kept apart so its error lines are kept. */
  stderr?: string;
  /** The whole output's size in bytes when the host says it cut the text it passed (a host's `savedOutput.sizeField`). */
  hostReportedBytes?: number;
}

/** Shell output, whole from the file a host kept it in when the host cut it (Claude Code's Bash). */
function shellText(response: Obj, saved: SavedOutput | undefined): ToolText {
  const passed = typeof response.stdout === 'string' ? response.stdout : '';
  const stderr = typeof response.stderr === 'string' && response.stderr ? response.stderr : undefined;
  const size = saved ? reportedSavedBytes(response, saved) : undefined;
  const text = wholeText(saved, passed, response) ?? passed;
  return { text, ...(stderr ? { stderr } : {}), ...(size !== undefined ? { hostReportedBytes: size } : {}) };
}

/** The whole output under the calling host's own `savedOutput` facts; no other host's rules apply to its text. */
function wholeText(saved: SavedOutput | undefined, passed: string, response: Obj): string | undefined {
  if (!saved || passed === '') return undefined;
  return savedOutputText(saved, passed, saved.fieldsIn === 'tool-response' ? response : undefined);
}

/**
 * The tool's own text (and stderr apart, so its error lines are kept) from any known envelope. `saved`: the
 * calling host's `savedOutput` facts, when it keeps a cut output whole somewhere.
 */
export function envelopeText(response: unknown, saved?: SavedOutput): ToolText {
  if (typeof response === 'string') return { text: response };
  if (isObj(response)) {
    if (isObj(response.file) && typeof response.file.content === 'string') return { text: response.file.content };
    if (Array.isArray(response.content)) {
      const t = partsText(response.content);
      if (t !== undefined) return { text: t };
    }
    if (typeof response.stdout === 'string' || typeof response.stderr === 'string') return shellText(response, saved);
    if (typeof response.llmContent === 'string')
      return { text: wholeText(saved, response.llmContent, response) ?? response.llmContent };
    if (Array.isArray(response.llmContent)) {
      const t = partsText(response.llmContent);
      if (t !== undefined) return { text: t };
    }
    if (typeof response.output === 'string') return { text: response.output };
  }
  return { text: JSON.stringify(response) ?? '' };
}

/**
 * `response` with its text replaced by `text` (stderr emptied, since the digest holds its error lines), or
 * undefined when the envelope has no known text field — then no replacement the host would accept exists.
 * A host's saved-output fields (the table's `savedOutput`) are dropped: with them Claude 2.1.332 wraps even our short digest in its
 * `<persisted-output>` note and shows the model only the digest's first 2 KB; without them the digest reaches
 * the model whole (test/hosts/claude-code.test.ts).
 */
export function withEnvelopeText(response: unknown, text: string): unknown {
  if (typeof response === 'string') return text;
  if (!isObj(response)) return undefined;
  if (isObj(response.file) && typeof response.file.content === 'string') {
    const lines = text.split('\n').length;
    return { ...response, file: { ...response.file, content: text, numLines: lines } };
  }
  if (Array.isArray(response.content)) return { ...response, content: [{ type: 'text', text }] };
  if (typeof response.stdout === 'string' || typeof response.stderr === 'string') {
    const rest = withoutSavedOutputFields(response);
    return { ...rest, stdout: text, ...(typeof response.stderr === 'string' ? { stderr: '' } : {}) };
  }
  if (typeof response.llmContent === 'string' || Array.isArray(response.llmContent))
    return { ...response, llmContent: text };
  if (typeof response.output === 'string') return { ...response, output: text };
  return undefined;
}
