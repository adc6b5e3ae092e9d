/**
 * Runs the engine CLI with `--json` and returns its protocol object, or the engine's JSON error shape. The only
 * place the extension starts engine processes, so timeouts and error mapping live once.
 */
import { execFile } from 'node:child_process';
import type { ErrorCode, ErrorReport } from '../../../shared/src/protocol/error.js';

/**
 * The engine's error document (`context-mode.error/1`), or one the extension makes when the engine did not answer
 * (it could not start, timed out, printed no JSON).
 */
type EngineError = Omit<ErrorReport, 'schema' | 'code'> & {
  schema?: ErrorReport['schema'];
  code: ErrorCode | 'no-engine' | 'timeout' | 'spawn' | 'bad-output' | `exit-${string}`;
};

export type EngineResult<T> = { ok: true; value: T } | { ok: false; error: EngineError };

export interface EngineCommand {
  node: string;
  cli: string;
  env: Record<string, string | undefined>;
  cwd?: string;
}

export interface RunOptions {
  timeoutMs?: number;
  /** Text written to the child's stdin (closed right after). */
  input?: string;
  /**
   * A document the command also prints when it exits 1 on purpose (setup's plan with file errors): when stdout
   * passes this check, it is the answer rather than a failure.
   */
  acceptOnExit1?: (value: unknown) => boolean;
}

const DEFAULT_TIMEOUT_MS = 60_000;

export function parseEngineOutput<T>(
  stdout: string,
  stderr: string,
  exitCode: number | null,
  acceptOnExit1?: (value: unknown) => boolean,
): EngineResult<T> {
  const text = stdout.trim();
  let parsed: unknown;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  const isError = (v: unknown): v is EngineError =>
    typeof v === 'object' &&
    v !== null &&
    typeof (v as EngineError).message === 'string' &&
    typeof (v as EngineError).code === 'string' &&
    exitCode !== 0;
  if (exitCode === 1 && parsed !== undefined && acceptOnExit1?.(parsed)) return { ok: true, value: parsed as T };
  if (isError(parsed)) return { ok: false, error: parsed };
  if (exitCode === 0 && parsed !== undefined) return { ok: true, value: parsed as T };
  const detail = stderr.trim().split('\n').slice(-3).join(' ') || text.slice(0, 300) || 'no output';
  return {
    ok: false,
    error: {
      code: exitCode === 0 ? 'bad-output' : `exit-${String(exitCode)}`,
      message:
        exitCode === 0
          ? `The engine answered with something that is not JSON: ${detail}`
          : `The engine failed: ${detail}`,
    },
  };
}

export function runEngine<T>(cmd: EngineCommand, args: string[], opts: RunOptions = {}): Promise<EngineResult<T>> {
  return new Promise((resolve) => {
    const child = execFile(
      cmd.node,
      [cmd.cli, ...args],
      {
        env: { ...process.env, ...cmd.env, NO_COLOR: '1' },
        cwd: cmd.cwd,
        timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        maxBuffer: 64 * 1024 * 1024,
        windowsHide: true,
      },
      (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { killed?: boolean; code?: number | string }) | null;
        if (e && e.killed) {
          resolve({
            ok: false,
            error: {
              code: 'timeout',
              message: `The engine did not answer \`${args[0]}\` within ${(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000} s.`,
            },
          });
          return;
        }
        if (e && typeof e.code === 'string') {
          resolve({ ok: false, error: { code: 'spawn', message: `Could not start ${cmd.node}: ${e.message}` } });
          return;
        }
        const exitCode = e ? (typeof e.code === 'number' ? e.code : 1) : 0;
        resolve(parseEngineOutput<T>(String(stdout), String(stderr), exitCode, opts.acceptOnExit1));
      },
    );
    if (opts.input !== undefined) child.stdin?.end(opts.input);
    else child.stdin?.end();
  });
}
