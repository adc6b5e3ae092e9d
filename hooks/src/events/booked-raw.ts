import { builtinToolRole } from '@context-mode/shared/platforms/tool-names';
import type { HostRecord } from '@context-mode/shared/platforms/types';

/**
 * The raw size a replaced output is booked against: what the model would have received without us. A host that
 * cuts some tools' long output itself (the host table's `outputCut`: Gemini CLI keeps 40 KB, Claude Code turns
 * Bash output above 30,000 characters into a 2 KB preview) would have passed on no more than its cut.
 * `produced` is the whole output's size as far as the hook knows it.
 */
export function bookedRawBytes(host: HostRecord, tool: string, produced: number): number {
  const cut = host.outputCut?.value;
  if (!cut || !cutsTool(cut.tools, tool)) return produced;
  return produced > (cut.above ?? cut.bytes) ? Math.min(produced, cut.bytes) : produced;
}

/** The cut names tools canonically (`Bash`, `Read`); a host's own name for the same tool (OpenCode's `bash`) counts. */
function cutsTool(tools: string[], tool: string): boolean {
  if (tools.includes(tool)) return true;
  const role = builtinToolRole(tool);
  return role !== undefined && tools.some((t) => builtinToolRole(t) === role);
}
