/**
 * What the deny-rule check cannot decide by reading the code: a program named at run time (`x=rm; $x -rf …`,
 * `$(echo rm) …`), a script piped into an interpreter (`base64 -d | sh`, `curl … | bash`), `eval` of a variable,
 * a process started from a string or list built at run time (`'r' + 'm'`, `cmd.join(' ')`), and the programs and
 * library calls that delete by themselves (`find -delete`, `shutil.rmtree`, `fs.rmSync`) when a rule denies `rm`.
 * The check treats such code as unknown, not as allowed (see denyMessage and docs/reliability.md).
 */
import { effectiveCommands } from '../shell/effective-commands.js';

/** Argv arrays of string literals handed to a process API (`subprocess.run(['rm', '-rf', p])`), as command lines. */
export function listCommands(language: string, code: string): string[] {
  if (language === 'shell') return [];
  const out: string[] = [];
  const STR = String.raw`(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')`;
  // `spawn('rm', ['-rf', x])` / `execFile("rm", [...])` / `Command::new("rm").args([...])`: the program then its list.
  const call = new RegExp(String.raw`\(\s*(${STR})\s*,\s*\[([^\]]*)\]`, 'g');
  const list = new RegExp(
    String.raw`(?:run|call|check_call|check_output|Popen|spawn|spawnSync|execFile|execFileSync|execv\w*|args)\s*\(\s*\[([^\]]*)\]`,
    'g',
  );
  const words = (inner: string) =>
    [...inner.matchAll(new RegExp(STR, 'g'))].map((m) => m[0].slice(1, -1)).filter((w) => w.length);
  for (const m of code.matchAll(call)) out.push([m[1]!.slice(1, -1), ...words(m[2]!)].join(' '));
  for (const m of code.matchAll(list)) {
    const w = words(m[1]!);
    if (w.length) out.push(w.join(' '));
  }
  return out;
}

/** Programs named in the deny rules (`Bash(rm -rf:*)` → rm). */
function deniedPrograms(deny: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const r of deny) {
    const m = /^Bash\(\s*([^\s:()*]+)/.exec(r.trim());
    if (m) names.add(m[1]!.split('/').pop()!);
  }
  return names;
}

