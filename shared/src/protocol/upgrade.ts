/**
 * What `ctxmode upgrade --json` reports under `upgrade` (beside the runtime's doctor checks): the managed install
 * before and after, and per host that was set up earlier the files the setup re-run changed.
 */
export interface UpgradeReport {
  schema: 'context-mode.upgrade/1';
  /** The managed install's directory (`<data home>/runtime`). */
  runtime: string;
  /** What was installed: `ctxmode@latest` or the tarball path (`--rollback`: the previous runtime). */
  installed: string;
  before: string | null;
  after: string | null;
  hosts: { host: string; scope: 'user' | 'project'; project: string | null; changed: string[]; errors: string[] }[];
  ok: boolean;
  error?: string;
  /** On failure: the check the new runtime did not pass (nothing was switched, no host file was touched). */
  failedStep?: UpgradeStep;
  /** After a switch that replaced a runtime: its version, kept for `ctxmode upgrade --rollback` (null: unknown). */
  previous?: string | null;
  /** Present (true) on a `--rollback` report. */
  rolledBack?: boolean;
}

/**
 * The checks a new runtime passes before the switch: `install` (npm, scripts off), `package` (its name is
 * ctxmode), `scripts` (its install scripts, e.g. the SQLite driver's build), `bin` (it has our bin), `start`
 * (the bin runs), `doctor` (its doctor runs and passes), `sqlite` (its SQLite driver opens a store); then
 * `switch` (the rename) and, for `--rollback`, `rollback` (no previous runtime to go back to).
 */
export type UpgradeStep =
  'install' | 'package' | 'scripts' | 'bin' | 'start' | 'doctor' | 'sqlite' | 'switch' | 'rollback';
