import { floodOfProgram, type Flood } from './flood-rules.js';
import { downloadOf, samePath, type Download } from './downloads.js';
import { inlineHttpFlood } from './inline-http.js';
import {
  parseShell,
  stderrRedirected,
  stdoutRedirected,
  type Pipeline,
  type SimpleCommand,
} from '@context-mode/shared/shell/parse-shell';
import { joinWords } from '@context-mode/shared/shell/effective-commands';
import { programName, unwrapCommand } from '@context-mode/shared/shell/unwrap-command';

export type { Flood } from './flood-rules.js';

export interface ShellFloodOptions {
  /** Size of a file named by the command, when it exists (resolved against the project dir by the caller). */
  fileSize?: (path: string) => number | undefined;
  /** Whether a path the command names lies inside the project (see RuleContext.insideProject). */
  insideProject?: (path: string) => boolean;
}

/**
 * Stages that keep a flood out of the context when it is piped into them: they cut it short (`head`,
 * `wc`, `grep -c`), select from it (`grep pattern`, `jq .field`), or consume it without printing it
 * (`sh`, `tar -x`, `gpg --dearmor`). Formatters and pagers (`sort`, `cat`, `less`, `jq .`) do not.
 */
const PASS_THROUGH = new Set([
  'cat',
  'tee',
  'less',
  'more',
  'most',
  'sort',
  'uniq',
  'cut',
  'tr',
  'column',
  'nl',
  'fmt',
  'fold',
  'expand',
  'unexpand',
  'rev',
  'tac',
  'paste',
  'bat',
  'batcat',
  'pv',
  'ts',
  'ccze',
  'lolcat',
  'iconv',
  'dos2unix',
  'colrm',
  'pr',
  'gzip',
  'gunzip',
  'zcat',
  'base64',
  'xxd',
  'od',
  'hexdump',
  'strings',
  'yq',
  'prettier',
  'pygmentize',
  // PowerShell formatters (lower-cased: cmdlet names are case-insensitive).
  'convertto-json',
  'convertfrom-json',
  'format-list',
  'format-table',
  'fl',
  'ft',
  'out-string',
  'out-host',
  'write-output',
  'write-host',
  'tee-object',
]);
/** `Select-Object -ExpandProperty Content` hands the whole body on; other selections pick fields. */
const BODY_PROPERTY = /^(content|rawcontent)$/i;

function contains(cmd: SimpleCommand): boolean {
  const u = unwrapCommand(cmd.words, cmd.heredoc);
  const [name, ...args] = u.argv;
  if (!name) return false;
  if (u.viaXargs) return true;
  const lower = name.toLowerCase();
  if (lower === 'select-object' || lower === 'select') {
    const k = args.findIndex((a) => /^-expand(property)?$/i.test(a));
    return !(k >= 0 && BODY_PROPERTY.test(args[k + 1] ?? ''));
  }
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
  if (name === 'sed')
    return args.some((a) => a === '-n' || /^-[a-zA-Z]*n/.test(a) || /^\d+q$/.test(a) || /\bq\b/.test(a));
  if (name === 'tail') return !args.some((a) => a === '-f' || a === '-F' || a === '--follow');
  return !PASS_THROUGH.has(lower);
}

/** `(iwr URL).StatusCode`: the parenthesised command's output is reduced to one property (parsed as the next pipeline). */
function propertyOfPrevious(next: Pipeline | undefined): boolean {
  const word = next?.commands[0]?.words[0];
  return word !== undefined && /^\.[A-Za-z]/.test(word) && !BODY_PROPERTY.test(word.slice(1).split(/[.\s]/)[0]!);
}

/** Inputs of one analysis: the caller's options plus what earlier commands of the same line did. */
interface Scope extends ShellFloodOptions {
  /** Files downloaded by earlier commands of the line, by path. */
  downloads: Map<string, Download>;
  /** The enclosing command runs once per stdin line (`xargs sh -c '…'`, `parallel 'curl {}'`). */
  viaXargs?: boolean;
  /** The whole command line, for redirects that only make sense whole (`cat urls | xargs curl`). */
  line: string;
}

