import type { ErrorCode, ErrorReport } from '@context-mode/shared/protocol/error';

/** Exit codes that mean something: 0 ok, 1 failure, 2 usage. */
export const EXIT_OK = 0;
const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/**
 * Whether this run asked for JSON: `--json` anywhere before a `--`. Read from the command line rather than
 * from each command's options, so errors raised before a command's action runs (commander's usage errors) and
 * a subcommand whose parent took the flag (`memory pin 3 --json`) answer in JSON too. One command per process.
 */
export function jsonRequested(argv: readonly string[] = process.argv): boolean {
  const end = argv.indexOf('--');
  return argv.slice(2, end < 0 ? undefined : end).includes('--json');
}

export interface ErrorOptions {
  code?: ErrorCode;
  hint?: string;
  /** Default: jsonRequested(). */
  json?: boolean;
  /** Start of the text line on stderr (default `context-mode`). */
  prefix?: string;
}

/**
 * The one way a CLI command reports a failure. With `--json`: the ErrorReport (shared/src/protocol/error.ts) on
 * stdout; otherwise `<prefix>: <message> (<hint>)` on stderr. Sets the exit code: 2 for `usage`, else 1.
 */
export function fail(message: string, options: ErrorOptions = {}): void {
  const code = options.code ?? 'failed';
  if (options.json ?? jsonRequested()) {
    const doc: ErrorReport = {
      schema: 'context-mode.error/1',
      code,
      message,
      ...(options.hint ? { hint: options.hint } : {}),
    };
    process.stdout.write(`${JSON.stringify(doc)}\n`);
  } else {
    process.stderr.write(
      `${options.prefix ?? 'context-mode'}: ${message}${options.hint ? ` (${options.hint})` : ''}\n`,
    );
  }
  process.exitCode = code === 'usage' ? EXIT_USAGE : EXIT_FAILURE;
}

/** A usage error (exit 2). */
export function usageError(message: string, options: Omit<ErrorOptions, 'code'> = {}): void {
  fail(message, { ...options, code: 'usage' });
}

/** A protocol document on stdout, pretty-printed (every `--json` command prints this way). */
export function printJson(doc: object): void {
  process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
}

/**
 * A reader that stops early (`ctxmode sources --json | head -1`, `| true`) closes the pipe; the next write
 * fails with EPIPE. That is the reader's choice, not a failure: end at once, quietly, with exit 0.
 */
export function endQuietlyWhenOutputCloses(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') process.exit(EXIT_OK);
      throw err;
    });
  }
}
