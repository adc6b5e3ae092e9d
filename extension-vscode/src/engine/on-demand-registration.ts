/**
 * VS Code starts a registered MCP server only when the model first calls one of its tools, so until then no live
 * server exists and the engine's hooks would let a `curl` or a large `cat` through rather than redirect it to a tool
 * they cannot see. While this window offers the server, it says so in `<data home>/run/on-demand-<pid>.json`
 * (the engine's format: shared/src/project/live-servers.ts); the hooks treat it as a live server for the workspace.
 * The pid is the extension host's, so the file is ignored (and pruned) once this window is gone.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessage } from '../../../shared/src/errors/error-message.js';

export function onDemandRegistrationPath(dataHome: string, pid: number): string {
  return join(dataHome, 'run', `on-demand-${pid}.json`);
}

export class OnDemandRegistration {
  private written: string | undefined;

  constructor(
    private readonly dataHome: string,
    private readonly pid: number = process.pid,
    private readonly onError: (message: string) => void = () => {},
  ) {}

  /** Records `projectRoot` as offered (rewritten only when it changes); undefined withdraws the offer. */
  set(projectRoot: string | undefined): void {
    if (projectRoot === this.written) return;
    if (projectRoot === undefined) return this.remove();
    const path = onDemandRegistrationPath(this.dataHome, this.pid);
    try {
      mkdirSync(join(this.dataHome, 'run'), { recursive: true });
      const tmp = `${path}.tmp`;
      writeFileSync(
        tmp,
        JSON.stringify({ pid: this.pid, projectRoot, host: 'vscode-copilot', startedAt: new Date().toISOString() }),
      );
      renameSync(tmp, path);
      this.written = projectRoot;
    } catch (err) {
      // Hooks then redirect only once VS Code has started the server, as before.
      this.onError(`on-demand registration not written: ${errorMessage(err)}`);
    }
  }

  remove(): void {
    this.written = undefined;
    rmSync(onDemandRegistrationPath(this.dataHome, this.pid), { force: true });
  }
}
