import { parseShell } from './parse-shell.js';
import { extractShellStrings } from './shell-strings.js';
import { unwrapCommand } from './unwrap-command.js';

/** One program a command line would run, after wrappers, environment prefixes and nesting are seen through. */
export interface EffectiveCommand {
  /** The effective argv; argv[0] is the program's basename (`/bin/rm` and `\rm` are both `rm`). */
  argv: string[];
  /** The command's words, re-quoted where they hold spaces (`git commit -m "a b"`), for messages and memory. */
  text: string;
}

/** Words back into one line: a word with whitespace (or empty) is double-quoted; an assignment keeps its name outside. */
export function joinWords(words: readonly string[]): string {
  return words
    .map((w) => {
      if (w !== '' && !/[\s"]/.test(w)) return w;
      const m = /^([A-Za-z_][A-Za-z0-9_]*=)([\s\S]*)$/.exec(w);
      const quote = (v: string) => `"${v.replace(/(["\\$`])/g, '\\$1')}"`;
      return m ? `${m[1]}${quote(m[2]!)}` : quote(w);
    })
    .join(' ');
}

const MAX_NESTING = 6;
const INTERPRETER_LANGUAGE: Array<[RegExp, string]> = [
  [/^(?:python[\d.]*|pypy3?)$/, 'python'],
  [/^(?:node|nodejs|deno|bun|tsx|ts-node)$/, 'javascript'],
  [/^ruby$/, 'ruby'],
  [/^perl$/, 'perl'],
  [/^php$/, 'php'],
];
/** `find … -exec CMD {} ;` runs CMD per file. */
const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/**
 * Every program a command line runs, as far as reading (never running) it can tell: each simple command of
 * each pipeline, seen through `VAR=1`, `env`, `sudo`, `nohup`, `xargs`, `timeout`, … (unwrapCommand); the
 * scripts of `sh -c`, `eval`, `ssh host cmd` and heredocs fed to a shell; command and process substitutions;
 * `find -exec`; and literal shell strings in `python -c` / `node -e` code. Variables, aliases and commands
 * assembled at run time cannot be known this way.
 */
export function effectiveCommands(src: string, depth = 0): EffectiveCommand[] {
  if (depth > MAX_NESTING) return [];
  const out: EffectiveCommand[] = [];
  for (const pipeline of parseShell(src)) {
    for (const cmd of pipeline.commands) {
      for (const sub of cmd.substitutions ?? []) out.push(...effectiveCommands(sub, depth + 1));
      const u = unwrapCommand(cmd.words, cmd.heredoc);
      if (u.script !== undefined) out.push(...effectiveCommands(u.script, depth + 1));
      if (u.code !== undefined) {
        const lang = INTERPRETER_LANGUAGE.find(([re]) => re.test(u.argv[0] ?? ''))?.[1];
        for (const s of lang ? extractShellStrings(lang, u.code) : []) out.push(...effectiveCommands(s, depth + 1));
      }
      if (!u.argv.length) continue;
      out.push({ argv: u.argv, text: joinWords(cmd.words) });
      if (u.argv[0] === 'find') out.push(...findExecCommands(u.argv));
    }
  }
  return out;
}

function findExecCommands(argv: string[]): EffectiveCommand[] {
  const out: EffectiveCommand[] = [];
  for (let i = 1; i < argv.length; i++) {
    if (!FIND_EXEC.has(argv[i]!)) continue;
    const end = argv.findIndex((a, j) => j > i && (a === ';' || a === '+'));
    const words = argv.slice(i + 1, end < 0 ? argv.length : end);
    const u = unwrapCommand(words);
    if (u.argv.length) out.push({ argv: u.argv, text: joinWords(words) });
    i = end < 0 ? argv.length : end;
  }
  return out;
}
