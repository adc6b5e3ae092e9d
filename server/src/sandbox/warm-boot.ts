/** The programs spare processes run while they wait for their job (see warm-process.ts). */

export const NODE_BOOT = `
import { closeSync, readSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
// The code's own promise (the function's, or the module import's): while it is pending the process would end with
// exit code 13, as a module whose top-level await never settles does; if it rejects, the failure is the code's
// own, which Node's loader reports as an uncaught exception, so no 'unhandledRejection' handler of the code's
// may see it (the emit returns false: Node then reports it with source line and stack and exits 1).
let running;
let pending = false;
// Set once the code has finished on its own ('beforeExit' was emitted and no listener called process.exit()).
// The 'exit' event then ends by saying so on fd 3 and closing stdout/stderr, so the server answers without
// waiting ~7 ms for this process to tear down (process.exit() or a crash skip this and the server waits for the
// exit as usual); and, as for a module, a still pending top-level await means exit code 13, which an explicit
// process.exit() does not get.
let ended = false;
// process.emit itself is wrapped rather than a listener added, so that the exit code is settled before the
// code's first 'exit' listener runs and is reported after its last one, even one added after ours.
const emit = process.emit;
process.emit = function (event, reason, promise) {
  if (event === 'unhandledRejection' && promise === running && running !== undefined) {
    if (typeof reason === 'object' && reason !== null && Object.hasOwn(reason, 'stack')) return false;
    // Node would wrap a thrown non-error in an UnhandledPromiseRejection; the loader reports the value itself.
    process.nextTick(() => {
      throw reason;
    });
    return true;
  }
  if (event === 'exit' && ended && pending && process.exitCode === undefined) process.exitCode = 13;
  const result = Reflect.apply(emit, this, arguments);
  if (event === 'beforeExit') ended = true;
  if (event === 'exit' && ended) {
    try {
      writeSync(3, 'done ' + (process.exitCode ?? reason) + '\\n');
      for (const fd of [1, 2, 3]) closeSync(fd);
    } catch {}
  }
  return result;
};
const fail = (e) => { console.error(e); process.exitCode = 1; };
// The job is read from fd 0 directly, never through process.stdin: the code then finds stdin at EOF, exactly as
// a fresh process started with stdin closed would. The wait blocks, which costs nothing in a spare.
const chunks = [];
const buf = Buffer.alloc(65536);
for (;;) {
  let n;
  try {
    n = readSync(0, buf, 0, buf.length, null);
  } catch (e) {
    if (e.code !== 'EAGAIN') throw e;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    continue;
  }
  if (n === 0) process.exit(97); // the server is gone
  chunks.push(Buffer.from(buf.subarray(0, n)));
  if (buf.subarray(0, n).includes(10)) break;
}
const text = Buffer.concat(chunks).toString('utf8');
const job = JSON.parse(text.slice(0, text.indexOf('\\n')));
process.chdir(job.cwd);
process.env.PWD = job.cwd;
process.env.TMPDIR = job.tmp;
if (job.filePath) process.env.FILE_CONTENT_PATH = job.filePath;
process.argv[1] = job.file;
// As for \`node [flags] script\`: the runtime's own flags stay, this boot program goes (a child spawned with
// process.execArgv must not run it).
{
  const at = process.execArgv.lastIndexOf('--input-type=module');
  if (at >= 0) process.execArgv.splice(at, 3);
}
// A function body may \`return\` at its top level, a module may not (a cold run fails with a SyntaxError): code
// that says \`return\` is parsed as a script with its awaits blanked out, where a top-level return is an error,
// and goes to the module loader unless that parse succeeds.
const returnsAtTop = (body) => {
  if (!/\\breturn\\b/.test(body)) return false;
  try {
    new Script("'use strict';" + body.replace(/\\bawait\\b/g, '     '));
    return false;
  } catch {
    return true;
  }
};
let fn;
if (job.functionBody !== undefined && !returnsAtTop(job.functionBody)) {
  try {
    // Compiled as a script named after the file's URL, the way its module would be: stack frames then read
    // \`at file:///…/script.mjs:line:col\` as in a cold run (a Function constructor's read \`at eval (…)\`). The
    // code starts line 3, column 1, where the module file has it after its two lines of glue.
    const source = "(async function (require) { 'use strict';\\n\\n" + job.functionBody + '\\n})';
    fn = new Script(source, { filename: pathToFileURL(job.file).href }).runInThisContext();
  } catch (e) {
    // Left to the module loader, which reports a syntax error with file, line and caret.
    if (!(e instanceof SyntaxError)) fail(e);
  }
}
// A failure is left unhandled on purpose (see running above): Node then reports it exactly as for a script run
// directly.
const started = fn ? fn(createRequire(job.file))
  : process.exitCode === undefined ? import(pathToFileURL(job.file).href) : undefined;
if (started) {
  pending = true;
  running = started.finally(() => (pending = false));
}
`;

