/**
 * A shell command that only prints files: one `cat`, `head`, `tail`, `less` or `more` with plain file names (no
 * pipe, redirect, glob, variable or substitution). Denying it loses what the model asked for, so the deny can carry
 * the file's digest instead (docs/hosts.md#codex-cli-01710).
 */
const READERS = new Set(['cat', 'head', 'tail', 'less', 'more']);
/** Any shell syntax beyond words separated by spaces. */
const SHELL_SYNTAX = /[|;&<>$`*?[\](){}\\'"~\n]/;

/** The file names a plain read prints, or undefined when the command is anything else. */
export function plainReadFiles(command: string): string[] | undefined {
  const text = command.trim();
  if (!text || SHELL_SYNTAX.test(text)) return undefined;
  const [program, ...args] = text.split(/\s+/);
  if (!program || !READERS.has(program)) return undefined;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('-')) {
      files.push(a);
      continue;
    }
    // head/tail line or byte counts (`-n 50`, `-n50`, `-50`, `--lines=50`); any other option is not a plain read.
    if (program !== 'head' && program !== 'tail') return undefined;
    if (a === '-n' || a === '-c') i++;
    else if (!/^(-[nc]?\+?\d+[kKmM]?|--(lines|bytes)=\+?\d+)$/.test(a)) return undefined;
  }
  return files.length > 0 ? files : undefined;
}
