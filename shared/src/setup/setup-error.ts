/** Why a file cannot be planned or written; the file is left untouched. `fix` says what the user can do. */
export type SetupErrorCode = 'malformed' | 'unexpected-shape' | 'conflict' | 'read-only' | 'io';

export class SetupError extends Error {
  constructor(
    readonly code: SetupErrorCode,
    message: string,
    readonly fix?: string,
  ) {
    super(message);
    this.name = 'SetupError';
  }
}
