/**
 * Bytes → text for indexing. A byte-order mark decides the encoding (UTF-8, UTF-16 LE/BE); without one the
 * bytes must be UTF-8. A NUL byte (after BOM handling) or many undecodable sequences mean binary: the caller
 * skips the body with a note instead of storing noise as text.
 */
export type DecodedText = { text: string; encoding: 'utf-8' | 'utf-16le' | 'utf-16be' } | { binary: string };

const SNIFF_BYTES = 8000;

function decodeUtf16be(buf: Uint8Array): string {
  const swapped = Buffer.from(buf.subarray(0, buf.length - (buf.length % 2)));
  swapped.swap16();
  return swapped.toString('utf16le');
}

export function decodeText(bytes: Uint8Array): DecodedText {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) {
    return { text: buf.subarray(2, buf.length - (buf.length % 2)).toString('utf16le'), encoding: 'utf-16le' };
  }
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff)
    return { text: decodeUtf16be(buf.subarray(2)), encoding: 'utf-16be' };
  const body = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? buf.subarray(3) : buf;
  if (body.subarray(0, SNIFF_BYTES).includes(0)) return { binary: 'binary' };
  const text = body.toString('utf8');
  // Many replacement characters mean this was not UTF-8 text.
  const bad = (text.slice(0, SNIFF_BYTES).match(/\uFFFD/g) ?? []).length;
  if (bad > 8 && bad > Math.min(text.length, SNIFF_BYTES) / 200) return { binary: 'binary' };
  return { text, encoding: 'utf-8' };
}

/** For text that already is a string (tool arguments, process output): NUL characters mean binary. */
export function looksBinary(text: string): boolean {
  const head = text.slice(0, SNIFF_BYTES);
  const nuls = head.split('\u0000').length - 1;
  return nuls > 0 && nuls >= Math.max(1, head.length / 1000);
}
