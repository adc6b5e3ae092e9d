/**
 * What a project's package manager or build tool prints in full: the whole dependency tree (`npm ls --all`,
 * `cargo tree`, `go mod graph`), every installed package (`dpkg -l`, `rpm -qa`), every file of a package, and
 * the build log of Gradle, Maven or sbt.
 */
import { hasLong, hasShort, optValue, positionals, sandbox, type Rule } from '../flood-rule-helpers.js';
import { flagRule } from './flag-rule.js';

/** What every dependency-tree rule reports. */
const DEPENDENCY_TREE = {
  kind: 'dependency-tree',
  why: 'prints the whole dependency tree',
  intent: 'the packages you are looking for',
  bytes: 80_000,
} as const;

const dependencyTree: Rule = (_args, ctx) => ({
  kind: DEPENDENCY_TREE.kind,
  why: DEPENDENCY_TREE.why,
  call: sandbox(ctx, undefined, DEPENDENCY_TREE.intent),
  bytes: DEPENDENCY_TREE.bytes,
});

/** `npm ls --all`, `npm ll`, `npm ls --depth=Infinity` with no package named. */
export const npmWholeTree: Rule = (args, ctx) => {
  const sub = args[0];
  if (sub !== 'ls' && sub !== 'list' && sub !== 'la' && sub !== 'll') return undefined;
  const depth = optValue(args, [], ['--depth']);
  const deep =
    hasLong(args, '--all', '--long') ||
    hasShort(args, 'a', '') ||
    sub === 'la' ||
    sub === 'll' ||
    (depth !== undefined && (depth === 'Infinity' || Number(depth) > 1));
  const pkgs = positionals(args.slice(1), ['--depth']);
  return deep && pkgs.length === 0 ? dependencyTree(args, ctx) : undefined;
};

/** `yarn list` without `--depth=0|1` or `--pattern`. */
export const yarnWholeTree: Rule = (args, ctx) => {
  if (args[0] !== 'list' && args[0] !== 'ls') return undefined;
  const depth = optValue(args, [], ['--depth']);
  if ((depth !== undefined && Number(depth) <= 1) || hasLong(args, '--pattern')) return undefined;
  return dependencyTree(args, ctx);
};

/** `cargo tree` without a depth, a package, duplicates-only or an inverted query. */
export const cargoWholeTree = flagRule({
  subcommands: [['tree']],
  boundedBy: { long: ['--depth', '--duplicates', '--invert', '--package'], short: 'dip' },
  ...DEPENDENCY_TREE,
});

/** `composer show --tree`. */
export const composerWholeTree = flagRule({
  subcommands: [['show']],
  needs: [{ exact: ['-t', '--tree'] }],
  ...DEPENDENCY_TREE,
});

/** `go mod graph`, `go list -m all`: every module of the build. */
export const goModuleGraph: Rule = (args, ctx) => {
  if ((args[0] === 'mod' && args[1] === 'graph') || (args[0] === 'list' && args.includes('-m') && args.includes('all')))
    return dependencyTree(args, ctx);
  return undefined;
};

/** `dpkg -l`, `rpm -qa`, `apt list` with no package named: every installed package. */
export const everyInstalledPackage: Rule = (args, ctx) => {
  const text = ctx.text;
  if (/\bdpkg\s+(-l|--list)\b|\brpm\s+-qa\b|\bapt\s+list\b/.test(text) && !/\bapt\s+list\s+--upgradable\b/.test(text)) {
    const pkgs = positionals(args.slice(1)).filter((p) => p !== 'list');
    if (pkgs.length === 0)
      return {
        kind: 'package-list',
        why: 'prints every installed package',
        call: sandbox(ctx, undefined, 'the packages you are looking for'),
        bytes: 150_000,
      };
  }
  return undefined;
};

/** `pip show -f pkg`: every file the package installed. */
export const pipFilesOfPackage = flagRule({
  subcommands: [['show']],
  needs: [{ exact: ['-f', '--files'] }],
  kind: 'package-list',
  why: 'lists every file of the package',
  instead: (text) => `${text} | head -60`,
  bytes: 60_000,
});

/** A Gradle/Maven/sbt build (or its dependency report) unless quiet or asking for its version or help. */
export const buildLog: Rule = (args, ctx) => {
  if (
    hasLong(args, '--version', '--help', '--quiet') ||
    hasShort(args, 'q', '') ||
    args.includes('-v') ||
    args.includes('-version') ||
    args.includes('help') ||
    args.length === 0
  )
    return undefined;
  const tree = args.some((a) => /dependency:tree|dependencies$|dependencyInsight/.test(a));
  return {
    kind: tree ? 'dependency-tree' : 'build-log',
    why: tree ? 'prints the whole dependency tree' : 'prints a long build log',
    call: sandbox(ctx, `${ctx.text} 2>&1 | tail -30`),
    bytes: 50_000,
  };
};
