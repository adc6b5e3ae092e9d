import { BIN_NAME, INSTALL_HINT, pinnedGoneHint } from './product.js';

/**
 * How a generated command starts our program. Team-shared (project) files use `portable`: the bare bin name,
 * guarded so a teammate without it gets one hint line on stderr and an empty stdout (the host's no-op), never an
 * error per tool call. User-level files may `pin` an absolute Node and bin path (no PATH lookup at run time).
 */
export type Launcher =
  | { kind: 'portable' }
  /**
   * `dataHome` is a non-default `CONTEXT_MODE_HOME` to pin in the MCP server's environment: some hosts start MCP
   * servers with a filtered environment (Codex 0.171 passes its own short list), while hooks inherit the host's,
   * so without the pin the server and the hooks keep their data in different homes and never see each other.
   */
  | { kind: 'pinned'; node: string; bin: string; dataHome?: string };

/** Where the VS Code extension writes its `ctxmode` launcher (POSIX), as a hook command names it. */
const LOCAL_LAUNCHER = `"$HOME/.local/bin/${BIN_NAME}"`;

export type ShellDialect = 'posix' | 'powershell' | 'windows-plain';

/** Double-quotes a path for POSIX sh: `"`, `\`, `$` and backquote escaped. */
function shQuote(value: string): string {
  return `"${value.replace(/["\\$`]/g, (c) => `\\${c}`)}"`;
}

function psQuote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** The argv after the program: `hook <host> <event>` for hooks, nothing for the MCP server. */
function argString(args: string[]): string {
  return args.join(' ');
}

/**
 * A command line for `args` (e.g. `['hook', 'claude-code', 'pretooluse']`) in a shell dialect. The guard keeps
 * the exit code of a run that happens (a host's documented block code must come through), so it is an
 * if/else, not `a && b || c`.
 */
export function renderCommand(launcher: Launcher, args: string[], dialect: ShellDialect): string {
  const rest = argString(args);
  if (launcher.kind === 'portable') {
    if (dialect === 'powershell') {
      return `if (Get-Command ${BIN_NAME} -ErrorAction SilentlyContinue) { ${BIN_NAME} ${rest}; exit $LASTEXITCODE } else { [Console]::Error.WriteLine(${psQuote(INSTALL_HINT)}) }`;
    }
    if (dialect === 'windows-plain') return `${BIN_NAME} ${rest}`;
    // The launcher the VS Code extension writes is called by its path first: hosts resolve the login shell's PATH
    // once at start, and a ~/.local/bin created after that (Debian's ~/.profile adds it only if it exists) is not
    // on it until a restart. `$HOME` keeps the team-shared file free of absolute paths.
    return `if [ -x ${LOCAL_LAUNCHER} ]; then ${LOCAL_LAUNCHER} ${rest}; elif command -v ${BIN_NAME} >/dev/null 2>&1; then ${BIN_NAME} ${rest}; else echo ${shQuote(INSTALL_HINT)} >&2; fi`;
  }
  if (dialect === 'powershell') {
    return `if (Test-Path ${psQuote(launcher.bin)}) { & ${psQuote(launcher.node)} ${psQuote(launcher.bin)} ${rest}; exit $LASTEXITCODE } else { [Console]::Error.WriteLine(${psQuote(pinnedGoneHint(launcher.bin))}) }`;
  }
  if (dialect === 'windows-plain') return `"${launcher.node}" "${launcher.bin}" ${rest}`;
  const hint = pinnedGoneHint(launcher.bin);
  return `if [ -f ${shQuote(launcher.bin)} ]; then ${shQuote(launcher.node)} ${shQuote(launcher.bin)} ${rest}; else echo ${shQuote(hint)} >&2; fi`;
}

/** The MCP server launch: `{command, args}` with no shell in between. */
export function serverLaunch(launcher: Launcher): { command: string; args: string[] } {
  return launcher.kind === 'portable'
    ? { command: BIN_NAME, args: [] }
    : { command: launcher.node, args: [launcher.bin] };
}

/**
 * True when a command line runs our hook: `ctxmode hook …` (guarded or not) or a pinned `…/context-mode.cjs" hook …`.
 * Used to find our own entries in a hooks file (setup replaces them, uninstall removes them).
 */
export function isOurCommand(command: string): boolean {
  return (
    /(^|[\s"'`;{(&|/\\])ctxmode(\.cmd|\.exe)?["']?\s+hook\s/.test(command) ||
    /context-mode\.cjs["']?\s+hook\s/.test(command)
  );
}

/**
 * A hook command that runs some `context-mode` program but is not ours: a hand-written `context-mode hook …`,
 * `npx context-mode …` or context-mode 1.0.169's `hooks/*.mjs` scripts. On a machine with context-mode 1.0.169 installed these
 * run a different program, and beside ours they run every hook twice.
 */
export function isStaleContextModeCommand(command: string): boolean {
  if (isOurCommand(command)) return false;
  return (
    /(^|[\s"'/\\])context-mode(\.mjs)?["']?\s+hook\b/.test(command) ||
    /context-mode[^\s"']*[/\\]hooks[/\\][a-z-]+\.mjs/.test(command)
  );
}
