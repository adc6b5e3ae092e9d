/**
 * Listings and searches of a file tree that is too big to print: `find` or `ls -R` over the project, the
 * home directory or a dependency folder, `grep -r` / `rg` over such a tree, `du -a`, `locate`.
 */
import { hasLong, hasShort, isHugeTree, optValue, positionals, sandbox, type Rule } from '../flood-rule-helpers.js';
import { flagRule, flagsPresent } from './flag-rule.js';

/** `find` options read before the start paths. */
const FIND_LEADING_OPTIONS = ['-H', '-L', '-P', '-O0', '-O1', '-O2', '-O3'];
/** `find -maxdepth 3` or shallower stays small in any tree. */
const SHALLOW_FIND_DEPTH = 3;
/** Tests that narrow a walk to the files the user is after. */
const FIND_FILTERS =
  /^-(i?name|i?path|i?wholename|i?regex|newer\w*|[acm](time|min)|size|empty|perm|user|group|links|inum|samefile)$/;
/** Programs that, run by `find -exec`, print each file's content. */
const FILE_PRINTERS = /^(cat|less|more|head|tail|strings|xxd)$/;
const DEPENDENCY_FOLDER = /(^|\/)(node_modules|vendor|\.venv|venv|site-packages|target|\.git)(\/|$)/;
/** System directories that each hold thousands of entries. */
const CROWDED_SYSTEM_DIR = /^\/(usr\/(local\/)?(bin|lib|share|include)|proc|dev|sys)\/?$/;
/** `tree -L 4` or shallower stays readable. */
const SHALLOW_TREE_LEVEL = 4;
const DU_SUMMARY = 'du -h -d 1 . | sort -h | tail -30';

