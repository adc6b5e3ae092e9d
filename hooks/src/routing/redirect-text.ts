import { hostToolName } from '@context-mode/shared/platforms/resolve-host';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { joinWords } from '@context-mode/shared/shell/effective-commands';
import type { Flood, SuggestedCall } from './flood-rules.js';

/**
 * The words the model reads when a call is redirected. They name the exact ctx_* call with concrete
 * arguments, in the host's own tool naming, and read as an instruction, not as an error.
 */

/** A JSON string literal, which is also how tool arguments are written in the call examples. */
function lit(s: string): string {
  return JSON.stringify(s.length > 600 ? `${s.slice(0, 600)}…` : s);
}

export function summarize(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 200 ? `${one.slice(0, 199)}…` : one;
}

function sourceLabel(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.pathname === '/' ? '' : u.pathname}`.slice(0, 80);
  } catch {
    return url.slice(0, 80);
  }
}

/** The exact call to make instead, e.g. `mcp__context-mode__ctx_execute(language: "shell", code: "git log -n 50")`. */
function renderCall(host: HostRecord | undefined, call: SuggestedCall): string {
  const t = (name: string): string => hostToolName(host, name);
  switch (call.tool) {
    case 'ctx_fetch_and_index': {
      const source = sourceLabel(call.url);
      return `${t('ctx_fetch_and_index')}(url: ${lit(call.url)}, source: ${lit(source)}), then ${t('ctx_search')}(queries: ["<what you need>"], source: ${lit(source)})`;
    }
    case 'ctx_index':
      return `${t('ctx_index')}(path: ${lit(call.path)}, source: ${lit(call.path)}), then ${t('ctx_search')}(queries: ["<what you need>"], source: ${lit(call.path)})`;
    case 'ctx_execute':
      return `${t('ctx_execute')}(language: "shell", code: ${lit(call.code)}${call.intent ? `, intent: ${lit(`<${call.intent}>`)}` : ''})`;
  }
}

/** Redirect text for a shell command that would flood the context. */
export function shellRedirectText(host: HostRecord | undefined, command: string, flood: Flood): string {
  const what = flood.kind === 'inline-http' ? 'Inline HTTP' : `\`${summarize(command).slice(0, 80)}\``;
  const after =
    flood.call.tool === 'ctx_fetch_and_index'
      ? 'the page is indexed and only the sections you ask for come back.'
      : flood.call.tool === 'ctx_index'
        ? 'the file is indexed and only the sections you ask for come back.'
        : `only a digest comes back, and the full output stays searchable with ${hostToolName(host, 'ctx_search')}.`;
  return (
    `context-mode: ${what} redirected — it ${flood.why}, which would flood the context window. ` +
    `Call ${renderCall(host, flood.call)} instead: ${after}`
  );
}

/** Deny reason for a WebFetch call. */
export function webFetchRedirectText(host: HostRecord | undefined, url: string): string {
  return (
    `context-mode: WebFetch redirected — a whole page would flood the context window. ` +
    `Call ${renderCall(host, { tool: 'ctx_fetch_and_index', url })}: the page is indexed and only the sections you ask for come back. ` +
    `For an API, call ${hostToolName(host, 'ctx_execute')}(language: "javascript", code: "const r = await fetch(${JSON.stringify(url)}); console.log((await r.text()).slice(0, 2000))").`
  );
}

/**
 * Guidance for reading a large file whole. ctx_execute_file and ctx_index take only files inside the project;
 * for one outside it the guidance names a shell command in the sandbox, which may read anywhere.
 */
export function readGuidanceText(
  host: HostRecord | undefined,
  path: string,
  bytes: number,
  insideProject = true,
): string {
  const head = `<context_guidance><tip>context-mode: ${path} is ${Math.round(bytes / 1024)} KB; reading it whole fills the context window. `;
  const tail = 'Read it directly only to edit it, with offset and limit.</tip></context_guidance>';
  if (!insideProject) {
    const grep = `grep -n '<pattern>' ${joinWords([path])} | head -50`;
    return (
      head +
      `It is outside the project, so to analyse it call ${renderCall(host, { tool: 'ctx_execute', code: grep })} ` +
      `or ${renderCall(host, { tool: 'ctx_execute', code: joinWords(['tail', '-n', '200', path]) })}. ${tail}`
    );
  }
  return (
    head +
    `To analyse it, call ${hostToolName(host, 'ctx_execute_file')}(path: ${lit(path)}, language: "shell", code: "<commands that print only what you need>"), ` +
    `or ${renderCall(host, { tool: 'ctx_index', path })}. ${tail}`
  );
}

export function grepGuidanceText(host: HostRecord | undefined): string {
  return (
    `<context_guidance><tip>context-mode: searches with many matches flood the context window. For broad searches call ` +
    `${hostToolName(host, 'ctx_execute')}(language: "shell", code: "rg -n '<pattern>' | head -50") or index the tree once with ` +
    `${hostToolName(host, 'ctx_index')}(path: ".") and query it with ${hostToolName(host, 'ctx_search')}.</tip></context_guidance>`
  );
}

export function bashGuidanceText(host: HostRecord | undefined): string {
  return (
    `<context_guidance><tip>context-mode: commands that print more than ~20 lines belong in ` +
    `${hostToolName(host, 'ctx_execute')}(language: "shell", code: "…") or ${hostToolName(host, 'ctx_batch_execute')}: ` +
    `only a digest reaches the context and the output stays searchable.</tip></context_guidance>`
  );
}

export function externalMcpGuidanceText(host: HostRecord | undefined, tool: string): string {
  return (
    `<context_guidance><tip>context-mode: ${tool} returns its whole result into the context. When it may be large, ` +
    `save what you need to a file and process it with ${hostToolName(host, 'ctx_execute')}, or index it with ` +
    `${hostToolName(host, 'ctx_index')} and query it with ${hostToolName(host, 'ctx_search')}.</tip></context_guidance>`
  );
}

/** `echo '<text>'` for hosts that run a replacement command; single quotes keep every character literal. */
export function echoCommand(text: string): string {
  return `echo '${text.replace(/'/g, `'\\''`)}'`;
}
