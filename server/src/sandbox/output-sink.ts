import { StringDecoder } from 'node:string_decoder';
import { looksBinary, SAMPLE_BYTES, type BinaryStream } from './binary-output.js';

/**
 * One output stream of a process: decoded as UTF-8 across chunk boundaries, unless its first bytes are binary,
 * in which case only its size and head are kept (binary-output.ts). The first SAMPLE_BYTES are held until judged.
 */
export class OutputSink {
  private text = '';
  private readonly decoder = new StringDecoder('utf8');
  private sample: Buffer[] | undefined = [];
  private sampled = 0;
  private binaryStream: BinaryStream | undefined;

  write(chunk: Buffer): void {
    if (this.binaryStream) {
      this.binaryStream.bytes += chunk.length;
      return;
    }
    if (!this.sample) {
      this.text += this.decoder.write(chunk);
      return;
    }
    this.sample.push(chunk);
    this.sampled += chunk.length;
    if (this.sampled >= SAMPLE_BYTES) this.judge(false);
  }

  /** Everything written, decoded (empty for a binary stream). */
  end(): string {
    if (this.sample) this.judge(true);
    if (!this.binaryStream) this.text += this.decoder.end();
    return this.text;
  }

  /** Size and head of the stream, when it was judged binary (after end()). */
  get binary(): BinaryStream | undefined {
    return this.binaryStream;
  }

  private judge(complete: boolean): void {
    const all = Buffer.concat(this.sample ?? []);
    this.sample = undefined;
    if (looksBinary(all.subarray(0, SAMPLE_BYTES), complete)) {
      this.binaryStream = { bytes: all.length, head: Buffer.from(all.subarray(0, SAMPLE_BYTES)) };
      return;
    }
    this.text += this.decoder.write(all);
  }
}