/** `find` over the file system, a dependency folder, or the whole project with no name filter. */
export const findOverBigTree: Rule = (args, ctx) => {
  const starts: string[] = [];
  let k = 0;
  while (k < args.length && FIND_LEADING_OPTIONS.includes(args[k]!)) k++;
  while (k < args.length && !args[k]!.startsWith('-') && args[k] !== '(' && args[k] !== '!') starts.push(args[k++]!);
  const expr = args.slice(k);
  if (expr.includes('-quit')) return undefined;
  const depth = Number(optValue(expr, [], ['-maxdepth']));
  if (Number.isFinite(depth) && depth <= SHALLOW_FIND_DEPTH) return undefined;
  const execs = expr.flatMap((a, idx) => (a === '-exec' || a === '-execdir' ? [expr[idx + 1] ?? ''] : []));
  if (execs.some((e) => FILE_PRINTERS.test(e))) {
    return { kind: 'find-cat', why: 'prints the content of every file found', call: sandbox(ctx), bytes: 200_000 };
  }
  if (expr.includes('-delete') || execs.length) return undefined;
  const filtered = expr.some((a) => FIND_FILTERS.test(a));
  // A name without wildcards matches a handful of files, wherever the walk starts.
  const exactName = expr.some((a, idx) => /^-i?name$/.test(a) && !/[*?[]/.test(expr[idx + 1] ?? '*'));
  const roots = starts.length ? starts : ['.'];
  const systemRoot = roots.some((r) => /^(\/|~|\$HOME|\$\{HOME\}|[A-Za-z]:)/.test(r) && isHugeTree(r));
  const dependencyTree = roots.some((r) => DEPENDENCY_FOLDER.test(r));
  if (systemRoot && !(exactName && ctx.stderrDiscarded)) {
    return {
      kind: 'find-tree',
      why: `walks all of ${roots.join(' ')} and prints every match and every permission error`,
      call: sandbox(ctx, `${ctx.text} 2>/dev/null | head -100`),
      bytes: 200_000,
    };
  }
  if (dependencyTree && !exactName) {
    return {
      kind: 'find-tree',
      why: `lists files of a dependency tree (${roots.join(' ')})`,
      call: sandbox(ctx, `${ctx.text} | head -100`),
      bytes: 200_000,
    };
  }
  if (!filtered && roots.some((r) => r === '.' || r === './' || r === '..')) {
    return {
      kind: 'find-tree',
      why: 'lists every file in the tree',
      call: sandbox(ctx, `${ctx.text} -not -path "*/node_modules/*" -not -path "*/.git/*" | head -100`),
      bytes: 100_000,
    };
  }
  return undefined;
};

const lsRecursive = flagRule({
  needs: [{ short: 'R', long: ['--recursive'] }],
  kind: 'recursive-listing',
  why: 'lists every file of the tree recursively',
  instead: () => 'find . -maxdepth 2 -not -path "*/node_modules/*" | head -200',
  bytes: 100_000,
});

/** `ls -R`, and listings of system directories that hold thousands of entries (`ls /usr/bin`). */
export const lsRecursiveOrCrowdedDir: Rule = (args, ctx) => {
  const flood = lsRecursive(args, ctx);
  if (flood) return flood;
  const dirs = positionals(args);
  if (dirs.some((d) => CROWDED_SYSTEM_DIR.test(d))) {
    return {
      kind: 'recursive-listing',
      why: `lists thousands of entries in ${dirs.join(' ')}`,
      call: sandbox(ctx, `${ctx.text} | head -100`),
      bytes: 100_000,
    };
  }
  return undefined;
};

/** `tree` deeper than a few levels (or with no `-L`), unless it filters by pattern or writes to a file. */
export const deepTree: Rule = (args, ctx) => {
  const level = Number(optValue(args, ['-L'], ['--level']));
  if (Number.isFinite(level) && level <= SHALLOW_TREE_LEVEL) return undefined;
  if (hasLong(args, '--help', '--version') || hasShort(args, 'P', 'LPIo') || hasShort(args, 'o', 'LPIo'))
    return undefined;
  return {
    kind: 'recursive-listing',
    why: 'draws every file of the tree',
    call: sandbox(ctx, `tree -L 2 ${positionals(args, ['-L', '-I', '-P', '-o']).join(' ')}`.trim()),
    bytes: 100_000,
  };
};

/** `du -a`, or `du` over a huge tree, without `-s` or a depth: a line per file or directory. */
export const duEveryEntry: Rule = (args, ctx) => {
  if (flagsPresent(args, { short: 's', shortTakesValue: 'dB', long: ['--summarize', '--max-depth'] })) return undefined;
  if (hasShort(args, 'd', '')) return undefined;
  const paths = positionals(args, ['-d', '-B', '--exclude']);
  if (paths.some((p) => p.includes('*'))) return undefined;
  const all = hasShort(args, 'a', '');
  if (!all && !hasLong(args, '--all') && !paths.every((p) => isHugeTree(p))) return undefined;
  return {
    kind: 'recursive-listing',
    why: paths.length === 0 && !all ? 'prints a line for every directory' : 'prints a line for every file or directory',
    call: sandbox(ctx, DU_SUMMARY),
    bytes: 50_000,
  };
};

/** `locate pattern` without a count or limit: every matching path on the machine. */
export const locateEveryMatch: Rule = (args, ctx) => {
  if (
    hasShort(args, 'c', 'ldn') ||
    hasShort(args, 'l', 'dn') ||
    hasShort(args, 'n', 'dl') ||
    hasLong(args, '--count', '--limit', '--help', '--version', '--statistics')
  )
    return undefined;
  return positionals(args, ['-d', '--database']).length
    ? {
        kind: 'find-tree',
        why: 'prints every matching path on the machine',
        call: sandbox(ctx, `${ctx.text} | head -100`),
        bytes: 100_000,
      }
    : undefined;
};

/** grep's short options that take a value. */
const GREP_SHORT_WITH_VALUE = 'efmABCdD';
const GREP_OPTIONS_WITH_VALUE = [
  '-e',
  '-f',
  '-m',
  '-A',
  '-B',
  '-C',
  '-d',
  '-D',
  '--include',
  '--exclude',
  '--exclude-dir',
];
/** Options that make grep print file names, a count, nothing, or at most N matches. */
const GREP_BOUNDS = ['--files-with-matches', '--files-without-match', '--count', '--quiet', '--max-count'];

/** `grep -r pattern .` (no --include) or over a huge tree: every matching line of every file. */
export const recursiveGrepOverBigTree: Rule = (args, ctx) => {
  const recursive = flagsPresent(args, {
    short: 'rR',
    shortTakesValue: GREP_SHORT_WITH_VALUE,
    long: ['--recursive', '--dereference-recursive'],
  });
  if (!recursive) return undefined;
  if (flagsPresent(args, { short: 'lLcqm', shortTakesValue: GREP_SHORT_WITH_VALUE })) return undefined;
  if (hasLong(args, ...GREP_BOUNDS)) return undefined;
  const pos = positionals(args, GREP_OPTIONS_WITH_VALUE);
  const hasPatternOpt = args.includes('-e') || args.includes('-f');
  const paths = hasPatternOpt ? pos : pos.slice(1);
  const scoped = hasLong(args, '--include', '--exclude-dir');
  const targets = paths.length ? paths : ['.'];
  if (targets.some(isHugeTree) || (!scoped && targets.some((t) => t === '.' || t === './'))) {
    return {
      kind: 'recursive-search',
      why: `searches every file under ${targets.join(' ')} and prints every match`,
      call: sandbox(ctx, undefined, 'the matches you need'),
      bytes: 100_000,
    };
  }
  return undefined;
};

const RG_SHORT_WITH_VALUE = 'efmABCgtTMj';
const RG_OPTIONS_WITH_VALUE = [
  '-e',
  '-f',
  '-m',
  '-A',
  '-B',
  '-C',
  '-g',
  '-t',
  '-T',
  '-M',
  '-j',
  '--glob',
  '--type',
  '--type-not',
  '--max-columns',
];
const RG_BOUNDS = [
  '--files-with-matches',
  '--count',
  '--quiet',
  '--max-count',
  '--files',
  '--type-list',
  '--version',
  '--help',
];

/**
 * `rg` / `ag` / `ack` over a huge tree, or unrestricted (`-uu`, `--no-ignore`) over the project: these skip
 * ignored files by default, so only then do they read dependency and build folders.
 */
export const ripgrepOverBigTree: Rule = (args, ctx) => {
  if (flagsPresent(args, { short: 'lcqm', shortTakesValue: RG_SHORT_WITH_VALUE })) return undefined;
  if (hasLong(args, ...RG_BOUNDS)) return undefined;
  const pos = positionals(args, RG_OPTIONS_WITH_VALUE);
  const paths = args.includes('-e') ? pos : pos.slice(1);
  const unrestricted = hasLong(args, '--no-ignore', '--unrestricted') || args.some((a) => /^-u+$/.test(a));
  if (paths.some(isHugeTree) || (unrestricted && (paths.length === 0 || paths.some((p) => p === '.')))) {
    return {
      kind: 'recursive-search',
      why: 'searches a very large tree and prints every match',
      call: sandbox(ctx, undefined, 'the matches you need'),
      bytes: 100_000,
    };
  }
  return undefined;
};
