/**
 * Which runtime runs the engine (server, CLI calls and hooks). The user's Node comes first; when it cannot open a
 * store (no `node:sqlite`, no loadable better-sqlite3, no FTS5) or there is none, the editor's own runtime is used:
 * `process.execPath` with ELECTRON_RUN_AS_NODE=1 (Electron's Node in desktop VS Code, code-server's own Node).
 * When neither can serve, nothing is wired and the reasons are reported. Pure apart from the injected probe.
 */

/** What a runtime reported when asked to open an in-memory SQLite store with FTS5. */
export interface DriverReport {
  /** `process.version` of the runtime, or undefined when it did not run. */
  version: string | undefined;
  /** The driver that opened a store with FTS5, or undefined with `reason`. */
  driver: 'node:sqlite' | 'better-sqlite3' | undefined;
  reason?: string;
}

export interface RuntimeCandidate {
  /** Executable that runs the engine. */
  node: string;
  /** Extra environment it needs (ELECTRON_RUN_AS_NODE for the editor's runtime). */
  env: Record<string, string>;
  kind: 'user' | 'editor';
}

interface ChosenRuntime extends RuntimeCandidate {
  version: string;
  driver: 'node:sqlite' | 'better-sqlite3';
}

export type RuntimeChoice =
  { ok: true; runtime: ChosenRuntime; notes: string[] } | { ok: false; message: string; notes: string[] };

/** The editor's runtime as a candidate (Electron runs as plain Node with ELECTRON_RUN_AS_NODE). */
export function editorRuntime(execPath: string): RuntimeCandidate {
  return { node: execPath, env: { ELECTRON_RUN_AS_NODE: '1' }, kind: 'editor' };
}

const label = (c: RuntimeCandidate) => (c.kind === 'editor' ? `the editor's runtime (${c.node})` : `Node ${c.node}`);

/**
 * Tries each candidate in order; the first that opens a store wins. `notes` says, for the log, why each earlier
 * one was passed over. `userProblem` is why no user Node was found (when none was).
 */
export async function chooseRuntime(
  candidates: RuntimeCandidate[],
  probe: (c: RuntimeCandidate) => Promise<DriverReport>,
  userProblem?: string,
): Promise<RuntimeChoice> {
  const notes: string[] = userProblem ? [userProblem] : [];
  for (const c of candidates) {
    const report = await probe(c);
    if (report.version && report.driver)
      return { ok: true, runtime: { ...c, version: report.version, driver: report.driver }, notes };
    notes.push(
      report.version
        ? `${label(c)} is ${report.version} and cannot open a SQLite store with full-text search: ${report.reason ?? 'no driver'}.`
        : `${label(c)} does not run as Node${report.reason ? `: ${report.reason}` : ''}.`,
    );
  }
  return {
    ok: false,
    notes,
    message:
      'context-mode is not wired into Copilot: no runtime here can open its SQLite store. ' +
      notes.join(' ') +
      ' Install Node.js 22.13 or newer (it has node:sqlite built in) and set context-mode.nodePath if it is not on PATH, then run "context-mode: Refresh".',
  };
}
