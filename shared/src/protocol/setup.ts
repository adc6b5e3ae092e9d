/**
 * The plan printed by `ctxmode setup --json` / `ctxmode uninstall --json` (also with `--dry-run`): which files
 * change for which host, as unified diffs. The VS Code extension and the JetBrains plugin show the same plan
 * (the plugin runs `ctxmode setup --host jetbrains-copilot --json`).
 */
export type SetupPart = 'mcp' | 'hooks' | 'instructions';

export interface SetupFileError {
  code: 'malformed' | 'unexpected-shape' | 'conflict' | 'read-only' | 'io';
  message: string;
  /** What the user can do about it. */
  fix?: string;
}

export interface SetupFilePlan {
  path: string;
  /** `project` files are meant to be committed: they hold no absolute paths. */
  scope: 'user' | 'project';
  format: 'json' | 'jsonc' | 'toml' | 'markdown' | 'typescript';
  parts: SetupPart[];
  action: 'create' | 'update' | 'delete' | 'unchanged' | 'error';
  /** Unified diff of the change (empty when unchanged or on error). */
  diff: string;
  error?: SetupFileError;
}

export interface SetupHostPlan {
  host: string;
  displayName: string;
  files: SetupFilePlan[];
  /** What the user must still do (e.g. trust Codex hooks), and what setup did not write and why. */
  notes: string[];
}

export interface SetupPlan {
  schema: 'context-mode.setup-plan/1';
  command: 'setup' | 'uninstall';
  dryRun: boolean;
  /** Whether the files were written (false for --dry-run and when any file has an error: nothing is written then). */
  applied: boolean;
  project: string | null;
  scope: 'user' | 'project';
  hosts: SetupHostPlan[];
  /** False when any file has an error. */
  ok: boolean;
}
