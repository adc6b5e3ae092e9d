import { fstatSync, readSync } from 'node:fs';
import { Socket } from 'node:net';
import { isatty } from 'node:tty';
import { DEFAULT_HOOK_STDIN_IDLE_MS, readSetting } from '@context-mode/shared/settings/settings';

/** However steadily it trickles, a payload must be complete within this (a 1 byte/s writer kept hooks alive). */
const DEFAULT_TOTAL_MS = 10_000;
/** Payloads above this are refused: no host sends a legitimate hook payload this large. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

/**
 * What reading the hook payload produced.
 * - `text`: EOF (with or without data) or an idle pipe with nothing buffered; `text` is "" when nothing came.
 * - `stalled`: the pipe went idle after a partial payload; acting on half a JSON document would be a guess.
 * - `too-large`: the payload passed the limit; reading stopped there.
 */
export type StdinRead =
  | { kind: 'text'; text: string; bytes: number }
  | { kind: 'stalled'; bytes: number; reason: string }
  | { kind: 'too-large'; bytes: number; reason: string };

export interface ReadStdinOptions {
  fd?: number;
  idleMs?: number;
  /** Overall deadline for the whole payload. */
  totalMs?: number;
  maxBytes?: number;
}

/** The idle timeout from the environment, falling back to the default on anything that is not a sane number. */
export function idleMsFromEnv(env: NodeJS.ProcessEnv): number {
  return readSetting('hookStdinIdleMs', env);
}

/** Decodes bytes leniently (invalid UTF-8 becomes U+FFFD) and drops one leading byte-order mark. */
export function decodePayload(buf: Buffer): string {
  const text = buf.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Reads the whole payload from `fd` with an idle timer re-armed per chunk.
 *
 * Pipes and sockets are read through a non-blocking socket handle: a blocking read on a thread-pool thread
 * would keep the process from exiting when the host never closes stdin (libuv joins its threads at exit).
 * Regular files and /dev/null are read synchronously (they always end); a terminal means nobody is sending
 * a payload, so it reads as empty at once.
 */
export function readStdin(options: ReadStdinOptions = {}): Promise<StdinRead> {
  const fd = options.fd ?? 0;
  const idleMs = options.idleMs ?? DEFAULT_HOOK_STDIN_IDLE_MS;
  const maxBytes = options.maxBytes ?? MAX_PAYLOAD_BYTES;
  const totalMs = Math.max(idleMs, options.totalMs ?? DEFAULT_TOTAL_MS);
  let kind: 'stream' | 'file' | 'empty';
  try {
    const st = fstatSync(fd);
    kind = st.isFIFO() || st.isSocket() ? 'stream' : st.isFile() ? 'file' : isatty(fd) ? 'empty' : 'file';
  } catch {
    kind = 'empty';
  }
  if (kind === 'empty') return Promise.resolve({ kind: 'text', text: '', bytes: 0 });
  if (kind === 'file') return Promise.resolve(readFileFd(fd, maxBytes));
  return readStream(fd, idleMs, totalMs, maxBytes);
}

function readFileFd(fd: number, maxBytes: number): StdinRead {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for (;;) {
      const buf = Buffer.allocUnsafe(64 * 1024);
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      total += n;
      if (total > maxBytes)
        return { kind: 'too-large', bytes: total, reason: `payload larger than ${maxBytes} bytes refused` };
      chunks.push(buf.subarray(0, n));
    }
  } catch {
    // EOF-like errors (EAGAIN on a non-blocking fd, EISDIR, …): use what arrived.
  }
  return { kind: 'text', text: decodePayload(Buffer.concat(chunks, total)), bytes: total };
}

/** A buffered payload that already parses as JSON is whole: the host sends one JSON document. */
function completeJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function readStream(fd: number, idleMs: number, totalMs: number, maxBytes: number): Promise<StdinRead> {
  return new Promise<StdinRead>((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    let socket: Socket | undefined;
    const finish = (result: StdinRead): void => {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      clearTimeout(deadline);
      // Stop reading and let go of the handle, so nothing keeps the process alive after the answer.
      socket?.removeAllListeners('data');
      socket?.on('error', () => undefined);
      socket?.destroy();
      resolve(result);
    };
    const buffered = (): StdinRead => ({
      kind: 'text',
      text: decodePayload(Buffer.concat(chunks, total)),
      bytes: total,
    });
    // On a starved machine a timer can fire before the poll phase has delivered the writer's EOF (valid
    // payloads were dropped as "idle" after stdin had closed): give pending I/O one turn, then accept a
    // buffered payload that is a complete JSON document.
    const giveUp = (why: string): void => {
      setImmediate(() => {
        if (done) return;
        const got = buffered();
        if (total === 0 || (got.kind === 'text' && completeJson(got.text))) finish(got);
        else finish({ kind: 'stalled', bytes: total, reason: why });
      });
    };
    const arm = (): void => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => giveUp(`stdin idle for ${idleMs}ms with ${total} bytes buffered`), idleMs);
    };
    const deadline = setTimeout(
      () => giveUp(`stdin still open after ${totalMs}ms with ${total} bytes buffered`),
      totalMs,
    );
    deadline.unref();
    try {
      socket = new Socket({ fd, readable: true, writable: false });
    } catch {
      resolve({ kind: 'text', text: '', bytes: 0 });
      return;
    }
    socket.on('data', (chunk: Buffer) => {
      if (done) return;
      total += chunk.length;
      if (total > maxBytes) {
        finish({ kind: 'too-large', bytes: total, reason: `payload larger than ${maxBytes} bytes refused` });
        return;
      }
      chunks.push(chunk);
      arm();
    });
    socket.on('end', () => finish(buffered()));
    socket.on('error', () => finish(buffered()));
    arm();
  });
}
