/**
 * What every `--json` command prints on stdout when it fails, instead of plain text on stderr: the exit code
 * says usage error (2) or failure (1), `code` says which kind, `message` what happened and `hint` what to do.
 * The IDE shells show `message` (and `hint`) to the user as is.
 */
export type ErrorCode =
  /** Bad arguments or options (exit 2). */
  | 'usage'
  /** The thing named does not exist: a session, a source, a memory event, a project without data (exit 1). */
  | 'not-found'
  /** Refused on purpose: a path outside the project, a file that cannot be indexed (exit 1). */
  | 'refused'
  /** Anything else that went wrong (exit 1). */
  | 'failed';

export interface ErrorReport {
  schema: 'context-mode.error/1';
  code: ErrorCode;
  message: string;
  /** What the user can do about it, when known. */
  hint?: string;
}
