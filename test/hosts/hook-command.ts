import { join } from 'node:path';
import { CONTEXT_MODE_BIN } from './isolate.js';

/**
 * The hook command a host's config runs: `context-mode hook <host> <event>`, wrapped so the suite can read
 * each hook's wall time from `<timings>` (one `event ms` line per run). Stdin, stdout and exit code pass through.
 */
export function hookCommand(host: string, event: string, timingsFile: string): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return (
    `s=$(date +%s%N); ${q(process.execPath)} ${q(CONTEXT_MODE_BIN)} hook ${host} ${event}; rc=$?; ` +
    `echo "${event} $(( ($(date +%s%N) - s) / 1000000 ))" >> ${q(timingsFile)}; exit $rc`
  );
}

/** The MCP server entry a host starts over stdio. */
export function mcpServerCommand(): { command: string; args: string[] } {
  return { command: process.execPath, args: [CONTEXT_MODE_BIN] };
}

export function timingsPath(root: string): string {
  return join(root, 'hook-timings.log');
}
