import { basename, dirname, isAbsolute } from 'node:path';
import { PERSISTED_MAX_BYTES, readRegularFile } from '../wire/persisted-output.js';

/**
 * The whole of a tool output that OpenCode cut before `tool.execute.after` sees it, so the digest keeps every
 * error line and the knowledge base holds all of it. OpenCode 1.18.33 (docs/hosts.md, test/hosts/opencode.test.ts)
 * passes a ~50 KB window of a long bash output and keeps the whole in `<data>/tool-output/tool_<id>`, named in
 * `metadata.outputPath` and in the text ("Full output saved to: …"); its read tool stops at 50 KB ("Use
 * offset=N to continue") and the whole is the file the model asked for. Anything that does not check out gives
 * back the text OpenCode passed.
 */
export function wholeOutput(tool: string, args: Record<string, unknown>, passed: string, metadata: unknown): string {
  if (tool === 'read') return wholeFileRead(args, passed, metadata) ?? passed;
  const path = savedOutputPath(passed, metadata);
  if (!path) return passed;
  const text = readRegularFile(path, PERSISTED_MAX_BYTES);
  return text !== undefined && holdsPassedLines(text, passed) ? text : passed;
}

function savedOutputPath(passed: string, metadata: unknown): string | undefined {
  const fromMeta = isRecord(metadata) && typeof metadata.outputPath === 'string' ? metadata.outputPath : undefined;
  const path = fromMeta ?? /Full output saved to: (\S+)/.exec(passed)?.[1];
  // Only OpenCode's own store of cut outputs: a tool's text naming some other file must not get it read.
  if (!path || !isAbsolute(path) || basename(dirname(path)) !== 'tool-output' || !/^tool_\w+$/.test(basename(path)))
    return undefined;
  return path;
}

/** A read the model did not page itself (no offset or limit) that OpenCode stopped short of the file's end. */
function wholeFileRead(args: Record<string, unknown>, passed: string, metadata: unknown): string | undefined {
  const path = args.filePath;
  if (typeof path !== 'string' || !isAbsolute(path) || args.offset !== undefined || args.limit !== undefined)
    return undefined;
  const cut = (isRecord(metadata) && metadata.truncated === true) || /Use offset=\d+ to continue/.test(passed);
  if (!cut) return undefined;
  const text = readRegularFile(path, PERSISTED_MAX_BYTES);
  // A binary file has no lines worth a digest; OpenCode's own answer stands.
  return text === undefined || text.includes('\u0000') ? undefined : text;
}

/** Lines of the passed window (not OpenCode's own notes) must occur in the file: the file is this output. */
function holdsPassedLines(text: string, passed: string): boolean {
  const sample = passed
    .split('\n')
    .filter((l) => l.trim().length >= 16 && !/output truncated|Full output saved to/.test(l))
    .slice(0, 5);
  return sample.length > 0 && sample.every((l) => text.includes(l));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