const SHELL_DELETERS: Array<[RegExp, string]> = [
  [/(?:^|\s)-delete\b/, 'find -delete deletes files itself'],
  [/\b(?:shred|unlink|rmdir)\s+-?\S/, 'a program that deletes files itself'],
  [/\brsync\b[^\n]*\s--delete\b/, 'rsync --delete deletes files itself'],
];
const CODE_DELETERS =
  /\b(?:shutil\.rmtree|os\.remove|os\.unlink|os\.rmdir|os\.removedirs|Path\([^)]*\)\.unlink|rimraf|FileUtils\.rm_r?f?|File\.delete|remove_dir_all|os\.RemoveAll|unlink\s*\(|rmdir\s*\()|\.(?:rmtree|rm|rmSync|rmdir|rmdirSync|unlink|unlinkSync)\s*\(/;

/** Process APIs whose argument is not a literal (built at run time): the command cannot be read. */
const DYNAMIC_PROCESS: Record<string, RegExp> = {
  python: /\b(?:os\.system|os\.popen|os\.exec\w*|subprocess\.\w+)\(\s*(?!["'[])/,
  javascript:
    /\b(?:exec|execSync|spawn|spawnSync|execFile|execFileSync)\(\s*(?!["'\x60[])|\bexec(?:Sync)?\(\s*\x60[^\x60]*\$\{/,
  typescript:
    /\b(?:exec|execSync|spawn|spawnSync|execFile|execFileSync)\(\s*(?!["'\x60[])|\bexec(?:Sync)?\(\s*\x60[^\x60]*\$\{/,
  ruby: /\b(?:system|exec|spawn)\(?\s*(?!["'[])[\w@$]/,
  php: /\b(?:shell_exec|exec|system|passthru|proc_open|popen)\(\s*(?!["'])/,
  perl: /\b(?:system|exec)\(?\s*(?!["'])[\w$@]/,
  go: /exec\.Command\(\s*(?!")/,
  rust: /Command::new\(\s*(?!")/,
};

function shellReason(code: string, deleters: boolean, depth = 0): string | undefined {
  for (const c of effectiveCommands(code)) {
    const program = c.argv[0] ?? '';
    if (/[$`]/.test(program)) return `the program is named at run time (${c.text})`;
    if (program === 'eval' && c.argv.slice(1).some((a) => /[$`]/.test(a)))
      return `eval runs text built at run time (${c.text})`;
  }
  // Here-document bodies are data (a CI file written with tee), not commands; the line that opens one stays.
  code = code.replace(/<<-?\s*(['"]?)(\w+)\1([^\n]*)\n[\s\S]*?\n[ \t]*\2[ \t]*(?=\n|$)/g, '<<HEREDOC$3');
  // A script arriving on an interpreter's stdin (`… | sh`, `sh < file`, `bash <(curl …)`) is not in the code.
  if (
    /\|\s*(?:sudo\s+)?(?:\S*\/)?(?:sh|bash|zsh|dash|ksh|python[\d.]*|node|perl|ruby)\b(?!\s+-c\b)(?:\s+-\S*)*\s*(?:$|[;&|)\n])/m.test(
      code,
    )
  )
    return 'a script is piped into an interpreter';
  if (/(?:^|[;&|(]\s*)(?:\S*\/)?(?:sh|bash|zsh|source|\.)\s+<\(/m.test(code))
    return 'a script is read from a process substitution';
  if (deleters) for (const [re, why] of SHELL_DELETERS) if (re.test(code)) return why;
  if (depth === 0) {
    for (const c of effectiveCommands(code)) {
      // Interpreters given code inline: judge the inline code as that language.
      const lang = /^python/.test(c.argv[0] ?? '') ? 'python' : c.argv[0] === 'node' ? 'javascript' : undefined;
      const inline = c.argv.findIndex((a) => a === '-c' || a === '-e' || a === '--eval');
      if (lang && inline > 0 && c.argv[inline + 1]) {
        const why = codeReason(lang, c.argv[inline + 1]!, deleters);
        if (why) return why;
      }
    }
  }
  return undefined;
}

/** A process API given a literal that is then glued or formatted (`'r' + 'm …'`, `' '.join([...])`, `'%s' % x`). */
const BUILT_STRING =
  /\b(?:os\.system|os\.popen|subprocess\.\w+|exec|execSync|spawn|spawnSync|system|shell_exec|passthru)\(\s*(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*(?:[+%]|\.\s*(?:join|format|concat|replace)\b)/;
/** A shell-string API (not an argv API) given a list that is joined at run time: `execSync(['rm', …].join(' '))`. */
const JOINED_LIST = /\b(?:os\.system|os\.popen|exec|execSync|system)\(\s*\[[^\]]*\]\s*\.\s*join\b/;

function codeReason(language: string, code: string, deleters: boolean): string | undefined {
  if (deleters && CODE_DELETERS.test(code)) return 'a library call deletes files itself';
  const dynamic = DYNAMIC_PROCESS[language];
  if (dynamic?.test(code) || BUILT_STRING.test(code) || JOINED_LIST.test(code))
    return 'a process is started with a command built at run time';
  return undefined;
}

/**
 * Why `code` cannot be checked against the deny rules by reading it, or undefined when it can. Only asked when
 * there are deny rules; deleting programs and calls count when a rule denies `rm`.
 */
export function undecidableReason(language: string, code: string, deny: readonly string[]): string | undefined {
  if (!deny.length) return undefined;
  const deleters = deniedPrograms(deny).has('rm');
  return language === 'shell' ? shellReason(code, deleters) : codeReason(language, code, deleters);
}
