/**
 * Part of the one shell reader (see parse-shell.ts). Finds the program a simple command really runs: `sudo -u x env A=1 time /usr/bin/curl …` runs curl,
 * `bash -c "…"` and `ssh host '…'` run a nested script, `python -c "…"` runs inline code.
 */

export interface Unwrapped {
  /** The effective argv; argv[0] is the program's basename. */
  argv: string[];
  /** A nested shell script whose output is this command's output (`bash -c`, `eval`, `ssh host cmd`). */
  script?: string;
  /** Inline program text for an interpreter (`python -c`, `node -e`, a heredoc fed to python). */
  code?: string;
  /** The program runs once per stdin line with arguments taken from stdin (`xargs cmd`). */
  viaXargs?: boolean;
  /** A `timeout N` wrapper bounds how long the command runs. */
  timeLimited?: boolean;
}

const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'fish', 'ash']);
/** PowerShell runs the script after `-c` / `-Command` (options are case-insensitive). */
const POWERSHELL = new Set(['pwsh', 'powershell']);
const POWERSHELL_VALUE = new Set([
  '-executionpolicy',
  '-ep',
  '-workingdirectory',
  '-wd',
  '-configurationname',
  '-outputformat',
  '-of',
  '-inputformat',
  '-windowstyle',
]);
/** Images whose entrypoint is a network client: `docker run curlimages/curl URL` runs curl. */
const CLIENT_IMAGE = /^(?:[\w.-]+(?::\d+)?\/)*(?:alpine-)?(curl|wget|httpie|xh)(?::[\w.-]+)?$/;
const INTERPRETER = /^(python[\d.]*|pypy3?|node|nodejs|ruby|perl|php|deno|bun|tsx|ts-node)$/;
const RESERVED = new Set(['do', 'then', 'else', 'elif', '!', '{', 'done', 'fi']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** `/usr/bin/curl` → `curl`, `C:\bin\curl.exe` → `curl`. */
export function programName(word: string): string {
  const base = word.replace(/^.*[\\/]/, '');
  return base.replace(/\.exe$/i, '');
}

/** Skips options of a wrapper; `withArg` lists the options that take a separate value. */
function skipOptions(w: string[], start: number, withArg: readonly string[]): number {
  let i = start;
  while (i < w.length) {
    const a = w[i]!;
    if (a === '--') return i + 1;
    if (!a.startsWith('-') || a === '-') return i;
    i += withArg.includes(a) ? 2 : 1;
  }
  return i;
}

/** The value of the first of `names` (`-c "…"`, `--command=…`) after `start`, as a nested script. */
function optionScript(w: readonly string[], start: number, names: readonly string[]): string | undefined {
  for (let i = start; i < w.length; i++) {
    const a = w[i]!;
    if (names.includes(a) && i + 1 < w.length) return w[i + 1];
    const eq = names.find((n) => n.startsWith('--') && a.startsWith(`${n}=`));
    if (eq) return a.slice(eq.length + 1);
  }
  return undefined;
}

/** `docker run IMAGE ARGS…` where the image's entrypoint is a client: the client with ARGS. */
function clientImageArgv(image: string | undefined, rest: string[]): string[] | undefined {
  const client = image === undefined ? undefined : CLIENT_IMAGE.exec(image)?.[1];
  if (!client) return undefined;
  return programName(rest[0] ?? '') === client ? rest : [client, ...rest];
}

export function unwrapCommand(words: readonly string[], heredoc?: string): Unwrapped {
  let w = words.slice();
  const out: Omit<Unwrapped, 'argv'> = {};
  for (let guard = 0; guard < 12; guard++) {
    // Assignments and the reserved words that open a compound command's body (`do curl …`, `then …`).
    while (w.length && (ASSIGNMENT.test(w[0]!) || RESERVED.has(w[0]!))) w.shift();
    if (!w.length) break;
    const name = programName(w[0]!);
    const sub = w[1];
    let next: number | undefined;
    switch (name) {
      case 'sudo':
      case 'doas':
        next = skipOptions(w, 1, ['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U', '-T']);
        break;
      case 'env': {
        let i = skipOptions(w, 1, ['-u', '-C', '-S', '--unset', '--chdir']);
        while (i < w.length && ASSIGNMENT.test(w[i]!)) i++;
        next = i;
        break;
      }
      case 'busybox':
      case 'time':
      case 'nohup':
      case 'command':
      case 'exec':
      case 'builtin':
      case 'caffeinate':
      case 'unbuffer':
      case 'chronic':
      case 'stdbuf':
      case 'torsocks':
      case 'proxychains':
      case 'proxychains4':
        next = skipOptions(w, 1, ['-o', '-e', '-i', '-f']);
        break;
      case 'nice':
      case 'ionice':
      case 'chrt':
      case 'taskset':
        next = skipOptions(w, 1, ['-n', '-c', '-p']);
        break;
      case 'timeout': {
        const i = skipOptions(w, 1, ['-s', '-k', '--signal', '--kill-after']);
        out.timeLimited = true;
        next = i + 1; // the duration
        break;
      }
      case 'xargs':
        next = skipOptions(w, 1, [
          '-n',
          '-I',
          '-i',
          '-P',
          '-d',
          '-L',
          '-s',
          '-E',
          '-a',
          '--max-args',
          '--replace',
          '--max-procs',
        ]);
        out.viaXargs = true;
        break;
      case 'npx':
      case 'bunx':
      case 'pnpx':
        next = skipOptions(w, 1, ['-p', '--package', '-c']);
        break;
      case 'pnpm':
      case 'yarn':
      case 'npm':
      case 'bun':
        if (sub === 'dlx' || sub === 'exec' || sub === 'x') next = skipOptions(w, 2, ['-p', '--package', '-c']);
        break;
      case 'poetry':
      case 'uv':
      case 'pipenv':
      case 'pdm':
      case 'rye':
      case 'hatch':
        if (sub === 'run') next = skipOptions(w, 2, ['--with', '--python', '-p', '--env']);
        break;
      case 'bundle':
        if (sub === 'exec') next = 2;
        break;
      case 'dotenv': {
        const dd = w.indexOf('--');
        next = dd > 0 ? dd + 1 : skipOptions(w, 1, ['-e', '-c', '-v']);
        break;
      }
      case 'docker':
      case 'podman':
      case 'docker-compose': {
        const isCompose = name === 'docker-compose' || sub === 'compose';
        const verbIdx = name === 'docker-compose' ? 1 : isCompose ? 2 : 1;
        if (w[verbIdx] === 'exec' || w[verbIdx] === 'run') {
          const i = skipOptions(w, verbIdx + 1, [
            '-e',
            '-u',
            '-w',
            '--env',
            '--user',
            '--workdir',
            '--name',
            '-v',
            '--volume',
            '-p',
            '--publish',
            '--entrypoint',
            '--network',
            '--net',
            '--env-file',
            '--platform',
            '-l',
            '--label',
            '--add-host',
            '--dns',
            '-m',
            '--memory',
            '--cpus',
            '--mount',
            '-h',
            '--hostname',
            '--pull',
          ]);
          // The next word is the container (exec) or image (run); what follows is the command run inside.
          const client = w[verbIdx] === 'run' ? clientImageArgv(w[i], w.slice(i + 1)) : undefined;
          if (client && i + 1 < w.length) {
            w = client;
            next = 0;
          } else if (i + 1 < w.length) next = i + 1;
        }
        break;
      }
      case 'kubectl':
      case 'oc':
        if (sub === 'exec' || sub === 'run') {
          const dd = w.indexOf('--');
          const at = w.indexOf('--image');
          const image = at > 0 ? w[at + 1] : w.find((a) => a.startsWith('--image='))?.slice('--image='.length);
          const client =
            sub === 'run' && dd > 0 && !w.includes('--command') ? clientImageArgv(image, w.slice(dd + 1)) : undefined;
          if (client) {
            w = client;
            next = 0;
          } else if (dd > 0) next = dd + 1;
        } else if (sub === 'rsh' && name === 'oc') {
          const i = skipOptions(w, 2, ['-c', '--container', '-n', '--namespace', '--shell']);
          if (i + 1 < w.length) next = i + 1;
        }
        break;
      case 'multipass':
      case 'lxc':
      case 'incus': {
        const dd = w.indexOf('--');
        if (sub === 'exec' && dd > 0) next = dd + 1;
        break;
      }
      case 'parallel': {
        // GNU parallel runs the command once per input (`::: a b`, `:::: file` or stdin lines), like xargs.
        const i = skipOptions(w, 1, [
          '-j',
          '--jobs',
          '-N',
          '-n',
          '-a',
          '-S',
          '--colsep',
          '-I',
          '--delay',
          '--timeout',
          '--joblog',
          '--results',
        ]);
        out.viaXargs = true;
        if (i < w.length && /\s/.test(w[i]!)) return { ...out, argv: ['parallel'], script: w[i]! };
        next = i;
        break;
      }
      case 'sshpass':
        next = skipOptions(w, 1, ['-p', '-f', '-d']);
        break;
      case 'su':
      case 'runuser': {
        const script = optionScript(w, 1, ['-c', '--command']);
        if (script !== undefined) return { ...out, argv: [name], script };
        break;
      }
      case 'vagrant':
      case 'fly':
      case 'flyctl':
      case 'gcloud': {
        // Remote shells that take the command as an option: `vagrant ssh -c`, `fly ssh console -C`, `gcloud compute ssh --command`.
        const remote = name === 'gcloud' ? sub === 'compute' && w[2] === 'ssh' : sub === 'ssh';
        const script = remote
          ? optionScript(
              w,
              2,
              name === 'vagrant' ? ['-c', '--command'] : name === 'gcloud' ? ['--command'] : ['-C', '--command'],
            )
          : undefined;
        if (script !== undefined) return { ...out, argv: [name], script };
        break;
      }
      case 'ssh': {
        const i = skipOptions(w, 1, [
          '-p',
          '-i',
          '-l',
          '-o',
          '-F',
          '-J',
          '-L',
          '-R',
          '-D',
          '-b',
          '-c',
          '-E',
          '-e',
          '-m',
          '-O',
          '-Q',
          '-S',
          '-W',
          '-w',
          '-B',
        ]);
        // `ssh host bash <<EOF` (or no command at all) runs the heredoc on the remote shell.
        const rest = w.slice(i + 1);
        if (
          heredoc !== undefined &&
          i < w.length &&
          (rest.length === 0 ||
            (rest.length <= 2 && SHELLS.has(programName(rest[0]!)) && rest.slice(1).every((a) => a === '-s')))
        ) {
          return { ...out, argv: ['ssh'], script: heredoc };
        }
        if (i + 1 < w.length) return { ...out, argv: ['ssh'], script: rest.join(' ') };
        break;
      }
      case 'eval':
        return { ...out, argv: ['eval'], script: w.slice(1).join(' ') };
      default:
        break;
    }
    if (next === undefined) break;
    w = w.slice(next);
  }
  if (!w.length) return { ...out, argv: [] };
  const name = programName(w[0]!);
  const argv = [name, ...w.slice(1)];
  if (SHELLS.has(name)) {
    for (let i = 1; i < w.length; i++) {
      const a = w[i]!;
      if (!a.startsWith('-')) break;
      if (/^-[a-z]*c[a-z]*$/.test(a) && i + 1 < w.length) return { ...out, argv, script: w[i + 1]! };
    }
    const hasScriptFile = w.slice(1).some((a) => !a.startsWith('-'));
    if (heredoc !== undefined && !hasScriptFile) return { ...out, argv, script: heredoc };
  }
  if (POWERSHELL.has(name.toLowerCase())) {
    for (let i = 1; i < w.length; i++) {
      const a = w[i]!.toLowerCase();
      if ((a === '-c' || a === '-command') && i + 1 < w.length)
        return { ...out, argv, script: w.slice(i + 1).join(' ') };
      if (!a.startsWith('-')) break;
      if (POWERSHELL_VALUE.has(a)) i++;
    }
  }
  if (INTERPRETER.test(name)) {
    // `deno eval CODE`, `deno run - <<EOF`, `bun run -`: a subcommand before the code or the script.
    const first = (name === 'deno' || name === 'bun') && (w[1] === 'eval' || w[1] === 'run') ? 2 : 1;
    if (name === 'deno' && w[1] === 'eval') {
      const code = w.slice(2).find((a) => !a.startsWith('-'));
      if (code !== undefined) return { ...out, argv, code };
    }
    for (let i = first; i < w.length; i++) {
      const a = w[i]!;
      if (['-c', '-e', '--eval', '-p', '--print', '-r', '-E'].includes(a) && i + 1 < w.length)
        return { ...out, argv, code: w[i + 1]! };
      if (!a.startsWith('-')) break;
    }
    // A heredoc is the program when no script file is named, or the script is `-` (stdin) and the rest is its argv.
    const script = w.slice(first).find((a) => a === '-' || !a.startsWith('-'));
    if (heredoc !== undefined && (script === undefined || script === '-')) return { ...out, argv, code: heredoc };
  }
  return { ...out, argv };
}
