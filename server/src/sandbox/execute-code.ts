import { mkdtempSync, rm, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess, type RunResult } from './run-process.js';
import { runtimeFor, type Language } from './runtimes.js';
import { CALL_MARKER_VAR, closeMarker, openMarker } from './contain.js';
import { sandboxEnv } from './sandbox-env.js';
import { prewarm, reserveWarm, takeWarm, warmInput, type WarmKind } from './warm-process.js';
import { javascriptFunctionBody, scriptSource, shellNeedsOwnBash } from './script-source.js';
import { readSetting } from '@context-mode/shared/settings/settings';

export const DEFAULT_TIMEOUT_MS = 60_000;

export interface ExecuteRequest {
  language: Language;
  code: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
  background?: boolean;
  /** ctx_execute_file: the file exposed to the code. */
  filePath?: string;
}

export interface ExecuteResult extends RunResult {
  /** A compile step failed (rust): its output is in stderr. */
  compileFailed?: boolean;
  capBytes: number;
}

/** Output cap: `CONTEXT_MODE_OUTPUT_CAP_BYTES`, default 16 MiB. */
function outputCap(env: NodeJS.ProcessEnv): number {
  return readSetting('outputCapBytes', env);
}

/** bash for the warm launcher, when this machine's shell runtime is bash. */
function launcherShell(env: NodeJS.ProcessEnv): string | undefined {
  try {
    return runtimeFor('shell', env).command('')[0];
  } catch {
    return undefined;
  }
}

/** Pre-starts the JavaScript spare and the launcher, so even the first call of a session is fast. */
export function prewarmSandbox(env: NodeJS.ProcessEnv): void {
  try {
    prewarm('javascript', env, runtimeFor('javascript', env).command('').slice(0, -1));
    const bash = launcherShell(env);
    if (bash) prewarm('launcher', env, [bash]);
  } catch {
    // Nothing to warm: calls start cold.
  }
}

/**
 * Readies `count` spares for `language` before a batch runs that many calls at once, so each starts warm (the
 * pool alone keeps one, and grows only as single calls follow each other).
 */
export function reserveSandbox(env: NodeJS.ProcessEnv, language: Language, count: number): void {
  try {
    const kind = warmKindOf(language);
    if (kind !== 'launcher') reserveWarm(kind, count, env, runtimeFor(language, env).command('').slice(0, -1));
    else {
      const bash = launcherShell(env);
      if (bash) reserveWarm(kind, count, env, [bash]);
    }
  } catch {
    // No runtime: the calls report that themselves.
  }
}

const warmKindOf = (language: Language): WarmKind =>
  language === 'javascript' || language === 'typescript' || language === 'python' ? language : 'launcher';

/**
 * Runs `code` in a fresh process (own process group, stdin closed, stripped env) from a private temp dir that
 * is always removed — after the process exits, for a backgrounded one. Throws RuntimeMissingError when the
 * language has no runtime here.
 */
export async function executeCode(req: ExecuteRequest): Promise<ExecuteResult> {
  const runtime = runtimeFor(req.language, req.env);
  const dir = mkdtempSync(join(tmpdir(), 'cm-sbx-'));
  let keepDir = false;
  const coldMarker = openMarker();
  try {
    const file = join(dir, `script.${runtime.ext}`);
    writeFileSync(file, scriptSource(req.language, req.code, req.filePath), { mode: 0o700 });
    const env = sandboxEnv(req.env, dir);
    // A cold run carries its own marker (a spare has the one it was started with; the compile step its own).
    env[CALL_MARKER_VAR] = coldMarker;
    env.PWD = req.cwd; // as a shell that cd'd there would have it (warm spares do the same)
    if (req.filePath) env.FILE_CONTENT_PATH = req.filePath;
    const timeoutMs = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const capBytes = outputCap(req.env);
    const started = Date.now();
    let argv = runtime.command(file);
    if (runtime.compile) {
      const exe = join(dir, 'program');
      const compileMarker = openMarker();
      const built = await runProcess({
        argv: runtime.compile(file, exe),
        cwd: dir,
        env: { ...env, [CALL_MARKER_VAR]: compileMarker },
        timeoutMs,
        capBytes,
        marker: compileMarker,
      });
      if (built.exitCode !== 0) return { ...built, compileFailed: true, capBytes };
      argv = runtime.command(exe);
    }
    const remaining = Math.max(1, timeoutMs - (Date.now() - started));
    const kind = warmKindOf(req.language);
    const bash = launcherShell(req.env);
    // An interpreter spare is started with the runtime's own argv minus the script (TypeScript: its loader flags).
    const call = takeWarm(kind, req.env, kind === 'launcher' ? (bash ? [bash] : []) : argv.slice(0, -1));
    try {
      const warm = call.spare;
      const source = req.language === 'shell' && argv.length === 2 && argv[0] === bash && !shellNeedsOwnBash(req.code);
      const job = { cwd: req.cwd, tmp: dir, file, argv, source, ...(req.filePath ? { filePath: req.filePath } : {}) };
      const body = kind === 'javascript' ? javascriptFunctionBody(req.code, req.filePath) : undefined;
      const result = await runProcess({
        ...(warm
          ? { child: warm.child, input: warmInput(kind, body === undefined ? job : { ...job, functionBody: body }) }
          : {}),
        marker: warm ? warm.marker : coldMarker,
        argv,
        cwd: req.cwd,
        env,
        timeoutMs: remaining,
        capBytes,
        background: req.background ?? false,
        onBackgroundExit: () => rmSync(dir, { recursive: true, force: true }),
      });
      keepDir = result.backgrounded;
      return { ...result, capBytes };
    } finally {
      call.release();
    }
  } finally {
    // Removed off the answer's path; a failure leaves only an empty-ish dir under TMPDIR.
    if (!keepDir) closeMarker(coldMarker); // unused (a spare ran the call) or already closed by the run
    if (!keepDir) rm(dir, { recursive: true, force: true }, () => undefined);
  }
}
