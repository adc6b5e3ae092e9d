/**
 * What `ctxmode upgrade --json` reports under `upgrade` (beside the runtime's doctor checks): the managed install
 * before and after, and per host that was set up earlier the files the setup re-run changed.
 */
export interface UpgradeReport {
  schema: 'context-mode.upgrade/1';
  /** The managed install's directory (`<data home>/runtime`). */
  runtime: string;
  /** What was installed: `ctxmode@latest` or the tarball path. */
  installed: string;
  before: string | null;
  after: string | null;
  hosts: { host: string; scope: 'user' | 'project'; project: string | null; changed: string[]; errors: string[] }[];
  ok: boolean;
  error?: string;
}