// Fields are NUL-terminated so any path or argument passes through unchanged; an empty field ends argv. A
// shell script is sourced by the launcher itself (~4 ms less than exec'ing a second bash), with $0 set to the
// script as a fresh \`bash script\` would have it, unless it uses what tells the two apart (shellNeedsOwnBash in
// script-source.ts); anything else is exec'd.
export const LAUNCHER_BOOT = `
IFS= read -r -d '' __cm_mode && IFS= read -r -d '' __cm_cwd && IFS= read -r -d '' __cm_tmp &&
  IFS= read -r -d '' __cm_fcp || exit 97
__cm_args=()
while IFS= read -r -d '' __cm_a && [ -n "$__cm_a" ]; do __cm_args+=("$__cm_a"); done
[ \${#__cm_args[@]} -gt 0 ] || exit 97
# cd sets OLDPWD; a fresh bash starts with the one its environment gave it, or an exported one without value.
__cm_op=\${OLDPWD+set} __cm_opv=$OLDPWD
cd -- "$__cm_cwd" || exit 1
if [ -n "$__cm_op" ]; then OLDPWD=$__cm_opv; else unset -v OLDPWD; declare -x OLDPWD; fi
export TMPDIR="$__cm_tmp"
[ -z "$__cm_fcp" ] || export FILE_CONTENT_PATH="$__cm_fcp"
exec </dev/null
[ "$__cm_mode" = source ] || exec "\${__cm_args[@]}"
BASH_ARGV0=\${__cm_args[1]}
unset -v __cm_mode __cm_cwd __cm_tmp __cm_fcp __cm_a __cm_args __cm_op __cm_opv
. "$0"
`;

// Python: the script runs as __main__ with sys.argv, sys.path[0], stdin and the environment as `python -u
// script` would have them; a traceback starts at the script's own frames, not this boot code's.
export const PYTHON_BOOT = `
import sys, os, json
line = sys.stdin.readline()
if not line:
    sys.exit(97)
job = json.loads(line)
os.chdir(job["cwd"])
os.environ["PWD"] = job["cwd"]
os.environ["TMPDIR"] = job["tmp"]
if job.get("filePath"):
    os.environ["FILE_CONTENT_PATH"] = job["filePath"]
null = os.open(os.devnull, os.O_RDONLY)
os.dup2(null, 0)
os.close(null)
sys.stdin = open(0, closefd=False)
sys.argv = [job["file"]]
sys.path[0] = os.path.dirname(job["file"])
del line, null
import runpy
try:
    runpy.run_path(job["file"], run_name="__main__")
except SystemExit:
    raise
except BaseException as e:
    tb = e.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename != job["file"]:
        tb = tb.tb_next
    # Through sys.excepthook, so a hook the script installed is honoured as in a fresh interpreter.
    sys.excepthook(type(e), e.with_traceback(tb), tb)
    if isinstance(e, KeyboardInterrupt):
        # A fresh interpreter dies by SIGINT on an uncaught KeyboardInterrupt (exit status 130 to a shell).
        import signal
        sys.stdout.flush()
        sys.stderr.flush()
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
    sys.exit(1)
`;
