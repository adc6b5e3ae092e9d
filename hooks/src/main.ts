// Entry of `context-mode hook <host> <event>` (server/dist/hook.cjs). Whatever happens, the process exits 0
// (or the host's documented block code, when the formatter asks for it) and prints one JSON line or nothing.
import { writeSync } from 'node:fs';
import { runHook, type HookResult } from './run-hook.js';
import { appendHookLog } from './state/error-log.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

/** Hosts kill slow hooks; past this the hook gives up and answers nothing rather than be killed mid-write. */
const DEADLINE_MS = 25_000;

let finished = false;

function writeAll(fd: number, text: string): void {
  const buf = Buffer.from(text, 'utf8');
  let off = 0;
  let spins = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off, buf.length - off);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // A non-blocking pipe that is momentarily full: retry a bounded number of times.
      if (code === 'EAGAIN' && spins++ < 100_000) continue;
      return; // EPIPE and friends: the host stopped listening; nothing useful left to do.
    }
  }
}

function finish(result: HookResult): never {
  finished = true;
  if (result.stdout) writeAll(1, result.stdout);
  if (result.stderr) writeAll(2, result.stderr.endsWith('\n') ? result.stderr : `${result.stderr}\n`);
  process.exit(result.exitCode);
}

function bail(reason: unknown): void {
  if (finished) process.exit(0);
  try {
    appendHookLog(process.env, `uncaught: ${errorMessage(reason, { stack: true })}`);
  } catch {
    // Logging must not be the thing that fails the host.
  }
  finish({ stdout: '', exitCode: 0 });
}

process.on('uncaughtException', bail);
process.on('unhandledRejection', bail);
setTimeout(() => bail(new Error(`hook deadline of ${DEADLINE_MS} ms passed`)), DEADLINE_MS).unref();

const argv = process.argv.slice(2);
const args = argv[0] === 'hook' ? argv.slice(1) : argv;
runHook({ args, rerunArgv: process.argv.slice(1) }).then(finish, bail);
