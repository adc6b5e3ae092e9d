import { hostToolName } from '../platforms/resolve-host.js';
import type { HostRecord } from '../platforms/types.js';
import {
  INSTRUCTION_TEMPLATE,
  ROUTING_BLOCK_BUDGET,
  ROUTING_BLOCK_TEMPLATE,
  TEMPLATE_TOOLS,
} from './routing-template.js';

/** Markers around our block in a host's instruction file, so setup can replace exactly what it added. */
export const BLOCK_START = '<!-- context-mode:start -->';
export const BLOCK_END = '<!-- context-mode:end -->';

function fill(template: string, host: HostRecord | undefined): string {
  let out = template;
  // Longest names first so `ctx_execute_file` is not half-replaced by `ctx_execute`.
  for (const tool of [...TEMPLATE_TOOLS].sort((a, b) => b.length - a.length)) {
    out = out.split(`{${tool}}`).join(hostToolName(host, tool));
  }
  return out;
}

function cutToBytes(text: string, budget: number): string {
  if (Buffer.byteLength(text) <= budget) return text;
  // Drop whole lines from the end of the list until the block fits, keeping its closing tag.
  const lines = text.split('\n');
  const close = lines.pop()!;
  while (lines.length > 1 && Buffer.byteLength([...lines, close].join('\n')) > budget)
    lines.splice(lines.length - 2, 1);
  return [...lines, close].join('\n');
}

/** The routing block injected at session start, with the host's tool names; never over ROUTING_BLOCK_BUDGET. */
export function renderRoutingBlock(host: HostRecord | undefined, budget = ROUTING_BLOCK_BUDGET): string {
  return cutToBytes(fill(ROUTING_BLOCK_TEMPLATE, host), budget);
}

/** The marker-delimited block that goes into a host's instruction file (setup merges it; configs/ holds it). */
/** With no host, the tools keep their bare names (`ctx_execute`): the block for a file several hosts read. */
export function renderInstructionBlock(host: HostRecord | undefined): string {
  return `${BLOCK_START}\n${fill(INSTRUCTION_TEMPLATE, host).trimEnd()}\n${BLOCK_END}\n`;
}

/**
 * A complete instruction file for a host, as generated into configs/<host>/<instruction file>. Cursor rule
 * files (.mdc) need front matter to apply to every request.
 */
export function renderInstructionFile(host: HostRecord): string {
  const block = renderInstructionBlock(host);
  if (host.instructionFile.value.endsWith('.mdc')) {
    return `---\ndescription: context-mode routing rules (generated; do not edit)\nalwaysApply: true\n---\n\n${block}`;
  }
  return block;
}
