import { closeSync, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { isAbsolute } from 'node:path';

/**
 * The whole of a long tool output that the host kept in a file of its own. Claude Code 2.1.332 hands PostToolUse
 * only the first 30,000 characters of a long Bash output (`tool_response.stdout`) and names the file holding all
 * of it in `tool_response.persistedOutputPath` (docs/hosts.md, test/hosts/claude-code.test.ts): a digest of the
 * cut text would lose every error line past it.
 */

/** Above this the file is not read; the digest then comes from the text the host passed. */
export const PERSISTED_MAX_BYTES = 32 * 1024 * 1024;

/** How much of the passed text the file must begin with to count as the same output. */
const PREFIX_CHARS = 2000;

/**
 * The file's text when it is plausibly the host's copy of this very output: an absolute path to a regular file
 * (not a link), no larger than the bound, no shorter than the text the host passed, and beginning with that text.
 * Anything else (missing, unreadable, a different file) gives undefined and the caller keeps the passed text.
 */
export function readPersistedOutput(path: unknown, passed: string): string | undefined {
  // An empty passed text is the start of every file: it proves nothing.
  if (typeof path !== 'string' || path === '' || !isAbsolute(path) || passed.trim() === '') return undefined;
  const text = readRegularFile(path, PERSISTED_MAX_BYTES);
  if (text === undefined || Buffer.byteLength(text, 'utf8') < Buffer.byteLength(passed, 'utf8')) return undefined;
  // Leading blank lines may be trimmed from the passed text and not from the file.
  return text.trimStart().startsWith(passed.trimStart().slice(0, PREFIX_CHARS)) ? text : undefined;
}

/** A regular file (not a link) of at most `maxBytes`, as UTF-8; undefined for anything else or on any error. */
export function readRegularFile(path: string, maxBytes: number): string | undefined {
  let fd: number | undefined;
  try {
    if (!lstatSync(path).isFile()) return undefined;
    fd = openSync(path, 'r');
    const size = fstatSync(fd).size;
    if (size > maxBytes) return undefined;
    const buf = Buffer.alloc(size);
    let at = 0;
    while (at < size) {
      const n = readSync(fd, buf, at, size - at, at);
      if (n === 0) break;
      at += n;
    }
    return buf.subarray(0, at).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
