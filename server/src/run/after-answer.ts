/**
 * Work a tool call causes but its answer does not need — starting the spare process that replaces the one the
 * call used — waits until that answer has been written. A spawn holds the event loop ~5–15 ms and a Node boot
 * takes a core for ~100 ms: started while the call's output was still coming in, they lengthened every paced
 * sandbox call by about that much.
 *
 * The server's transport calls `answerSent` once it has written a response to stdout (synchronous for a pipe);
 * the queued work then runs on the next turn of the loop. Where no answer is written (a sandbox run outside the
 * stdio server: tests, the CLI, an in-process server) it runs `FALLBACK_MS` after it was queued.
 */
const FALLBACK_MS = 50;
const queue: Array<() => void> = [];
let fallback: NodeJS.Timeout | undefined;
let flushing: NodeJS.Immediate | undefined;

/** Runs `task` once the answer now being produced has been written (at most `FALLBACK_MS` later). */
export function afterAnswer(task: () => void): void {
  queue.push(task);
  if (fallback) return;
  fallback = setTimeout(flush, FALLBACK_MS);
  fallback.unref();
}

/** A response has been written: what waited for it runs on the next turn of the loop. */
export function answerSent(): void {
  if (queue.length === 0 || flushing) return;
  flushing = setImmediate(flush);
}

function flush(): void {
  clearTimeout(fallback);
  fallback = undefined;
  flushing = undefined;
  for (const task of queue.splice(0)) {
    try {
      task();
    } catch {
      // Bookkeeping: a failure here must not reach the next call's answer.
    }
  }
}
