import { getHost } from '@context-mode/shared/platforms/host-table';
import { savedOutputText, stoppedReadText } from '../wire/saved-output.js';

/**
 * The whole of a tool output that OpenCode cut before `tool.execute.after` sees it, so the digest keeps every
 * error line and the knowledge base holds all of it. Where OpenCode keeps a cut output and how its read tool
 * stops are the host table's `savedOutput` facts (docs/hosts.md, test/hosts/opencode.test.ts). Anything that
 * does not check out gives back the text OpenCode passed.
 */
const host = getHost('opencode');
const SAVED = host.savedOutput?.value;
const READ_TOOLS = new Set(host.tools?.value.names.read ?? []);
const PATH_ARGS = host.tools?.value.args.filePath ?? [];

export function wholeOutput(tool: string, args: Record<string, unknown>, passed: string, metadata: unknown): string {
  if (!SAVED) return passed;
  if (READ_TOOLS.has(tool)) {
    const path = PATH_ARGS.map((field) => args[field]).find((v) => v !== undefined);
    return stoppedReadText(SAVED, path, args, passed, metadata) ?? passed;
  }
  return savedOutputText(SAVED, passed, metadata) ?? passed;
}
