/**
 * Binary output (an image, an archive, random bytes) is not text a model can read: pasted, 30 MB of it took
 * 89 s to digest and came back as undecodable characters. A stream is judged on its first bytes; a binary one is
 * counted, its head kept, and described in the answer instead of decoded.
 */

/** Bytes of a stream judged before it is decoded, and kept of a binary one for its description. */
export const SAMPLE_BYTES = 4096;
const PREVIEW_BYTES = 64;

/** What is kept of a stream judged binary. */
export interface BinaryStream {
  bytes: number;
  head: Buffer;
}

/**
 * True when `sample` (the stream's first bytes) is binary: a NUL byte, or more than a tenth undecodable as UTF-8
 * or control characters other than tab, newline, carriage return, form feed, backspace and escape.
 */
export function looksBinary(sample: Buffer, complete = true): boolean {
  if (sample.length === 0) return false;
  if (sample.includes(0)) return true;
  let control = 0;
  for (const b of sample) if (b < 0x20 && b !== 9 && b !== 10 && b !== 13 && b !== 12 && b !== 8 && b !== 27) control++;
  // A multi-byte character cut at the sample's end (more is still to come) is not counted against it.
  const text = new TextDecoder('utf-8').decode(complete ? sample : sample.subarray(0, Math.max(0, sample.length - 3)));
  let undecodable = 0;
  for (const ch of text) if (ch === '\uFFFD') undecodable++;
  return (control + undecodable) / sample.length > 0.1;
}

/** Common file signatures, for naming what the bytes are. */
const SIGNATURES: Array<[string, number[]]> = [
  ['PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['JPEG image', [0xff, 0xd8, 0xff]],
  ['GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['PDF document', [0x25, 0x50, 0x44, 0x46]],
  ['ZIP archive', [0x50, 0x4b, 0x03, 0x04]],
  ['gzip data', [0x1f, 0x8b]],
  ['bzip2 data', [0x42, 0x5a, 0x68]],
  ['xz data', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  ['zstd data', [0x28, 0xb5, 0x2f, 0xfd]],
  ['ELF executable', [0x7f, 0x45, 0x4c, 0x46]],
  ['WebAssembly module', [0x00, 0x61, 0x73, 0x6d]],
  ['SQLite database', [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65]],
];

function binaryKind(head: Buffer): string {
  for (const [kind, sig] of SIGNATURES) if (sig.every((b, i) => head[i] === b)) return kind;
  return 'binary data';
}

/** Printable ASCII of the head, other bytes as '.', as a hex dump's right column shows them. */
const printable = (buf: Buffer) => [...buf].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');

/** A few lines naming the stream's size and kind, with a hex and printable preview of its first bytes. */
export function describeBinary(name: string, s: BinaryStream): string {
  const head = s.head.subarray(0, PREVIEW_BYTES);
  const rows: string[] = [];
  for (let at = 0; at < head.length; at += 16) {
    const row = head.subarray(at, at + 16);
    const hex = [...row].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    rows.push(`${at.toString(16).padStart(8, '0')}  ${hex.padEnd(47)}  ${printable(row)}`);
  }
  return (
    `${name}: ${s.bytes} bytes of binary output (${binaryKind(s.head)}), not shown as text. ` +
    `First ${head.length} bytes:\n${rows.join('\n')}\n` +
    'Write it to a file and inspect it with a tool that reads that format.'
  );
}
