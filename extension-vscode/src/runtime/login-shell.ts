/** Asks the user's login shell what hooks will see: its PATH and whether `ctxmode` resolves there. */
import { execFile } from 'node:child_process';
import { COMMAND_NAME } from './command-shim.js';

export interface LoginShellView {
  path: string;
  commandFound: boolean;
}

export function readLoginShell(
  shell = process.env.SHELL || '/bin/sh',
  timeoutMs = 10_000,
): Promise<LoginShellView | undefined> {
  if (process.platform === 'win32') return Promise.resolve(undefined);
  // Markers keep profile chatter (motd, echo in .profile) out of what we parse.
  const script = `printf '<<PATH>>%s<<END>>' "$PATH"; command -v ${COMMAND_NAME} >/dev/null 2>&1 && printf '<<FOUND>>'`;
  return new Promise((resolve) => {
    execFile(shell, ['-ilc', script], { timeout: timeoutMs, env: process.env, windowsHide: true }, (_err, stdout) => {
      const out = String(stdout);
      const m = /<<PATH>>(.*?)<<END>>/s.exec(out);
      resolve(m ? { path: m[1] ?? '', commandFound: out.includes('<<FOUND>>') } : undefined);
    });
  });
}
