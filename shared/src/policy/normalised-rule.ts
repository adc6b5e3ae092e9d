import { parseShell } from '../shell/parse-shell.js';
import { programName } from '../shell/unwrap-command.js';

/**
 * A command in a form where spelling does not matter: the program's basename, the set of its options
 * (`-rf`, `-fr` and `-r -f` are all {-r, -f}; `--force=yes` is --force) and its operands in order.
 */
interface Canonical {
  program: string;
  flags: Set<string>;
  operands: string[];
}

function canonical(argv: readonly string[]): Canonical {
  const flags = new Set<string>();
  const operands: string[] = [];
  let onlyOperands = false;
  for (const a of argv.slice(1)) {
    if (onlyOperands || a === '-' || !a.startsWith('-')) operands.push(a);
    else if (a === '--') onlyOperands = true;
    else if (a.startsWith('--')) flags.add(a.split('=')[0]!);
    else if (/^-[A-Za-z]+$/.test(a)) for (const ch of a.slice(1)) flags.add(`-${ch}`);
    else flags.add(a.slice(0, 2)); // `-n5`, `-p<pass>`: the option letter, its glued value dropped
  }
  return { program: programName(argv[0] ?? ''), flags, operands };
}

interface ParsedRule extends Canonical {
  /** `:*` or a trailing ` *`: any further operands (and options) may follow. */
  prefix: boolean;
  operandGlobs: RegExp[];
}

const cache = new Map<string, ParsedRule | null>();

function globPart(glob: string): RegExp {
  const esc = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
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
