/**
 * The JSON printed by `ctxmode doctor --json` (exit 1 when any check FAILs; the report is printed all the same).
 * `ctxmode upgrade --json` carries the installed runtime's checks in the same shape under `doctor`.
 */
export type DoctorCheckStatus = 'OK' | 'WARN' | 'FAIL';

/** The safe fix `doctor --fix` would apply for a check. */
export type DoctorAutoFix =
  | { kind: 'setup'; host: string }
  | { kind: 'remove-stale'; host: string; file: string }
  | { kind: 'stop-orphans'; pids: number[] }
  | { kind: 'move-store-aside'; paths: string[] }
  /** The managed runtime is broken and the one before the last upgrade is kept: `ctxmode upgrade --rollback`. */
  | { kind: 'rollback-runtime' };

export interface DoctorCheckView {
  status: DoctorCheckStatus;
  name: string;
  detail: string;
  /** What to do about a WARN or FAIL. */
  fix?: string;
  autoFix?: DoctorAutoFix;
}

export interface DoctorReport {
  schema: 'context-mode.doctor/1';
  /** False when any check FAILs. */
  ok: boolean;
  checks: DoctorCheckView[];
}
