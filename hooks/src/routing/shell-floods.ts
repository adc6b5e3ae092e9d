import { floodOfProgram, type Flood } from './flood-rules.js';
import { parseShell, stderrRedirected, stdoutRedirected, type Pipeline, type SimpleCommand } from '@context-mode/shared/shell/parse-shell';
import { programName, unwrapCommand } from '@context-mode/shared/shell/unwrap-command';

export type { Flood, SuggestedCall } from './flood-rules.js';

export interface ShellFloodOptions {
  /** Size of a file named by the command, when it exists (resolved against the project dir by the caller). */
  fileSize?: (path: string) => number | undefined;
}

// Inline HTTP in interpreter code: the response usually goes straight to print().
const INLINE_HTTP = [
  /\bfetch\s*\(\s*[`'"]https?:/,
  /\brequests\.(get|post|put|patch|delete|head|request)\s*\(/,
  /\bhttpx\.(get|post|put|patch|delete|stream|request)\s*\(/,
  /\burlopen\s*\(/,
  /\bhttps?\.(get|request)\s*\(\s*[`'"]https?:/,
  /\baxios(\.(get|post|request))?\s*\(\s*[`'"]https?:/,
  /\bNet::HTTP\.get|\bURI\.open\s*\(|\bHTTParty\.get|\bopen-uri\b/,
  /\bLWP::Simple|\bHTTP::Tiny|\bget\s*\(\s*['"]https?:/,
  /\bfile_get_contents\s*\(\s*['"]https?:/,
];

function inlineHttp(code: string): boolean {
  return INLINE_HTTP.some((re) => re.test(code));
}

/**
 * Stages that keep a flood out of the context when it is piped into them: they cut it short (`head`,
 * `wc`, `grep -c`), select from it (`grep pattern`, `jq .field`), or consume it without printing it
 * (`sh`, `tar -x`, `gpg --dearmor`). Formatters and pagers (`sort`, `cat`, `less`, `jq .`) do not.
 */
const PASS_THROUGH = new Set([
  'cat', 'tee', 'less', 'more', 'most', 'sort', 'uniq', 'cut', 'tr', 'column', 'nl', 'fmt', 'fold', 'expand',
  'unexpand', 'rev', 'tac', 'paste', 'bat', 'batcat', 'pv', 'ts', 'ccze', 'lolcat', 'iconv', 'dos2unix', 'colrm',
  'pr', 'gzip', 'gunzip', 'zcat', 'base64', 'xxd', 'od', 'hexdump', 'strings', 'yq', 'prettier', 'pygmentize',
]);

function contains(cmd: SimpleCommand): boolean {
  const u = unwrapCommand(cmd.words, cmd.heredoc);
  const [name, ...args] = u.argv;
  if (!name) return false;
  if (u.viaXargs) return true;
  if (name === 'jq' || name === 'gojq' || name === 'jaq') {
    const filter = args.find((a) => !a.startsWith('-'));
    return filter !== undefined && filter !== '.' && filter !== '.[]';
  }
  if (name === 'python' || name === 'python3') {
    // `python -m json.tool` pretty-prints everything it is given.
    if (args.includes('json.tool')) return false;
    return true;
  }
  if (name === 'awk' || name === 'gawk' || name === 'mawk') {
    const prog = args.find((a) => !a.startsWith('-')) ?? '';
    // `{ print $1 }` runs on every line; a leading pattern (`/ERROR/ { … }`, `$3 > 100`) selects lines.
    if (/^\s*(BEGIN\b|\{)/.test(prog)) return /\bexit\b|\bNR\s*[<>=]/.test(prog);
    return true;
  }
  if (name === 'sed') return args.some((a) => a === '-n' || /^-[a-zA-Z]*n/.test(a) || /^\d+q$/.test(a) || /\bq\b/.test(a));
  if (name === 'tail') return !args.some((a) => a === '-f' || a === '-F' || a === '--follow');
  return !PASS_THROUGH.has(name);
}

function segmentText(cmd: SimpleCommand): string {
  return cmd.words.map((w) => (/[\s"'$`\\|&;<>(){}*?]/.test(w) && w !== '$(…)' ? `'${w.replace(/'/g, `'\\''`)}'` : w)).join(' ');
}

function analyse(src: string, opts: ShellFloodOptions, depth: number): Flood | undefined {
  if (depth > 4) return undefined;
  const pipelines: Pipeline[] = parseShell(src);
  for (const pipeline of pipelines) {
    const { commands } = pipeline;
    for (let i = 0; i < commands.length; i++) {
      const cmd = commands[i]!;
      const flood = floodOfCommand(cmd, opts, depth);
      if (!flood) continue;
      if (flood.endless) return flood;
      if (stdoutRedirected(cmd)) continue;
      let contained = false;
      for (let j = i + 1; j < commands.length; j++) {
        if (stdoutRedirected(commands[j]!) || contains(commands[j]!)) {
          contained = true;
          break;
        }
      }
      if (!contained) return flood;
    }
  }
  return undefined;
}

function floodOfCommand(cmd: SimpleCommand, opts: ShellFloodOptions, depth: number): Flood | undefined {
  const u = unwrapCommand(cmd.words, cmd.heredoc);
  if (u.script !== undefined) {
    const inner = analyse(u.script, opts, depth + 1);
    if (inner) return inner;
  }
  if (u.code !== undefined && inlineHttp(u.code)) {
    return {
      kind: 'inline-http',
      why: 'prints an HTTP response from inline code',
      call: { tool: 'ctx_execute', code: u.code, intent: 'what you need from the response' },
      bytes: 16_384,
    };
  }
  if (!u.argv.length) return undefined;
  const text = segmentText({ words: u.argv, redirects: [] });
  return floodOfProgram(u.argv, {
    text,
    fileSize: opts.fileSize ?? (() => undefined),
    viaXargs: u.viaXargs,
    stderrDiscarded: stderrRedirected(cmd),
  });
}

/**
 * The first flood a shell command line would put into the context, or undefined. Quoted text, heredoc
 * bodies fed to non-interpreters and comments are data and never trigger; `bash -c`, `sudo`, `env`,
 * `time`, `ssh host …` and absolute program paths are seen through. A flood whose output is redirected to a
 * file or piped into a stage that bounds or consumes it (`| head`, `| grep x`, `| tar -x`, `| sh`) passes.
 */
export function findShellFlood(command: string, opts: ShellFloodOptions = {}): Flood | undefined {
  try {
    return analyse(command, opts, 0);
  } catch {
    return undefined;
  }
}

export { programName };
