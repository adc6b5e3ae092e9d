/**
 * The text of anything thrown, for a log line, an answer or a doctor detail: an Error's message (its name when
 * the message is empty), anything else as a string. `stack: true` gives the stack where there is one, for logs
 * that a developer reads (the hook error log, a start-up failure). Every package and shell uses this one.
 */
export function errorMessage(err: unknown, options: { stack?: boolean } = {}): string {
  if (!(err instanceof Error)) return String(err);
  if (options.stack && err.stack) return err.stack;
  return err.message || err.name;
}
