import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { decodeText } from './decode-text.js';

/** Files above this are skipped (reported), never half-indexed. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/**
 * A regular file's text, read through one descriptor (no swap between check and read); undefined + reason when
 * unfit. The one reader of indexed files, for indexing and the search-time refresh alike, so both hash the same
 * text: BOM removed, UTF-16 decoded (see decodeText).
 */
export function readTextFile(path: string): { text?: string; reason?: string } {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const st = fstatSync(fd);
    if (!st.isFile()) return { reason: 'not a regular file' };
    if (st.size > MAX_FILE_BYTES) return { reason: `too large (${st.size} bytes > ${MAX_FILE_BYTES})` };
    const buf = Buffer.alloc(st.size);
    let off = 0;
    while (off < st.size) {
      const n = readSync(fd, buf, off, st.size - off, off);
      if (n === 0) break;
      off += n;
    }
    const decoded = decodeText(buf.subarray(0, off));
    if ('binary' in decoded) return { reason: decoded.binary };
    return { text: decoded.text };
  } catch (err) {
    return { reason: `unreadable (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
