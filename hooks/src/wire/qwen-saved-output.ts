import { basename, isAbsolute } from 'node:path';
import { PERSISTED_MAX_BYTES, readRegularFile } from './persisted-output.js';

/**
 * The whole of a shell output that Qwen Code cut before PostToolUse. Qwen Code 0.24.4 turns shell output above
 * 30,000 characters into a ~4.5 KB head-and-tail preview in `llmContent`, names the file holding all of it ("The
 * full output has been saved to: <path>", a `run_shell_command_<id>.output` under ~/.qwen/tmp/) and passes the
 * hook nothing more (test/hosts/qwen-code.test.ts): a digest of the preview would lose the error lines in the
 * middle. Anything that does not check out gives undefined and the preview stands.
 */
export function qwenSavedShellOutput(passed: string): string | undefined {
  const path = /The full output has been saved to: (\S+)/.exec(passed)?.[1];
  // Only Qwen's own store of cut shell output: a tool's text naming some other file must not get it read.
  if (!path || !isAbsolute(path) || !/^run_shell_command_\w+\.output$/.test(basename(path))) return undefined;
  const text = readRegularFile(path, PERSISTED_MAX_BYTES);
  return text !== undefined && holdsPreviewLines(text, passed) ? text : undefined;
}

/** Lines of the preview (not Qwen's own notes) must occur in the file: the file is this output. */
function holdsPreviewLines(text: string, passed: string): boolean {
  const body = passed.split('Truncated part of the output:')[1] ?? '';
  const sample = body
    .split('\n')
    .filter((l) => l.trim().length >= 16 && !l.includes('[CONTENT TRUNCATED]'))
    .slice(0, 5);
  return sample.length > 0 && sample.every((l) => text.includes(l));
}