function segmentText(cmd: SimpleCommand): string {
  return cmd.words
    .map((w) => (/[\s"'$`\\|&;<>(){}*?]/.test(w) && w !== '$(…)' ? `'${w.replace(/'/g, `'\\''`)}'` : w))
    .join(' ');
}

function analyse(src: string, scope: Scope, depth: number): Flood | undefined {
  if (depth > 4) return undefined;
  const pipelines: Pipeline[] = parseShell(src);
  for (let p = 0; p < pipelines.length; p++) {
    const { commands } = pipelines[p]!;
    for (let i = 0; i < commands.length; i++) {
      const cmd = commands[i]!;
      // `cat <<EOF | python3`: the heredoc is the program the interpreter reads from stdin.
      const prev = commands[i - 1];
      const piped =
        prev && prev.heredoc !== undefined && programName(prev.words[0] ?? '') === 'cat' && prev.words.length === 1
          ? prev.heredoc
          : undefined;
      const flood = readsDownload(floodOfCommand(cmd, scope, depth, piped), cmd, scope);
      noteDownload(cmd, scope);
      if (!flood) continue;
      if (flood.endless) return flood;
      if (stdoutRedirected(cmd)) continue;
      let contained = commands.length === 1 && propertyOfPrevious(pipelines[p + 1]);
      for (let j = i + 1; j < commands.length && !contained; j++) {
        if (stdoutRedirected(commands[j]!) || contains(commands[j]!)) contained = true;
      }
      if (!contained) return flood;
    }
  }
  return undefined;
}

function noteDownload(cmd: SimpleCommand, scope: Scope): void {
  const out = cmd.redirects.find((r) => r.fd === 1 && (r.op === '>' || r.op === '>>'))?.target;
  const d = downloadOf(unwrapCommand(cmd.words).argv, out);
  if (d) scope.downloads.set(d.path, d);
}

/**
 * A flood that prints a file an earlier command downloaded (`curl -o f URL && cat f`): the file does not exist
 * yet when the line is judged, so the redirect names the URL (indexed, then searched) or the whole line.
 */
function readsDownload(flood: Flood | undefined, cmd: SimpleCommand, scope: Scope): Flood | undefined {
  if (!flood || scope.downloads.size === 0) return flood;
  const d = cmd.words.map((w) => scope.downloads.get(samePath(w))).find((x) => x !== undefined);
  if (!d) return flood;
  return {
    kind: 'download-then-read',
    why: `downloads ${d.url} and then prints all of ${d.path}`,
    call: /^https?:\/\/(localhost|127\.|0\.0\.0\.0|\[::1\])/i.test(d.url)
      ? { tool: 'ctx_execute', code: scope.line, intent: 'what you need from the file' }
      : { tool: 'ctx_fetch_and_index', url: d.url },
    bytes: Math.max(flood.bytes, 16_384),
  };
}

function floodOfCommand(cmd: SimpleCommand, scope: Scope, depth: number, stdinProgram?: string): Flood | undefined {
  const u = unwrapCommand(cmd.words, cmd.heredoc ?? stdinProgram);
  const viaXargs = u.viaXargs || scope.viaXargs;
  if (u.script !== undefined) {
    const inner = analyse(u.script, { ...scope, viaXargs }, depth + 1);
    if (inner) return inner;
  }
  if (u.code !== undefined) {
    const line =
      cmd.heredoc !== undefined ? `${joinWords(cmd.words)} <<'EOF'\n${cmd.heredoc}\nEOF` : joinWords(cmd.words);
    const inline = inlineHttpFlood(u.code, u.argv, line);
    if (inline) return inline;
  }
  if (!u.argv.length) return undefined;
  const text = segmentText({ words: u.argv, redirects: [] });
  const fileSize = scope.fileSize ?? (() => undefined);
  const flood = floodOfProgram(u.argv, {
    text,
    // A file downloaded earlier in the line does not exist yet: assume a page's worth.
    fileSize: (path) => (scope.downloads.has(samePath(path)) ? 200_000 : fileSize(path)),
    viaXargs,
    stderrDiscarded: stderrRedirected(cmd),
    ...(scope.insideProject ? { insideProject: scope.insideProject } : {}),
  });
  // Run per stdin line, the program alone has no input: the sandbox must run the whole line.
  return viaXargs && flood?.call.tool === 'ctx_execute'
    ? { ...flood, call: { ...flood.call, code: scope.line } }
    : flood;
}

/**
 * The first flood a shell command line would put into the context, or undefined. Quoted text, heredoc
 * bodies fed to non-interpreters and comments are data and never trigger; `bash -c`, `sudo`, `env`,
 * `time`, `ssh host …` and absolute program paths are seen through. A flood whose output is redirected to a
 * file or piped into a stage that bounds or consumes it (`| head`, `| grep x`, `| tar -x`, `| sh`) passes.
 */
export function findShellFlood(command: string, opts: ShellFloodOptions = {}): Flood | undefined {
  try {
    return analyse(command, { ...opts, downloads: new Map(), line: command }, 0);
  } catch {
    return undefined;
  }
}
