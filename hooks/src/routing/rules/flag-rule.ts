/**
 * Rules that are only "this subcommand floods unless these flags bound it" written as data, and the one
 * function that reads them. A rule with more to weigh than flags (a URL, a file size, a SQL query) stays a
 * function in its own module.
 */
import { hasLong, hasShort, sandbox, type Flood, type Rule } from '../flood-rule-helpers.js';

/** A set of flags, any one of which counts as present. */
export interface Flags {
  /** Long options, matched whole or with a value (`--json`, `--json=v2`). */
  long?: readonly string[];
  /** Words matched exactly, and only exactly (`-f` does not match `-fv`). */
  exact?: readonly string[];
  /** Short option letters, matched alone or in a bundle (`-R` in `-laR`). */
  short?: string;
  /** Letters of short options that take a value: what follows them in a bundle is that value, not flags. */
  shortTakesValue?: string;
}

export interface FlagRule {
  /** The leading words that select the rule (`['logs']`, `['db', 'dump']`); any one of them. Default: always. */
  subcommands?: readonly (readonly string[])[];
  /** Flag sets that must all be present for the output to be unbounded (`brew info --json --installed`). */
  needs?: readonly Flags[];
  /** Flags that bound the output (`--limit`, `--no-tail`): any one of them and there is no flood. */
  boundedBy?: Flags;
  kind: string;
  why: string;
  bytes: number;
  endless?: boolean;
  /** The command to run in the sandbox instead, from the command as written; default the command itself. */
  instead?: (text: string) => string;
  /** What the sandbox call should report, when it is not the whole output. */
  intent?: string;
}

export function flagsPresent(args: readonly string[], flags: Flags): boolean {
  return (
    hasLong(args, ...(flags.long ?? [])) ||
    (flags.exact ?? []).some((f) => args.includes(f)) ||
    [...(flags.short ?? '')].some((letter) => hasShort(args, letter, flags.shortTakesValue ?? ''))
  );
}

function startsWith(args: readonly string[], words: readonly string[]): boolean {
  return words.every((w, i) => args[i] === w);
}

export function flagRule(spec: FlagRule): Rule {
  return (args, ctx) => {
    if (spec.subcommands && !spec.subcommands.some((words) => startsWith(args, words))) return undefined;
    if (spec.needs && !spec.needs.every((flags) => flagsPresent(args, flags))) return undefined;
    if (spec.boundedBy && flagsPresent(args, spec.boundedBy)) return undefined;
    const flood: Flood = {
      kind: spec.kind,
      why: spec.why,
      call: sandbox(ctx, spec.instead?.(ctx.text), spec.intent),
      bytes: spec.bytes,
    };
    if (spec.endless) flood.endless = true;
    return flood;
  };
}

/** The first of several rules that finds a flood (`npm ls --all` and `npm view react` are different rules). */
export function either(...rules: Rule[]): Rule {
  return (args, ctx) => {
    for (const rule of rules) {
      const flood = rule(args, ctx);
      if (flood) return flood;
    }
    return undefined;
  };
}
