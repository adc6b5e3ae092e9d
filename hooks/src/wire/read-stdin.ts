import { read } from 'node:fs';

/** Default stdin idle timeout (REFERENCE.md §6.1); `CONTEXT_MODE_HOOK_STDIN_IDLE_MS` overrides it. */
export const DEFAULT_IDLE_MS = 1500;
/** Payloads above this are refused: no host sends a legitimate hook payload this large. */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

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
  maxBytes?: number;
}

/** The idle timeout from the environment, falling back to the default on anything that is not a sane number. */
export function idleMsFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.CONTEXT_MODE_HOOK_STDIN_IDLE_MS;
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 10 && n <= 600_000 ? Math.floor(n) : DEFAULT_IDLE_MS;
}

/** Decodes bytes leniently (invalid UTF-8 becomes U+FFFD) and drops one leading byte-order mark. */
export function decodePayload(buf: Buffer): string {
  const text = buf.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Reads the whole payload from `fd` with an idle timer re-armed per chunk. It uses raw `fs.read` rather than
 * `process.stdin`: creating the stdin stream costs start-up time, and a read left pending on a stalled pipe
 * does not stop the process from exiting once the answer is written.
 */
export function readStdin(options: ReadStdinOptions = {}): Promise<StdinRead> {
  const fd = options.fd ?? 0;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const maxBytes = options.maxBytes ?? MAX_PAYLOAD_BYTES;
  const chunks: Buffer[] = [];
  let total = 0;
  let done = false;

  return new Promise<StdinRead>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: StdinRead): void => {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      resolve(result);
    };
    const eof = (): void => finish({ kind: 'text', text: decodePayload(Buffer.concat(chunks, total)), bytes: total });
    const arm = (): void => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        if (total === 0) finish({ kind: 'text', text: '', bytes: 0 });
        else finish({ kind: 'stalled', bytes: total, reason: `stdin idle for ${idleMs}ms with ${total} bytes buffered` });
      }, idleMs);
    };
    const next = (): void => {
      if (done) return;
      const buf = Buffer.allocUnsafe(64 * 1024);
      read(fd, buf, 0, buf.length, null, (err, n) => {
        if (done) return;
        if (err) {
          // A non-blocking pipe with nothing ready yet: poll again shortly; the idle timer still bounds the wait.
          if (err.code === 'EAGAIN' || err.code === 'EWOULDBLOCK') {
            setTimeout(next, 5);
            return;
          }
          // A closed or unreadable stdin is the same as an empty one.
          eof();
          return;
        }
        if (n === 0) {
          eof();
          return;
        }
        total += n;
        if (total > maxBytes) {
          finish({ kind: 'too-large', bytes: total, reason: `payload larger than ${maxBytes} bytes refused` });
          return;
        }
        chunks.push(buf.subarray(0, n));
        arm();
        next();
      });
    };
    arm();
    next();
  });
}
