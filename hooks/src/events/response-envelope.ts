/**
 * The text inside a host's tool-response envelope, and the same envelope with that text replaced. Hosts wrap
 * tool output differently (Claude Code Read: `{type, file: {content}}`, Bash: `{stdout, stderr}`, MCP content
 * parts, Gemini `{llmContent}`, plain strings); digests are built from the text, never from the JSON envelope,
 * and a host that validates replacements against the tool's own schema gets its own envelope back.
 * Shapes observed with real hosts: test/hosts/ (see docs/hosts.md).
 */
type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function partsText(parts: unknown[]): string | undefined {
  const texts = parts
    .map((p) => (isObj(p) && typeof p.text === 'string' ? p.text : ''))
    .filter(Boolean);
  return texts.length ? texts.join('\n') : undefined;
}

/** The tool's own text (and stderr apart, so its error lines are kept) from any known envelope. */
export function envelopeText(response: unknown): { text: string; stderr?: string } {
  if (typeof response === 'string') return { text: response };
  if (isObj(response)) {
    if (isObj(response.file) && typeof response.file.content === 'string') return { text: response.file.content };
    if (Array.isArray(response.content)) {
      const t = partsText(response.content);
      if (t !== undefined) return { text: t };
    }
    if (typeof response.stdout === 'string' || typeof response.stderr === 'string') {
      const stderr = typeof response.stderr === 'string' && response.stderr ? response.stderr : undefined;
      return { text: typeof response.stdout === 'string' ? response.stdout : '', ...(stderr ? { stderr } : {}) };
    }
    if (typeof response.llmContent === 'string') return { text: response.llmContent };
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
    return { ...response, stdout: text, ...(typeof response.stderr === 'string' ? { stderr: '' } : {}) };
  }
  if (typeof response.llmContent === 'string' || Array.isArray(response.llmContent)) return { ...response, llmContent: text };
  if (typeof response.output === 'string') return { ...response, output: text };
  return undefined;
}
