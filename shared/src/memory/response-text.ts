/** Text of a tool response in any host's shape: a string, {stdout, stderr}, MCP content blocks, {output}, … */
export function responseText(resp: unknown, max = 64 * 1024): string {
  const out = collect(resp, 0);
  return out.length > max ? out.slice(0, max) : out;
}

function collect(v: unknown, depth: number): string {
  if (v == null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (depth > 3) return '';
  if (Array.isArray(v))
    return v
      .map((x) => collect(x, depth + 1))
      .filter(Boolean)
      .join('\n');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const parts: string[] = [];
    for (const k of ['stdout', 'stderr', 'output', 'result', 'text', 'content', 'llmContent', 'error', 'message']) {
      if (k in o) parts.push(collect(o[k], depth + 1));
    }
    if (parts.some(Boolean)) return parts.filter(Boolean).join('\n');
    if (o.file && typeof o.file === 'object') return collect((o.file as Record<string, unknown>).content, depth + 1);
    try {
      return JSON.stringify(o);
    } catch {
      return '';
    }
  }
  return '';
}

/** The exit code a response reports, when it reports one. */
function responseExitCode(resp: unknown): number | undefined {
  if (!resp || typeof resp !== 'object') return undefined;
  const o = resp as Record<string, unknown>;
  for (const k of ['exit_code', 'exitCode', 'returnCode', 'return_code', 'code']) {
    const v = o[k];
    if (typeof v === 'number' && Number.isInteger(v)) return v;
  }
  return undefined;
}

/** True when the response says it is an error (`is_error`, `isError`, `error` set, non-zero exit). */
export function responseSaysError(resp: unknown): boolean {
  if (!resp || typeof resp !== 'object') return false;
  const o = resp as Record<string, unknown>;
  if (o.is_error === true || o.isError === true || o.success === false) return true;
  if (typeof o.error === 'string' && o.error.length > 0) return true;
  const code = responseExitCode(resp);
  return code !== undefined && code !== 0;
}
