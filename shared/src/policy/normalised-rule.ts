import { parseShell } from '../shell/parse-shell.js';
import { programName } from '../shell/unwrap-command.js';

/**
 * A command in a form where spelling does not matter: the program's basename, the set of its options
 * (`-rf`, `-fr` and `-r -f` are all {-r, -f}; `--force=yes` is --force; for the programs in OPTION_ALIASES,
 * `-R`, `--recursive` and `--rec` are -r) and its operands in order.
 */
interface Canonical {
  program: string;
  flags: Set<string>;
  operands: string[];
}

interface ProgramOptions {
  /** Spellings of one option → the one it is read as (`--recursive` → `-r`, `-R` → `-r`). */
  aliases: Record<string, string>;
  /**
   * Every long option the program has, when the list is complete: getopt_long then accepts any unambiguous
   * prefix (`rm --rec --forc`), so a prefix of exactly one of them is read as that option.
   */
  longOptions?: readonly string[];
}

/**
 * Options that several spellings name, per program (case matters elsewhere: `ls -r` is not `ls -R`). GNU
 * coreutils, BSD and busybox agree on these.
 */
const OPTION_ALIASES: Record<string, ProgramOptions> = {
  rm: {
    aliases: {
      '-R': '-r',
      '--recursive': '-r',
      '--force': '-f',
      '--dir': '-d',
      '--verbose': '-v',
      '--interactive': '-i',
    },
    longOptions: [
      '--force',
      '--interactive',
      '--one-file-system',
      '--no-preserve-root',
      '--preserve-root',
      '--recursive',
      '--dir',
      '--verbose',
      '--help',
      '--version',
    ],
  },
  cp: { aliases: { '-R': '-r', '--recursive': '-r', '--force': '-f', '--verbose': '-v' } },
  mv: { aliases: { '--force': '-f', '--verbose': '-v', '--no-clobber': '-n' } },
  ln: { aliases: { '--force': '-f', '--symbolic': '-s' } },
  chmod: { aliases: { '--recursive': '-R' } },
  chown: { aliases: { '--recursive': '-R' } },
  chgrp: { aliases: { '--recursive': '-R' } },
  shred: { aliases: { '--remove': '-u', '--force': '-f', '--zero': '-z' } },
  git: { aliases: { '--force': '-f' } },
};

/** One option word as the option it names, for `program`. */
function canonicalOption(program: string, option: string): string {
  const known = OPTION_ALIASES[program];
  if (!known) return option;
  if (option.startsWith('--') && known.longOptions && !known.longOptions.includes(option)) {
    const candidates = known.longOptions.filter((l) => l.startsWith(option));
    if (candidates.length === 1) option = candidates[0]!;
  }
  return known.aliases[option] ?? option;
}

function canonical(argv: readonly string[]): Canonical {
  const program = programName(argv[0] ?? '');
  const flags = new Set<string>();
  const add = (option: string) => flags.add(canonicalOption(program, option));
  const operands: string[] = [];
  let onlyOperands = false;
  for (const a of argv.slice(1)) {
    if (onlyOperands || a === '-' || !a.startsWith('-')) operands.push(a);
    else if (a === '--') onlyOperands = true;
    else if (a.startsWith('--')) add(a.split('=')[0]!);
    else if (/^-[A-Za-z]+$/.test(a)) for (const ch of a.slice(1)) add(`-${ch}`);
    else add(a.slice(0, 2)); // `-n5`, `-p<pass>`: the option letter, its glued value dropped
  }
  return { program, flags, operands };
}

interface ParsedRule extends Canonical {
  /** `:*` or a trailing ` *`: any further operands (and options) may follow. */
  prefix: boolean;
  operandGlobs: RegExp[];
}

const cache = new Map<string, ParsedRule | null>();

function globPart(glob: string): RegExp {
  const esc = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${esc}$`);
}

/** `Bash(rm -rf:*)` / `Bash(rm -rf *)` / `Bash(git push)` → its canonical form; null for rules this cannot read. */
function parseRule(rule: string): ParsedRule | null {
  const hit = cache.get(rule);
  if (hit !== undefined) return hit;
  let parsed: ParsedRule | null = null;
  const m = /^Bash\((.*)\)$/s.exec(rule.trim());
  if (m) {
    let pattern = m[1]!.trim();
    let prefix = false;
    if (pattern.endsWith(':*')) {
      pattern = pattern.slice(0, -2).trim();
      prefix = true;
    } else if (/\s\*$/.test(pattern)) {
      pattern = pattern.slice(0, -1).trim();
      prefix = true;
    }
    const pipelines = parseShell(pattern);
    const only = pipelines.length === 1 && pipelines[0]!.commands.length === 1 ? pipelines[0]!.commands[0]! : undefined;
    // Rules with pipes or separators (`curl * | sh`) are left to the literal match.
    if (only && only.words.length && !only.words[0]!.includes('*')) {
      const c = canonical(only.words);
      parsed = { ...c, prefix, operandGlobs: c.operands.map(globPart) };
    }
  }
  cache.set(rule, parsed);
  return parsed;
}

/**
 * True when `argv` (a program as it would really run, see effectiveCommands) meets the rule regardless of how
 * it is spelled: same program, every option of the rule present, the rule's operands first and in order (all
 * of them and nothing more unless the rule ends in `:*` or ` *`).
 */
export function matchesNormalised(rule: string, argv: readonly string[]): boolean {
  const r = parseRule(rule);
  if (!r || !argv.length) return false;
  const c = canonical(argv);
  if (c.program !== r.program) return false;
  for (const f of r.flags) if (!c.flags.has(f)) return false;
  if (c.operands.length < r.operands.length) return false;
  if (!r.prefix && (c.operands.length !== r.operands.length || c.flags.size !== r.flags.size)) return false;
  return r.operandGlobs.every((g, i) => g.test(c.operands[i]!));
}
